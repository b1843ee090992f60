// Test data made the way the product makes it: through the domain services of a running app, so a spec's
// users, keys and projects obey the same rules (and write the same audit events) as real ones.
import { type Abstract, type Type } from '@nestjs/common';
import { type Declarations, type Element, newPublicKey } from '#folio/content';
import { PrismaService } from '#folio/db';
import {
  type Actor,
  ApiKeyService,
  type CreatedApiKey,
  type Scope,
  SessionService,
  UserService,
} from '#folio/identity';
import { LibraryAnalysisService } from '#folio/libraries';
import {
  countOf,
  type CreatedProject,
  draftAuthor,
  type NewProjectRequest,
  type NewSection,
  ProjectCreator,
  ProjectWriter,
} from '#folio/projects';
import { TemplateCatalog, type TemplateSummary } from '#folio/templates';
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
  const actor = await app.get(UserService).signUp({
    email: fields.email ?? `person.${n}.${process.pid}@example.test`,
    name: fields.name ?? `Person ${n}`,
    password,
  });
  const [account] = (await app.get(UserService).overview(actor.userId)).accounts;
  return {
    id: actor.userId,
    email: actor.email,
    name: actor.name,
    password,
    account: { id: account.id, key: account.key, name: account.name },
    actor,
    cookie: await sessionCookie(app, actor.userId),
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

/** A section of a fixture page: a frame holding one heading, `text` (its title unless given). */
export interface TestSection {
  title: string;
  text?: string;
  /** Template `_type` or library role; `content` unless given. */
  type?: string;
  /** The heading's CSS declarations per breakpoint (`desktop`, `tablet`, `mobile`); none unless given. */
  headingStyles?: Record<string, Declarations>;
  /** More elements of the section, after the heading (keys made when left out). */
  elements?: (Omit<Element, 'key'> & { key?: string })[];
}

/** A fixture page; the first one given fills the project's home page. */
export interface TestPage {
  /** Of a page after the first ("Untitled" unless given); the home page keeps its title, Home. */
  title?: string;
  sections: TestSection[];
}

export interface TestProject extends CreatedProject {
  /**
   * In order, the home page first, each with the keys of its sections and of their headings (the text
   * elements a template field can bind), in section order.
   */
  pages: { pageId: string; pageKey: string; sectionKeys: string[]; headingKeys: string[] }[];
}

/**
 * A project of `owner`'s (in their personal account unless `request.accountKey` says otherwise), with the
 * pages and sections given: made by ProjectCreator, its sections written by ProjectWriter.
 */
export async function newProject(
  app: Services,
  owner: Pick<TestUser, 'actor'>,
  request: Partial<NewProjectRequest> & { pages?: TestPage[] } = {},
): Promise<TestProject> {
  const { pages = [], ...fields } = request;
  const creator = app.get(ProjectCreator);
  const project = await creator.createProject(owner.actor, { title: `Project ${++made}`, ...fields });
  const filled: TestProject['pages'] = [];
  for (const [index, page] of (pages.length ? pages : [{ sections: [] }]).entries()) {
    const { pageId, pageKey } =
      index === 0
        ? { pageId: project.homePageId, pageKey: project.homePageKey }
        : await creator.createPage(owner.actor, project.projectKey, { title: page.title });
    const sections = page.sections.map(testSection);
    if (sections.length) {
      await app.get(PrismaService).$transaction((tx) =>
        app.get(ProjectWriter).appendSections(tx, project.projectId, pageId, sections, {
          author: draftAuthor(owner.actor),
          summary: `added ${countOf(sections.length, 'section')}`,
        }),
      );
    }
    filled.push({
      pageId,
      pageKey,
      sectionKeys: sections.map((section) => section.key),
      headingKeys: sections.map((section) => section.tree.children![0].key),
    });
  }
  return { ...project, pages: filled };
}

function testSection(section: TestSection): NewSection {
  const heading: Element = {
    key: newPublicKey(),
    type: 'text',
    tag: 'h2',
    text: section.text ?? section.title,
  };
  return {
    key: newPublicKey(),
    title: section.title,
    type: section.type ?? 'content',
    tree: {
      key: newPublicKey(),
      type: 'frame',
      tag: 'section',
      name: section.title,
      children: [heading, ...(section.elements ?? []).map(withKeys)],
    },
    styles: Object.fromEntries(
      Object.entries(section.headingStyles ?? {}).map(([breakpoint, declarations]) => [
        breakpoint,
        { [heading.key]: declarations },
      ]),
    ),
    interactions: [],
  };
}

function withKeys({ key, children, ...element }: Omit<Element, 'key'> & { key?: string }): Element {
  return {
    key: key ?? newPublicKey(),
    ...element,
    ...(children ? { children: children.map(withKeys) } : {}),
  };
}

/**
 * A published template in `owner`'s personal account, made as its owner makes one from a project: one
 * section type, `hero`, whose required text field `title` fills the prototype's heading.
 */
export async function newTemplate(
  app: Services,
  owner: Pick<TestUser, 'actor'>,
  template: { title?: string } = {},
): Promise<TemplateSummary> {
  const title = template.title ?? `Template ${++made}`;
  const project = await newProject(app, owner, {
    title: `${title} prototypes`,
    pages: [{ sections: [{ title: 'Hero', type: 'hero' }] }],
  });
  const [{ sectionKeys, headingKeys }] = project.pages;
  return app.get(TemplateCatalog).createFromProject(owner.actor, {
    projectKey: project.projectKey,
    title,
    sectionTypes: [
      {
        sectionKey: sectionKeys[0],
        type: 'hero',
        fields: [{ name: 'title', kind: 'text', required: true, elementKey: headingKeys[0], target: 'text' }],
      },
    ],
  });
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
  library: {
    title?: string;
    description?: string;
    ownerAccountId?: string;
    /** Limits the library to this team of its owner account. */
    teamId?: string;
    aiEnabled?: boolean;
  } = {},
) {
  return createTestLibrary(app.prisma, { title: `Library ${++made}`, ...library });
}

/** A public section library with AI on, analysed (as the library-analysis job does) so generation can use it. */
export async function newAiLibrary(
  app: Pick<TestApp, 'prisma' | 'get'>,
  library: { title?: string; description?: string; ownerAccountId?: string; teamId?: string } = {},
) {
  const created = await newLibrary(app, { ...library, aiEnabled: true });
  await app.get(LibraryAnalysisService).analyze(created.id);
  return created;
}
