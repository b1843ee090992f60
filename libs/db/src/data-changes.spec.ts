import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createMigratedTestDatabase, type MigratedTestDatabase, waitUntil } from '#folio/testing';
import { DataChanges } from './data-changes.js';
import { type DatabaseHandle } from './database-adapter.js';
import { PrismaService } from './prisma.service.js';

// The generation kept MCP answers are sent at (apps/api/src/mcp/repeated-answers.ts): it must move with
// every committed write to what they are made of, by this process at once, by any other once announced.

/** Tables no kept answer is made of: written often, or read by no find_projects or export answer. */
const tablesNoKeptAnswerReads = [
  '_prisma_migrations',
  'Session',
  'OidcRecord',
  'IdempotencyRecord',
  'CreditEntry',
  'AiGeneration',
  'AuditEvent',
  'ProjectEdit',
  'DraftChange',
  'PublishIntent',
  'ShareImage',
  'Library',
  'LibrarySection',
];

describe(DataChanges.name, () => {
  let database: MigratedTestDatabase;
  let handle: DatabaseHandle;
  let changes: DataChanges;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    handle = await database.open();
    changes = new DataChanges(new PrismaService(handle));
  });
  afterAll(async () => {
    await changes?.onApplicationShutdown();
    await handle?.release();
    await database?.dispose();
  });

  it('has no generation until the channel is heard, then one', async () => {
    expect(changes.current()).toBeNull();
    changes.onApplicationBootstrap();
    await waitUntil('the data channel to be subscribed', async () => changes.current() !== null);
  });

  it('moves on as soon as this process commits a write, without waiting for its announcement', async () => {
    const before = changes.current();
    await database.prisma.user.create({
      data: { email: 'data-changes@example.test', name: 'Person', passwordHash: 'none' },
    });
    expect(changes.current()).not.toBe(before);
  });

  it('announces every table that kept answers are made of', async () => {
    const tables = await database.prisma.$queryRaw<{ name: string }[]>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
    const announced = await database.prisma.$queryRaw<{ name: string }[]>`
      SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname LIKE '%\\_data\\_changed'`;
    // A new table fails here until it is announced (a trigger in a migration) or listed above.
    expect(announced.map((t) => t.name).sort()).toEqual(
      tables
        .map((t) => t.name)
        .filter((name) => !tablesNoKeptAnswerReads.includes(name))
        .sort(),
    );
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    'moves on once another process’s write is announced, and hears nothing of a key’s last use',
    async () => {
      const heard: string[] = [];
      const listening = handle.listen('folio_data', {
        message: (table) => heard.push(table),
        subscribed: () => heard.push('(subscribed)'),
        lost: () => {},
      });
      // Another process: a connection of its own, none of this process's counted writes.
      const where = database.config.database;
      if (where.kind !== 'postgres') throw new Error('PostgreSQL only');
      const other = new pg.Client({ connectionString: where.url });
      await other.connect();
      try {
        await waitUntil('the spec to listen', async () => heard.includes('(subscribed)'));
        const { rows } = await other.query<{ id: string }>(
          `INSERT INTO "User" (id, email, name, "passwordHash") VALUES (gen_random_uuid(), 'other@example.test', 'Other', 'none') RETURNING id`,
        );
        await other.query(
          `INSERT INTO "ApiKey" (id, key, "userId", name, prefix, hash, scopes, source) VALUES (gen_random_uuid(), 'otherKey0001', $1, 'key', 'folio_sk_', 'other-hash', '{list:project}', 'manual')`,
          [rows[0].id],
        );
        await waitUntil('both inserts to be heard', async () => heard.includes('ApiKey'));
        const before = changes.current()!;
        heard.length = 0;
        await other.query(`UPDATE "ApiKey" SET "lastUsedAt" = now() WHERE key = 'otherKey0001'`);
        await other.query(`UPDATE "User" SET name = 'Renamed' WHERE id = $1`, [rows[0].id]);
        // Announcements arrive in commit order: once the rename is heard, the key's use would have been.
        await waitUntil('the rename to be heard', async () => heard.includes('User'));
        expect(heard).toEqual(['User']);
        await waitUntil('the generation to move on', async () => changes.current()! > before);
      } finally {
        await other.end();
        await listening.close();
      }
    },
  );
});
