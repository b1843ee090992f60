import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { createMigratedTestDatabase, freePort, type MigratedTestDatabase, waitUntil } from '#folio/testing';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { PrismaClient } from './generated/prisma/client.js';

/** The error a query through Prisma and a fresh pool on `url` ends with. */
async function errorOf(url: string, work: (prisma: PrismaClient) => Promise<unknown>, pool = {}) {
  const pgPool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 1_000, ...pool });
  pgPool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pgPool) });
  try {
    await work(prisma);
    throw new Error('expected the query to fail');
  } catch (error) {
    return error;
  } finally {
    await prisma.$disconnect();
    await pgPool.end();
  }
}

describe(isDatabaseUnavailable.name, () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('recognises a server that refuses connections, for model queries and raw ones', async () => {
    const closed = `postgres://postgres@127.0.0.1:${await freePort()}/folio`;
    expect(isDatabaseUnavailable(await errorOf(closed, (prisma) => prisma.user.count()))).toBe(true);
    expect(isDatabaseUnavailable(await errorOf(closed, (prisma) => prisma.$queryRaw`SELECT 1`))).toBe(true);
  });

  it('does not take a wrong query or a broken constraint for an outage', async () => {
    const { prisma } = database;
    const syntax = await prisma.$queryRawUnsafe('SELEC 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    const user = { email: 'twice@example.test', name: 'Twice', passwordHash: 'x' };
    await prisma.user.create({ data: user });
    const duplicate = await prisma.user.create({ data: user }).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  (process.env.DATABASE_URL ? describe : describe.skip)('on PostgreSQL', () => {
    const url = () => (database.config.database as { url: string }).url;

    it('recognises a pool with no connection free in time', async () => {
      const pool = new pg.Pool({ connectionString: url(), max: 1, connectionTimeoutMillis: 200 });
      const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
      const held = await pool.connect();
      try {
        const error = await prisma.user.count().catch((failure: unknown) => failure);
        expect(isDatabaseUnavailable(error)).toBe(true);
      } finally {
        held.release();
        await prisma.$disconnect();
        await pool.end();
      }
    });

    it('recognises a database that does not exist, and a backend terminated mid-query', async () => {
      const missing = new URL(url());
      missing.pathname = '/folio_no_such_database';
      expect(isDatabaseUnavailable(await errorOf(missing.toString(), (prisma) => prisma.user.count()))).toBe(
        true,
      );
      const terminated = await errorOf(url(), async (prisma) => {
        // Started now: a Prisma query runs when awaited.
        const sleeping = Promise.resolve(prisma.$queryRawUnsafe('SELECT pg_sleep(5)'));
        sleeping.catch(() => {});
        const terminate = `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'SELECT pg_sleep(5)' AND pid <> pg_backend_pid()`;
        await waitUntil('the sleeping query to be terminated', async () => {
          const [{ count }] = await database.prisma.$queryRawUnsafe<{ count: bigint }[]>(
            `SELECT count(*) FROM (${terminate}) AS terminated`,
          );
          return count > 0n;
        });
        await sleeping;
      });
      expect(isDatabaseUnavailable(terminated)).toBe(true);
    });
  });
});
