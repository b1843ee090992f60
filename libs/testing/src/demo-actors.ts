import { type PrismaClient, PrismaService } from '#folio/db';
import { type Actor, ActorRepository } from '#folio/identity';
import { demoUsers } from '#folio/seed';

export interface DemoActors {
  owner: Actor;
  viewer: Actor;
  /** The owner of an account of their own, with no role in the demo accounts. */
  stranger: Actor;
}

/** The seeded demo owner and viewer as the access policy sees them, and a stranger made for the test. */
export async function demoActors(prisma: PrismaClient): Promise<DemoActors> {
  const actors = new ActorRepository(prisma as unknown as PrismaService);
  const load = async (email: string) =>
    actors.load((await prisma.user.findUniqueOrThrow({ where: { email } })).id);
  const outsider = await prisma.user.create({
    data: {
      email: 'outsider@example.com',
      name: 'Oscar Outsider',
      passwordHash: 'x',
      memberships: {
        create: {
          role: 'owner',
          account: { create: { key: 'acOutsider01', name: 'Outside', kind: 'personal' } },
        },
      },
    },
  });
  return {
    owner: await load(demoUsers.owner.email),
    viewer: await load(demoUsers.viewer.email),
    stranger: await actors.load(outsider.id),
  };
}
