import { Global, Module, type ModuleMetadata } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { JobsModule } from '#folio/jobs';
import { ConfigModule } from '#folio/config';
import { type PrismaClient, PrismaService } from '#folio/db';
import { type Actor, ActorRepository } from '#folio/identity';
import { demoUsers } from '#folio/seed';
import { StorageModule } from '#folio/storage';
import { type MigratedTestDatabase } from './test-database.js';

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

/** A Nest testing module of lib modules on the test database, its config, blob storage and a job producer. */
export async function compileWithDatabase(
  db: MigratedTestDatabase,
  imports: NonNullable<ModuleMetadata['imports']>,
  config = db.config,
): Promise<TestingModule> {
  @Global()
  @Module({ providers: [{ provide: PrismaService, useValue: db.prisma }], exports: [PrismaService] })
  class TestDbModule {}
  return Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      TestDbModule,
      StorageModule,
      JobsModule.forRoot(config, 'producer'),
      ...imports,
    ],
  }).compile();
}
