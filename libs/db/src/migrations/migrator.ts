import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { type DatabaseHandle } from '../database-adapter.js';
import { openSchemaEngine } from './schema-engine.js';

/** Where the schema and the committed SQL migrations live (the repo root is the working directory). */
export interface MigrationPaths {
  schemaPath: string;
  migrationsDir: string;
}

export const defaultMigrationPaths: MigrationPaths = {
  schemaPath: resolve('prisma/schema.prisma'),
  migrationsDir: resolve('prisma/migrations'),
};

const filters = { externalTables: [], externalEnums: [] };

async function readMigrationList(migrationsDir: string) {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: {
          tag: 'ok' as const,
          value: await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8'),
        },
      },
    })),
  );
  const lockfile = await readFile(join(migrationsDir, 'migration_lock.toml'), 'utf8').catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: lockfile },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/** Applies the pending committed migrations; returns the names it applied (none when up to date). */
export async function applyMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  paths: MigrationPaths = defaultMigrationPaths,
): Promise<string[]> {
  const schema = await readFile(paths.schemaPath, 'utf8');
  const engine = await openSchemaEngine(paths.schemaPath, schema, adapterFactory);
  try {
    const migrationsList = await readMigrationList(paths.migrationsDir);
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters });
    return appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/** Applies the pending migrations over a connection of the handle's own, closed afterwards. */
export async function migrateDatabase(
  handle: Pick<DatabaseHandle, 'openMigrationConnection'>,
  paths: MigrationPaths = defaultMigrationPaths,
): Promise<string[]> {
  const connection = await handle.openMigrationConnection();
  try {
    return await applyMigrations(connection.adapter, paths);
  } finally {
    await connection.close();
  }
}

/**
 * SQL that takes a database with every committed migration to the current schema, computed on a
 * throwaway in-memory PGlite (the history is replayed on its shadow database). Empty when in sync.
 */
export async function pendingSchemaChanges(paths: MigrationPaths = defaultMigrationPaths): Promise<string> {
  const schema = await readFile(paths.schemaPath, 'utf8');
  // Both throwaway databases are ours to close: an open PGlite keeps a 10 s timer armed.
  const scratch = new PGlite();
  const shadow = new PGlite();
  const scratchFactory = new PrismaPGlite(scratch);
  const engine = await openSchemaEngine(paths.schemaPath, schema, {
    provider: scratchFactory.provider,
    adapterName: scratchFactory.adapterName,
    connect: () => scratchFactory.connect(),
    connectToShadowDb: () => new PrismaPGlite(shadow).connect(),
  });
  try {
    const history = await readMigrationList(paths.migrationsDir);
    const result = await engine.diff({
      from: history.migrationDirectories.length ? { tag: 'migrations', ...history } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: paths.schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters,
    });
    const sql = result.stdout ?? '';
    return /^\s*(--[^\n]*\n?\s*)*$/.test(sql) || sql.includes('This is an empty migration.') ? '' : sql;
  } finally {
    engine.free();
    await Promise.all([scratch.close(), shadow.close()]);
  }
}

/** Writes `<timestamp>_<name>/migration.sql` when the schema has changes; returns its path, or null. */
export async function createMigration(
  name: string,
  paths: MigrationPaths = defaultMigrationPaths,
): Promise<string | null> {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  if (!slug) throw new Error('A migration needs a name, e.g. npm run db:migration -- add_asset_checksum');
  const sql = await pendingSchemaChanges(paths);
  if (!sql) return null;
  const stamp = new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  const dir = join(paths.migrationsDir, `${stamp}_${slug}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'migration.sql'), sql);
  return join(dir, 'migration.sql');
}
