import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Counter, Gauge } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type NotificationSubscription, PrismaService } from '#folio/db';
import { metricsRegistry } from '#folio/metrics';
import { type Principal } from './principal.js';

/**
 * The channel on which the database announces every change that can narrow a principal: `key:<id>` for a
 * key revoked, deleted, rescoped or restricted differently, `user:<id>` for a membership or team role of
 * that user added, changed or removed. Triggers send it, whatever wrote the change
 * (prisma/migrations/…_principal_change_notifications).
 */
const changeChannel = 'folio_principal';

/**
 * A safety net behind the notifications: no entry is used for longer than this after it was read, which
 * bounds what a change channel that died silently (not yet noticed by TCP keepalive) could leave stale.
 */
const entryLifetimeMs = 60_000;

/** A verified key as the cache holds it: its principal, and when its use was last written down. */
export interface VerifiedKey {
  principal: Principal;
  lastUsedAt: Date | null;
}

interface Entry {
  verified: VerifiedKey;
  readAt: number;
}

const lookups = new Counter({
  name: 'folio_principal_cache_lookups_total',
  help: 'API keys verified, by where the principal came from: hit (memory), miss (read, then held) or bypass (read; the cache is off or not trusted while its change channel is down).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

const changes = new Counter({
  name: 'folio_principal_cache_changes_total',
  help: 'Changes to keys, memberships and team roles heard on the change channel (each drops the principals it names).',
  registers: [metricsRegistry],
});

const trustedGauge = new Gauge({
  name: 'folio_principal_cache_trusted',
  help: '1 while the principal cache hears every change (its channel is subscribed), else 0 and unused.',
  registers: [metricsRegistry],
});

/**
 * Verified API keys by key hash, so a request needs no database round trip for its credentials, and yet a
 * revocation is refused on the next request on every instance: each entry is dropped the moment the
 * database announces a change to its key or its user's memberships and team roles. The cache is used only
 * while the change channel is subscribed; when it is lost, the cache empties and every key is read from
 * the database until the channel is back (it then starts empty). Least recently used entries go first.
 */
@Injectable()
export class PrincipalCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PrincipalCache.name);
  private readonly capacity: number;
  private readonly entries: LRUCache<string, Entry>;
  private subscription: NotificationSubscription | undefined;
  private trusted = false;
  /** Moves on with every change heard, loss and resubscription: a read that began before is not kept. */
  private generation = 0;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.capacity = config.principalCacheSize;
    // Unused at 0 (never trusted), but the library needs a bound of at least 1.
    this.entries = new LRUCache({ max: Math.max(1, this.capacity) });
  }

  /**
   * Moves on with every change heard on the channel (and every loss and resubscription): what was decided
   * with a principal at one value holds while the value is the same.
   */
  changesHeard(): number {
    return this.generation;
  }

  /** The verified key of this hash: from memory when it may be trusted, else from `read` (then held). */
  async verify(hash: string, read: () => Promise<VerifiedKey | null>): Promise<VerifiedKey | null> {
    const cached = this.trusted ? this.fresh(hash) : undefined;
    if (cached) {
      lookups.inc({ result: 'hit' });
      return cached.verified;
    }
    const generation = this.generation;
    const verified = await read();
    const keep = this.trusted && generation === this.generation;
    lookups.inc({ result: keep ? 'miss' : 'bypass' });
    if (verified && keep) this.hold(hash, verified);
    return verified;
  }

  /** Starts hearing changes before the first request, so the cache is of use from the start. */
  onApplicationBootstrap(): void {
    if (this.capacity === 0) return;
    this.subscription = this.prisma.listen(changeChannel, {
      message: (payload) => this.drop(payload),
      subscribed: () => {
        this.reset(true);
        this.logger.log('principal cache on: changes to keys and roles are heard');
      },
      lost: (error) => {
        this.reset(false);
        this.logger.warn(`principal cache off until its change channel is back: ${error.message}`);
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }

  private fresh(hash: string): Entry | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    // Date, not the library's own ttl clock: a test moves it with fakeClock.
    if (Date.now() - entry.readAt <= entryLifetimeMs) return entry;
    this.entries.delete(hash);
    return undefined;
  }

  private hold(hash: string, verified: VerifiedKey): void {
    this.entries.set(hash, { verified, readAt: Date.now() });
  }

  private drop(change: string): void {
    this.generation++;
    changes.inc();
    const [kind, id] = change.split(':');
    const matches =
      kind === 'key'
        ? (entry: Entry) => entry.verified.principal.keyId === id
        : kind === 'user'
          ? (entry: Entry) => entry.verified.principal.actor.userId === id
          : () => true;
    for (const [hash, entry] of this.entries) if (matches(entry)) this.entries.delete(hash);
  }

  private reset(trusted: boolean): void {
    this.generation++;
    this.entries.clear();
    this.trusted = trusted;
    trustedGauge.set(trusted ? 1 : 0);
  }
}
