import { Inject, Injectable } from '@nestjs/common';
import {
  RATE_LIMIT_SETTINGS,
  type RateLimitRule,
  type RateLimitSettings,
  rateLimitKey,
} from './rate-limit.settings.js';
import { RateLimitStorage } from './rate-limit.storage.js';

/**
 * Rate limits counted outside Nest's guards (Express middleware such as oidc-provider's routes, the AI
 * image probes of a key), in the same storage and buckets as the guards.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(RATE_LIMIT_SETTINGS) readonly settings: RateLimitSettings,
    private readonly storage: RateLimitStorage,
  ) {}

  /** Counts one hit of `tracker` against `rule`: the seconds to wait when over the limit, else null. */
  async hit(rule: RateLimitRule, tracker: string): Promise<number | null> {
    if (rule.limit <= 0) return null;
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(
      rateLimitKey(this.settings, rule.name, tracker),
      rule.ttlMs,
      rule.limit,
      rule.ttlMs,
      rule.name,
    );
    return isBlocked ? timeToBlockExpire : null;
  }

  /** The seconds to wait while `tracker` is over `rule` (from earlier hits), else null; counts nothing. */
  async refusedFor(rule: RateLimitRule, tracker: string): Promise<number | null> {
    if (rule.limit <= 0) return null;
    const seconds = await this.storage.blockedFor(rateLimitKey(this.settings, rule.name, tracker), rule.name);
    return seconds > 0 ? seconds : null;
  }

  /** Counts `count` hits of `tracker` against `rule`, stopping at the first over the limit: the seconds to wait then, else null. */
  async hits(rule: RateLimitRule, tracker: string, count: number): Promise<number | null> {
    for (let hit = 0; hit < count; hit++) {
      const wait = await this.hit(rule, tracker);
      if (wait !== null) return wait;
    }
    return null;
  }
}
