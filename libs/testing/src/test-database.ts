import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig, loadConfig } from '#folio/config';
import { type DatabaseHandle, openDatabase, PrismaClient } from '#folio/db';
import { copyMigratedPGlite, createMigratedPostgresDatabase } from './migrated-template.js';
import { withAdminClient } from './pg-admin.js';

export interface TestDatabase {
  /** Config for an app on this database (PGlite dir, or a fresh PostgreSQL database). */
  config: AppConfig;
  /** Opens a handle; the embedded database allows several handles in one process. */
  open(): Promise<DatabaseHandle>;
  /** Drops the database and removes the data directory. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** No tables at all, for tests of the migrator itself; by default every migration is applied. */
  empty?: boolean;
}

/**
 * A fresh database for one test file, with every migration applied: PostgreSQL when DATABASE_URL is set
 * (a new database on that server, dropped afterwards), otherwise PGlite in a temporary directory. Both
 * start as copies of one migrated template, so a file pays neither initdb nor the migrations.
 */
export async function createTestDatabase(
  env: Record<string, string | undefined> = {},
  { empty = false }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-test-'));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `folio_test_${randomBytes(6).toString('hex')}`;
    if (empty) await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    else await createMigratedPostgresDatabase(serverUrl, name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    };
  }
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'warn',
      // Queues of one test file never meet another's on a shared Redis.
      JOBS_PREFIX: `folio-test-${randomBytes(6).toString('hex')}`,
      // The Chromium the run was started with (.ci/run proves the npm-shipped one this way), for the app too.
      CHROMIUM_PATH: process.env.CHROMIUM_PATH,
      ...env,
    },
    {
      seedDemo: false,
    },
  );
  if (!empty && config.database.kind === 'pglite') await copyMigratedPGlite(config.database.dataDir);
  return {
    config,
    open: () => openDatabase(config.database),
    drop: async () => {
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MigratedTestDatabase extends TestDatabase {
  prisma: PrismaClient;
  /** Disconnects, releases and drops. */
  dispose(): Promise<void>;
}

/** A fresh database with every migration applied and a Prisma client on it. */
export async function createMigratedTestDatabase(
  env: Record<string, string | undefined> = {},
): Promise<MigratedTestDatabase> {
  const database = await createTestDatabase(env);
  const handle = await database.open();
  const prisma = new PrismaClient({ adapter: handle.adapter });
  return {
    ...database,
    prisma,
    dispose: async () => {
      await prisma.$disconnect();
      await handle.release();
      await database.drop();
    },
  };
}
