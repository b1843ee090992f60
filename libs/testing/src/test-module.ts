import { type ModuleMetadata } from '@nestjs/common';
import { type TestingModule } from '@nestjs/testing';
import { type PrismaClient } from '#folio/db';
import { compileWithDatabase } from './demo-actors.js';
import { createMigratedTestDatabase, type MigratedTestDatabase } from './test-database.js';
import { type Services } from './factories.js';

/** Lib modules compiled on a fresh migrated database of their own; a `Services` for the factories. */
export interface TestModule extends Services {
  db: MigratedTestDatabase;
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
    prisma: db.prisma,
    module,
    get: (token) => module.get(token),
    close: async () => {
      await module.close();
      await db.dispose();
    },
  };
}
