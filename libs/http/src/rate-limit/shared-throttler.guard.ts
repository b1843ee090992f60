import { type ExecutionContext } from '@nestjs/common';
import { type Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { RateLimitedException } from './rate-limited.exception.js';
import { type RateLimitSettings, rateLimitKey } from './rate-limit.settings.js';
import { type RateLimitStorage } from './rate-limit.storage.js';
import { type ThrottlerLimitDetail, type ThrottlerOptions, ThrottlerGuard } from './throttler.js';

/**
 * A ThrottlerGuard over the app's RateLimitStorage, counting in the same buckets as RateLimiter (hashed,
 * prefixed keys, so one client's budget is the same whichever route or app it calls). No X-RateLimit
 * headers; over a limit, `Retry-After` and a RateLimitedException for the app's error edge to render.
 */
export abstract class SharedThrottlerGuard extends ThrottlerGuard {
  constructor(
    throttlers: ThrottlerOptions[],
    storage: RateLimitStorage,
    reflector: Reflector,
    private readonly settings: Pick<RateLimitSettings, 'keyPrefix'>,
  ) {
    super({ throttlers, setHeaders: false }, storage, reflector);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return rateLimitKey(this.settings, name, tracker);
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    { timeToBlockExpire }: ThrottlerLimitDetail,
  ): Promise<void> {
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(timeToBlockExpire));
    throw this.refusal(timeToBlockExpire);
  }

  /** The exception over the limit; a guard whose people need other words overrides it. */
  protected refusal(retryAfterSeconds: number): RateLimitedException {
    return new RateLimitedException(retryAfterSeconds);
  }
}
