import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '#folio/testing';
import { Prisma } from './generated/prisma/client.js';
import { keptPlan, preparedStatementName } from './prepared-statements.js';

describe(preparedStatementName.name, () => {
  it('names a statement that asks to be kept by its text, and leaves any other unnamed', () => {
    const kept = Prisma.sql`${keptPlan}SELECT 1`.sql;
    expect(preparedStatementName(kept)).toMatch(/^folio_[\w-]{24}$/);
    expect(preparedStatementName(kept)).toBe(preparedStatementName(kept));
    expect(preparedStatementName(`${kept} `)).not.toBe(preparedStatementName(kept));
    expect(preparedStatementName('SELECT 1')).toBeUndefined();
  });
});

(process.env.DATABASE_URL ? describe : describe.skip)('kept plans on PostgreSQL', () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('prepares a statement that asks for it once on its connection, and no other', async () => {
    const kept = Prisma.sql`${keptPlan}SELECT count(*) FROM "Project" WHERE title = ${'a'}`;
    const [before, afterPlain, afterKept] = await database.prisma.$transaction(async (tx) => {
      const prepared = async () =>
        (await tx.$queryRaw<{ name: string }[]>`SELECT name FROM pg_prepared_statements`).map(
          (row) => row.name,
        );
      const names = [await prepared()];
      for (let run = 0; run < 2; run++) await tx.$queryRaw`SELECT count(*) FROM "Project"`;
      names.push(await prepared());
      for (let run = 0; run < 2; run++) await tx.$queryRaw(kept);
      names.push(await prepared());
      return names;
    });
    expect(afterPlain).toEqual(before);
    // Named from the text the driver gets (its own placeholders), once for both runs.
    const added = afterKept.filter((name) => !before.includes(name));
    expect(added).toEqual([expect.stringMatching(/^folio_/)]);
  });
});
