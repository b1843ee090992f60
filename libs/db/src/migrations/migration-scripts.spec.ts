import { describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultMigrationPaths } from './migrator.js';

// The PostgreSQL driver adapter runs a migration script by splitting it at every semicolon
// (docs/runtime-notes.md, "Prisma 7 without native engines"): a semicolon inside a comment, a string, a
// quoted name or a function body cuts a statement in two, and the migration fails half applied.

type Place = 'a -- comment' | 'a /* comment */' | 'a string' | 'a quoted name' | 'a $$ body';

/** The comment, string, quoted name or dollar-quoted body that opens at the head of `rest`, if any. */
function quotedAt(rest: string): { open: number; close: string; inside: Place; escapes?: boolean } | null {
  if (rest.startsWith('--')) return { open: 2, close: '\n', inside: 'a -- comment' };
  if (rest.startsWith('/*')) return { open: 2, close: '*/', inside: 'a /* comment */' };
  if (/^[Ee]'/.test(rest)) return { open: 2, close: "'", inside: 'a string', escapes: true };
  if (rest.startsWith("'")) return { open: 1, close: "'", inside: 'a string' };
  if (rest.startsWith('"')) return { open: 1, close: '"', inside: 'a quoted name' };
  const dollar = /^\$(?:[A-Za-z_]\w*)?\$/.exec(rest);
  return dollar ? { open: dollar[0].length, close: dollar[0], inside: 'a $$ body' } : null;
}

/** Each semicolon of `sql` that does not end a statement: its line and what it is inside. */
function semicolonsInside(sql: string): { line: number; inside: Place }[] {
  const found: { line: number; inside: Place }[] = [];
  let line = 1;
  for (let i = 0; i < sql.length;) {
    const quoted = quotedAt(sql.slice(i));
    if (!quoted) {
      if (sql[i] === '\n') line++;
      i++;
      continue;
    }
    // A doubled quote ('it''s') closes the string and opens the next: the same reading.
    for (i += quoted.open; i < sql.length && !sql.startsWith(quoted.close, i); i++) {
      if (quoted.escapes && sql[i] === '\\') i++;
      else if (sql[i] === ';') found.push({ line, inside: quoted.inside });
      if (sql[i] === '\n') line++;
    }
    // A -- comment's end, the line break, is the statement's again.
    if (quoted.close !== '\n') i += quoted.close.length;
  }
  return found;
}

describe('migration scripts', () => {
  it.each<[string, string, ReturnType<typeof semicolonsInside>]>([
    ['statements only', 'CREATE TABLE "A" (id int);\nDROP TABLE "A";\n', []],
    ['a -- comment', '-- first; then\nSELECT 1;', [{ line: 1, inside: 'a -- comment' }]],
    ['a /* comment */', 'SELECT 1; /* a\nb; */', [{ line: 2, inside: 'a /* comment */' }]],
    [
      'a $$ body',
      'CREATE FUNCTION f() RETURNS void\nLANGUAGE sql AS $$\n  SELECT 1;\n$$;',
      [{ line: 3, inside: 'a $$ body' }],
    ],
    ['a $tag$ body', 'DO $body$ BEGIN PERFORM 1; END $body$;', [{ line: 1, inside: 'a $$ body' }]],
    ['a string', "SELECT 'a;b', 'it''s';", [{ line: 1, inside: 'a string' }]],
    ['an E string, its semicolons written \\073', "SELECT E'a\\073 b\\'s';", []],
    ['a quoted name', 'SELECT 1 AS "a;b";', [{ line: 1, inside: 'a quoted name' }]],
  ])('finds the semicolons in %s', (_, sql, expected) => {
    expect(semicolonsInside(sql)).toEqual(expected);
  });

  it('every committed migration.sql has a semicolon only where a statement ends', async () => {
    const { migrationsDir } = defaultMigrationPaths;
    const migrations = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(migrations.length).toBeGreaterThan(0);
    const misplaced = [];
    for (const name of migrations) {
      const sql = await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8');
      misplaced.push(...semicolonsInside(sql).map((place) => ({ migration: name, ...place })));
    }
    expect(misplaced).toEqual([]);
  });
});
