import { Global, Module, type ModuleMetadata } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule } from '#folio/config';
import { type PrismaClient, PrismaService } from '#folio/db';
import { JobsModule } from '#folio/jobs';
import { StorageModule } from '#folio/storage';
import { createMigratedTestDatabase, type MigratedTestDatabase } from './test-database.js';
import { type Services } from './factories.js';

/** Lib modules compiled on a fresh migrated database of their own; a `Services` for the factories. */
export interface TestModule extends Services {
  db: MigratedTestDatabase;
  /** The configuration of its database (`env` applied). */
  config: MigratedTestDatabase['config'];
  prisma: PrismaClient;
  module: TestingModule;
  /** Closes the module and drops its database. */
  close(): Promise<void>;
}

/** A fresh migrated database (its config from `env`) and a testing module of `imports` on it. */
export async function startTestModule(
  imports: NonNullable<ModuleMetadata['imports']>,
  env: Record<string, string | undefined> = {},
): Promise<TestModule> {
  const db = await createMigratedTestDatabase(env);
  const module = await compileWithDatabase(db, imports).catch(async (error: unknown) => {
    await db.dispose();
    throw error;
  });
  return {
    db,
    config: db.config,
    prisma: db.prisma,
    module,
    get: (token) => module.get(token),
    close: async () => {
      await module.close();
      await db.dispose();
    },
  };
}

/**
 * A Nest testing module of lib modules on a database that is already there, its config, blob storage and a
 * job producer: for a second module on a `startTestModule`'s or an app's database (another config, another
 * client). Its caller closes it.
 */
export async function compileWithDatabase(
  db: Pick<MigratedTestDatabase, 'prisma' | 'config'>,
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
