// Test data made the way the product makes it: through the domain services of a running app, so a spec's
// users, keys and projects obey the same rules (and write the same audit events) as real ones.
import { type Abstract, type Type } from '@nestjs/common';
import {
  type Actor,
  ActorRepository,
  ApiKeyService,
  type CreatedApiKey,
  type Scope,
  SessionService,
  UserService,
} from '#folio/identity';
import { type CreatedProject, type NewProjectRequest, ProjectCreator } from '#folio/projects';
import { type TestApp } from './test-app.js';
import { createTestLibrary } from './test-library.js';

/** What the factories need of an app: its providers (a started TestApp, or any Nest app or context). */
export interface Services {
  get<T>(token: Type<T> | Abstract<T>): T;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  /** Their personal account, of which they are the owner. */
  account: { id: string; key: string; name: string };
  /** The user as the access policy sees them, for calling services. */
  actor: Actor;
  /** `folio_session=…` of a fresh login session, for requests made as them. */
  cookie: string;
}

let made = 0;

/** A person signed up with their personal account, and logged in. */
export async function newUser(
  app: Services,
  fields: { email?: string; name?: string; password?: string } = {},
): Promise<TestUser> {
  const n = ++made;
  const password = fields.password ?? 'a test password';
  const user = await app.get(UserService).signUp({
    email: fields.email ?? `person.${n}.${process.pid}@example.test`,
    name: fields.name ?? `Person ${n}`,
    password,
  });
  const [account] = (await app.get(UserService).overview(user.id)).accounts;
  return {
    ...user,
    password,
    account: { id: account.id, key: account.key, name: account.name },
    actor: await app.get(ActorRepository).load(user.id),
    cookie: await sessionCookie(app, user.id),
  };
}

/** `folio_session=…` of a fresh login session of this user (e.g. a seeded one). */
export async function sessionCookie(app: Services, userId: string): Promise<string> {
  return `folio_session=${(await app.get(SessionService).start(userId)).token}`;
}

/** An account with an owner of its own (signing up is how accounts come to be): the account and its owner. */
export async function newAccount(
  app: Services,
  owner: Parameters<typeof newUser>[1] = {},
): Promise<TestUser['account'] & { owner: TestUser }> {
  const user = await newUser(app, owner);
  return { ...user.account, owner: user };
}

/** A project of `owner`'s (in their personal account unless `request.accountKey` says otherwise). */
export function newProject(
  app: Services,
  owner: Pick<TestUser, 'actor'>,
  request: Partial<NewProjectRequest> = {},
): Promise<CreatedProject> {
  return app.get(ProjectCreator).createProject(owner.actor, { title: `Project ${++made}`, ...request });
}

/** A manual API key of `owner`'s, as the profile page makes it; `text` is the secret to send. */
export function newApiKey(
  app: Services,
  owner: Pick<TestUser, 'actor'>,
  key: { scopes: Scope[]; name?: string; accountId?: string | null },
): Promise<CreatedApiKey> {
  return app.get(ApiKeyService).create(owner.actor, { name: 'test', ...key });
}

/**
 * A section library of three starter sections, public unless `ownerAccountId` is given. No service creates
 * libraries yet (the seed and operators do), so this one writes its rows itself.
 */
export function newLibrary(
  app: Pick<TestApp, 'prisma'>,
  library: { title?: string; description?: string; ownerAccountId?: string; aiEnabled?: boolean } = {},
) {
  return createTestLibrary(app.prisma, { title: `Library ${++made}`, ...library });
}
