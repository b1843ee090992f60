import { type PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber to a database notification channel hears. */
export interface NotificationListener {
  /** A NOTIFY on the channel, delivered when the transaction that sent it committed. */
  message(payload: string): void;
  /** LISTEN is in effect (again): every notification from now on arrives. */
  subscribed(): void;
  /** The channel is lost: notifications may go unheard until `subscribed` is called again. */
  lost(error: Error): void;
}

export interface NotificationSubscription {
  close(): Promise<void>;
}

/** How long a lost PostgreSQL listening connection waits before it connects again. */
const reconnectDelayMs = 1_000;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would hand the session to queries), connected
 * again after any error or end until closed.
 */
export function listenOnPostgres(
  url: string,
  channel: string,
  listener: NotificationListener,
): NotificationSubscription {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const current = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      // A peer gone without closing the socket (a partition, a host lost) is probed after 10 s of silence,
      // then at the system's keepalive interval; the subscriber bounds what it trusts meanwhile.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = current;
    let lost = false;
    const lose = (error: Error) => {
      if (lost || closed) return;
      lost = true;
      listener.lost(error);
      current.end().catch(() => {});
      retry = setTimeout(() => void connect(), reconnectDelayMs);
    };
    current.on('error', lose);
    current.on('end', () => lose(new Error('the listening connection ended')));
    current.on('notification', (notification) => {
      if (notification.channel === channel) listener.message(notification.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (!lost && !closed) listener.subscribed();
    } catch (error) {
      lose(error as Error);
    }
  };
  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

/** LISTEN on the embedded database: in process, never lost while the database is open. */
export function listenOnPGlite(
  db: PGlite,
  channel: string,
  listener: NotificationListener,
): NotificationSubscription {
  const unlisten = db
    .listen(channel, (payload) => listener.message(payload))
    .then(
      (stop) => {
        listener.subscribed();
        return stop;
      },
      (error: Error) => {
        listener.lost(error);
        return null;
      },
    );
  return {
    close: async () => {
      if (db.closed) return;
      await (await unlisten)?.().catch(() => {});
    },
  };
}
