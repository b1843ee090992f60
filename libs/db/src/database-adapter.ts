import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { type AppConfig } from '#folio/config';

export interface DatabaseHandle {
  kind: AppConfig['database']['kind'];
  adapter: SqlMigrationAwareDriverAdapterFactory;
  /** Releases this handle; the embedded database closes when its last handle is released. */
  release(): Promise<void>;
}

interface SharedPGlite {
  db: PGlite;
  handles: number;
}

/**
 * PGlite is one process's database: a second instance on the same directory would corrupt it. Every
 * handle in the process (api and auth in the standalone app, the migrator, the seed) shares one instance.
 */
const openPGlites = new Map<string, Promise<SharedPGlite>>();

async function acquirePGlite(dataDir: string): Promise<SharedPGlite> {
  let shared = openPGlites.get(dataDir);
  if (!shared) {
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
    shared = PGlite.create(dataDir).then((db) => ({ db, handles: 0 }));
    openPGlites.set(dataDir, shared);
  }
  const opened = await shared;
  opened.handles++;
  return opened;
}

async function releasePGlite(dataDir: string, shared: SharedPGlite): Promise<void> {
  if (--shared.handles > 0) return;
  openPGlites.delete(dataDir);
  await shared.db.close();
}

/** PGlite in a directory when no DATABASE_URL is set, otherwise pooled PostgreSQL. */
export async function openDatabase(database: AppConfig['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client's network error must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    return {
      kind: 'postgres',
      adapter: new PrismaPg(pool),
      release: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  const shared = await acquirePGlite(database.dataDir);
  let released = false;
  return {
    kind: 'pglite',
    adapter: new PrismaPGlite(shared.db),
    release: async () => {
      if (released) return;
      released = true;
      await releasePGlite(database.dataDir, shared);
    },
  };
}
