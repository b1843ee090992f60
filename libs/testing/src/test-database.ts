import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type AppConfig, loadConfig } from '#folio/config';
import { migrateDatabase, type DatabaseHandle, openDatabase, PrismaClient } from '#folio/db';

export interface TestDatabase {
  /** Config for an app on this database (PGlite dir, or a fresh PostgreSQL database). */
  config: AppConfig;
  /** Opens a handle; the embedded database allows several handles in one process. */
  open(): Promise<DatabaseHandle>;
  /** Drops the database and removes the data directory. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: PostgreSQL when DATABASE_URL is set (a new database on
 * that server, dropped afterwards), otherwise PGlite in a temporary directory.
 */
export async function createTestDatabase(
  env: Record<string, string | undefined> = {},
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-test-'));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `folio_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () =>
      withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'warn',
      // Queues of one test file never meet another's on a shared Redis.
      JOBS_PREFIX: `folio-test-${randomBytes(6).toString('hex')}`,
      ...env,
    },
    {
      seedDemo: false,
    },
  );
  return {
    config,
    open: () => openDatabase(config.database),
    drop: async () => {
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
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
  await migrateDatabase(handle);
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
