// initdb and the migrations cost each test file seconds on PGlite; every file starts instead from a copy
// of one migrated template, built once per set of migrations (their content names the template).
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '#folio/config';
import { defaultMigrationPaths, migrateDatabase, openDatabase } from '#folio/db';
import { withAdminClient } from './pg-admin.js';

let fingerprint: Promise<string> | undefined;

/** The migrations' content and the PGlite version: a template built from other ones is never reused. */
function migrationsFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256');
    // The engine's version: its data directory format may change with it (the repo root is the working directory).
    hash.update(await readFile(resolve('node_modules/@electric-sql/pglite/package.json')));
    const { migrationsDir } = defaultMigrationPaths;
    for (const name of (await readdir(migrationsDir)).sort()) {
      hash.update(name);
      hash.update(await readFile(join(migrationsDir, name, 'migration.sql')).catch(() => ''));
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return fingerprint;
}

/** Fills `dataDir` with a copy of the migrated PGlite template, building the template first if needed. */
export async function copyMigratedPGlite(dataDir: string): Promise<void> {
  const template = join(tmpdir(), `folio-pglite-template-${await migrationsFingerprint()}`);
  if (!(await exists(template))) {
    const building = await mkdtemp(`${template}-building-`);
    const { database } = loadConfig({ PGLITE_DIR: building }, { seedDemo: false });
    const handle = await openDatabase(database);
    await migrateDatabase(handle);
    await handle.release();
    // Another test process may have finished first: its template is as good as ours.
    await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  }
  await cp(template, dataDir, { recursive: true });
}

/** Creates database `name` on the server as a copy of the migrated template database. */
export async function createMigratedPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const template = `folio_template_${await migrationsFingerprint()}`;
  await withAdminClient(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!found.rowCount) await buildPostgresTemplate(client, serverUrl, template);
    // CREATE DATABASE … TEMPLATE fails while another session is connected to the template, as a copy made
    // at the same time by another test process is: the copies take turns. (The lock goes with the session.)
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
  });
}

async function buildPostgresTemplate(
  client: { query(sql: string): Promise<unknown> },
  serverUrl: string,
  template: string,
): Promise<void> {
  const building = `${template}_building_${randomBytes(4).toString('hex')}`;
  await client.query(`CREATE DATABASE ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const { database } = loadConfig(
    { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '1' },
    { seedDemo: false },
  );
  const handle = await openDatabase(database);
  await migrateDatabase(handle);
  await handle.release();
  try {
    await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
  } catch {
    // Another test process built it first.
    await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  }
}

async function exists(path: string): Promise<boolean> {
  return readdir(path).then(
    () => true,
    () => false,
  );
}
