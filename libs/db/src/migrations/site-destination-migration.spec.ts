// The migration that renamed the site destination kind from `hosting` to `site`, applied to a database
// that holds rows written before it: the publication keeps its row, and recorded details follow the name.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '#folio/testing';
import { PrismaClient } from '../generated/prisma/client.js';
import { type DatabaseHandle } from '../database-adapter.js';
import { defaultMigrationPaths, migrateDatabase } from './migrator.js';

const renaming = '20261127090000_site_destination';

describe(renaming, () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let before: string;
  let prisma: PrismaClient;

  beforeAll(async () => {
    database = await createTestDatabase({}, { empty: true });
    handle = await database.open();
    // The committed migrations up to the one before the renaming.
    before = await mkdtemp(join(tmpdir(), 'folio-migrations-'));
    const { migrationsDir } = defaultMigrationPaths;
    for (const entry of await readdir(migrationsDir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name < renaming) {
        await cp(join(migrationsDir, entry.name), join(before, entry.name), { recursive: true });
      }
    }
    await migrateDatabase(handle, { ...defaultMigrationPaths, migrationsDir: before });
    prisma = new PrismaClient({ adapter: handle.adapter });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await handle?.release();
    await database?.drop();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it('renames the kind and rewrites the publish events and a publish outcome waiting in a session', async () => {
    await prisma.$executeRaw`
      INSERT INTO "AuditEvent" (id, action, "targetType", "targetId", data) VALUES
        (gen_random_uuid(), 'project.published', 'project', 'pSite0000001', '{"destination":"hosting","version":1,"slug":"s"}'),
        (gen_random_uuid(), 'project.published', 'project', 'pEmbed000001', '{"destination":"embed","version":2}'),
        (gen_random_uuid(), 'template.created', 'template', 'tHosting0001', '{"destination":"hosting"}')`;
    const [user] = await prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO "User" (id, email, name, "passwordHash") VALUES (gen_random_uuid(), 'pat@example.com', 'Pat', 'x') RETURNING id`;
    const flash = { to: '/editor/pSite0000001', data: { published: { destination: 'hosting', version: 1 } } };
    await prisma.$executeRaw`
      INSERT INTO "Session" (id, "tokenHash", "userId", "expiresAt", flash)
      VALUES (gen_random_uuid(), 'h', ${user.id}::uuid, now() + interval '1 day', ${JSON.stringify(flash)}::jsonb)`;
    const kinds = () =>
      prisma.$queryRaw<{ kind: string }[]>`SELECT unnest(enum_range(NULL::"DestinationKind"))::text AS kind`;
    expect((await kinds()).map((row) => row.kind)).toEqual(['hosting', 'embed', 'webhook']);

    // The renaming first, then any migration committed after it.
    expect((await migrateDatabase(handle))[0]).toBe(renaming);

    expect((await kinds()).map((row) => row.kind)).toEqual(['site', 'embed', 'webhook']);
    const events = await prisma.$queryRaw<{ targetId: string; data: unknown }[]>`
      SELECT "targetId", data FROM "AuditEvent" ORDER BY "targetId"`;
    expect(events).toEqual([
      { targetId: 'pEmbed000001', data: { destination: 'embed', version: 2 } },
      { targetId: 'pSite0000001', data: { destination: 'site', version: 1, slug: 's' } },
      // Only publish events name a destination: another event's detail of that name is not one.
      { targetId: 'tHosting0001', data: { destination: 'hosting' } },
    ]);
    const [session] = await prisma.$queryRaw<{ flash: unknown }[]>`SELECT flash FROM "Session"`;
    expect(session.flash).toEqual({
      to: '/editor/pSite0000001',
      data: { published: { destination: 'site', version: 1 } },
    });
  });
});
