import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { type AppConfig } from '#folio/config';
import { countingWrites } from './local-writes.js';
import { preparedStatementName } from './prepared-statements.js';
import {
  listenOnPGlite,
  listenOnPostgres,
  type NotificationListener,
  type NotificationSubscription,
} from './notifications.js';

export interface MigrationConnection {
  adapter: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

export interface DatabaseHandle {
  kind: AppConfig['database']['kind'];
  adapter: SqlMigrationAwareDriverAdapterFactory;
  /**
   * A connection for the migrator only, closed after use. Prisma's schema engine takes a session-level
   * PostgreSQL advisory lock and leaves it to the connection's end: on a pooled connection that stays open,
   * the lock would outlive the migration and make every other process's migration time out.
   */
  openMigrationConnection(): Promise<MigrationConnection>;
  /** Hears NOTIFY on `channel`: over a connection of its own on PostgreSQL, in process when embedded. */
  listen(channel: string, listener: NotificationListener): NotificationSubscription;
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

/**
 * How long a query waits for a connection (a new one, or a free one of a busy pool) before it fails: while
 * PostgreSQL is down or restarting, requests answer 503 within this bound instead of queuing behind it.
 */
const connectTimeoutMs = 1_500;

/** PGlite in a directory when no DATABASE_URL is set, otherwise pooled PostgreSQL. */
export async function openDatabase(database: AppConfig['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize,
      connectionTimeoutMillis: connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      // Notices a dead peer (a host gone without closing its sockets) on idle and busy connections alike.
      keepAlive: true,
    });
    // An idle client's network error must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    return {
      kind: 'postgres',
      adapter: countingWrites(
        new PrismaPg(pool, {
          // Passed to node-postgres as is, where none means an unnamed statement (the type asks for a string).
          statementNameGenerator: ({ sql }) => preparedStatementName(sql) as string,
        }),
      ),
      openMigrationConnection: async () => {
        const single = new pg.Pool({
          connectionString: database.url,
          max: 1,
          connectionTimeoutMillis: 5_000,
        });
        single.on('error', () => {});
        return { adapter: new PrismaPg(single), close: () => single.end() };
      },
      listen: (channel, listener) => listenOnPostgres(database.url, channel, listener),
      release: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  const shared = await acquirePGlite(database.dataDir);
  let released = false;
  const adapter = countingWrites(new PrismaPGlite(shared.db));
  return {
    kind: 'pglite',
    adapter,
    openMigrationConnection: async () => ({ adapter, close: async () => {} }),
    listen: (channel, listener) => listenOnPGlite(shared.db, channel, listener),
    release: async () => {
      if (released) return;
      released = true;
      await releasePGlite(database.dataDir, shared);
    },
  };
}
