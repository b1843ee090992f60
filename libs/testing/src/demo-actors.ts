import { type PrismaClient } from '#folio/db';
import { type Actor, ActorRepository } from '#folio/identity';
import { demoUsers } from '#folio/seed';
import { newUser, type Services } from './factories.js';

export interface DemoActors {
  owner: Actor;
  viewer: Actor;
  /** The owner of an account of their own, with no role in the demo accounts. */
  stranger: Actor;
}

/**
 * The seeded demo owner and viewer as the access policy sees them, and a stranger who signed up for the test
 * (`app`: a module or app with IdentityModule, on the demo's database).
 */
export async function demoActors(app: Services & { prisma: PrismaClient }): Promise<DemoActors> {
  const actors = app.get(ActorRepository);
  const load = async (email: string) =>
    actors.load((await app.prisma.user.findUniqueOrThrow({ where: { email } })).id);
  return {
    owner: await load(demoUsers.owner.email),
    viewer: await load(demoUsers.viewer.email),
    stranger: (await newUser(app, { name: 'Oscar Outsider' })).actor,
  };
}
