import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { type AppConfig } from '#folio/config';
import { type ThrottlerStorage, ThrottlerStorageRedisService, ThrottlerStorageService } from './throttler.js';

type Increment = ThrottlerStorage['increment'];

/** Where rate-limit counters live (injection token): Redis when configured, else this process's memory. */
export abstract class RateLimitStorage implements ThrottlerStorage {
  abstract increment(...hit: Parameters<Increment>): ReturnType<Increment>;

  /** Seconds `key` stays blocked under the rule named `throttlerName` (0: not blocked); counts no hit. */
  abstract blockedFor(key: string, throttlerName: string): Promise<number>;
}

export class MemoryRateLimitStorage extends RateLimitStorage implements OnApplicationShutdown {
  private readonly counters = new ThrottlerStorageService();

  increment(...hit: Parameters<Increment>): ReturnType<Increment> {
    return this.counters.increment(...hit);
  }

  // A key holds one rule's counters here: every caller's key names its rule (rateLimitKey).
  async blockedFor(key: string): Promise<number> {
    const record = this.counters.storage.get(key);
    return record?.isBlocked ? wholeSeconds(record.blockExpiresAt - Date.now()) : 0;
  }

  onApplicationShutdown(): void {
    this.counters.onApplicationShutdown();
  }
}

/** A Redis answer slower than this counts as no answer: the limiter must never hold a request up. */
const commandTimeoutMs = 500;
/** After a failure, Redis is left alone this long (unless it reconnects), so a hung one costs no more waits. */
const retryAfterFailureMs = 5_000;
/** How long a starting app waits for Redis, so that its first requests already count there. */
const connectWaitMs = 2_000;

/**
 * Counters in Redis, shared by every instance. While Redis does not answer, this process counts alone
 * in memory (limits hold per instance) rather than failing or holding requests up; one warning per outage.
 */
export class RedisRateLimitStorage extends RateLimitStorage implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly shared: ThrottlerStorage;
  private readonly local = new MemoryRateLimitStorage();
  private degraded = false;
  private skipRedisUntil = 0;

  private constructor(private readonly redis: Redis) {
    super();
    this.shared = new ThrottlerStorageRedisService(redis);
    // Connection errors surface through increment(); without a listener ioredis prints each one.
    redis.on('error', () => {});
    redis.on('ready', () => {
      if (this.degraded) this.logger.log('Redis answers again: rate limits are shared again.');
      this.degraded = false;
      this.skipRedisUntil = 0;
    });
  }

  static async connect(url: string): Promise<RedisRateLimitStorage> {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      commandTimeout: commandTimeoutMs,
      maxRetriesPerRequest: 1,
      // Nothing to flush on shutdown: a socket that does not close at once (Redis away) is dropped soon.
      disconnectTimeout: 200,
    });
    const storage = new RedisRateLimitStorage(redis);
    await Promise.race([
      redis.connect().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, connectWaitMs).unref()),
    ]);
    return storage;
  }

  increment(...hit: Parameters<Increment>): ReturnType<Increment> {
    return this.inRedisElseLocally(
      () => this.shared.increment(...hit),
      () => this.local.increment(...hit),
    );
  }

  /** Reads the block key ThrottlerStorageRedisService (pinned version) sets when a rule is exceeded. */
  blockedFor(key: string, throttlerName: string): Promise<number> {
    return this.inRedisElseLocally(
      async () => wholeSeconds(await this.redis.pttl(`{${key}:${throttlerName}}:blocked`)),
      () => this.local.blockedFor(key),
    );
  }

  private async inRedisElseLocally<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (Date.now() < this.skipRedisUntil) return local();
    try {
      return await shared();
    } catch (error) {
      this.skipRedisUntil = Date.now() + retryAfterFailureMs;
      if (!this.degraded) {
        this.degraded = true;
        this.logger.warn(
          `Redis does not answer (${(error as Error).message}): counting rate limits in this process until it does.`,
        );
      }
      return local();
    }
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
    this.redis.disconnect();
  }
}

/** Milliseconds left as whole seconds, rounded up; 0 for none left (Redis answers -2 for a missing key). */
function wholeSeconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

export function createRateLimitStorage(config: AppConfig): Promise<RateLimitStorage> | RateLimitStorage {
  const { redisUrl } = config.jobs;
  return redisUrl ? RedisRateLimitStorage.connect(redisUrl) : new MemoryRateLimitStorage();
}
