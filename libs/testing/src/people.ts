// People as specs need them beyond sign-up: operators, the demo's seeded owner and viewer, and anyone's
// actor once their roles have changed.
import { type AppConfig } from '#folio/config';
import { PrismaService } from '#folio/db';
import { type Actor, ActorService } from '#folio/identity';
import { demoUsers } from '#folio/seed';
import { newUser, type Services, sessionCookie, type TestUser } from './factories.js';

/**
 * An operator: a person signed up with their personal account, logged in, whose email the app's
 * ADMIN_EMAILS names (the first one unless `email` says which).
 */
export async function newOperator(
  app: Services & { config: Pick<AppConfig, 'adminEmails'> },
  fields: { email?: string; name?: string } = {},
): Promise<TestUser> {
  const { email = app.config.adminEmails[0], name = 'Opal Operator' } = fields;
  if (!email || !app.config.adminEmails.includes(email))
    throw new Error(`An operator's email must be in ADMIN_EMAILS (${app.config.adminEmails.join(', ')}).`);
  const person = await newUser(app, { name });
  // Sign-up refuses the addresses ADMIN_EMAILS names (they are never free to claim); a real operator signs
  // up first and is named afterwards, so this one takes the address once signed up.
  await app.get(PrismaService).user.update({ where: { id: person.id }, data: { email } });
  return { ...person, email, ...(await actorNow(app, person)) };
}

/** The seeded demo's owner or viewer (with `demo: true`), logged in, as the factories take a person. */
export async function demoPerson(
  app: Services,
  who: keyof typeof demoUsers,
): Promise<Pick<TestUser, 'id' | 'email' | 'name' | 'actor' | 'cookie'>> {
  const { email, name } = demoUsers[who];
  const id = await demoUserId(app, who);
  return { id, email, name, ...(await actorNow(app, { id })), cookie: await sessionCookie(app, id) };
}

/** The id of the seeded demo's owner or viewer. */
export async function demoUserId(app: Services, who: keyof typeof demoUsers): Promise<string> {
  const { email } = demoUsers[who];
  return (await app.get(PrismaService).user.findUniqueOrThrow({ where: { email } })).id;
}

/**
 * The person as the rules see them now, e.g. once `newOrganization` has made them a member (the actor
 * `newUser` returned knows only their personal account).
 */
export async function actorNow(app: Services, person: { id: string }): Promise<{ actor: Actor }> {
  return { actor: await app.get(ActorService).load(person.id) };
}
