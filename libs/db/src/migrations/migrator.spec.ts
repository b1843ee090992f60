import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir } from 'node:fs/promises';
import { createTestDatabase, type TestDatabase } from '#folio/testing';
import { PrismaClient } from '../generated/prisma/client.js';
import { type DatabaseHandle } from '../database-adapter.js';
import { defaultMigrationPaths, migrateDatabase, pendingSchemaChanges } from './migrator.js';

describe(migrateDatabase.name, () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let committed: string[];

  beforeAll(async () => {
    database = await createTestDatabase({}, { empty: true });
    handle = await database.open();
    committed = (await readdir(defaultMigrationPaths.migrationsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  });

  afterAll(async () => {
    await handle.release();
    await database.drop();
  });

  it('applies every committed migration to an empty database', async () => {
    expect(await migrateDatabase(handle)).toEqual(committed);
    const prisma = new PrismaClient({ adapter: handle.adapter });
    const tables = await prisma.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
    const searchIndex = await prisma.$queryRaw<{ indexdef: string }[]>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'Project' AND indexname = 'Project_search_idx'`;
    await prisma.$disconnect();
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'Project',
        'Page',
        'Section',
        'ApiKey',
        'OidcRecord',
        'CreditEntry',
        '_prisma_migrations',
      ]),
    );
    expect(searchIndex[0]?.indexdef).toMatch(/USING gin \(search\)/);
  });

  it('is a no-op when nothing is pending', async () => {
    expect(await migrateDatabase(handle)).toEqual([]);
  });

  it('leaves no lock behind: another process can migrate while this one keeps its connections', async () => {
    // A second handle stands for another replica starting on the same database.
    const other = await database.open();
    try {
      expect(await migrateDatabase(other)).toEqual([]);
    } finally {
      await other.release();
    }
  });
});

describe(pendingSchemaChanges.name, () => {
  it('finds no change between prisma/schema.prisma and the committed migrations', async () => {
    // Fails when the schema was edited without `npm run db:migration -- <name>`.
    expect(await pendingSchemaChanges()).toBe('');
  });
});
