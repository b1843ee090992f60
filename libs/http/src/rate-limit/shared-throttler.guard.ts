import { type ExecutionContext, SetMetadata } from '@nestjs/common';
import { type Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import {
  rateLimitKey,
  type RateLimitSettings,
  type RateLimitStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerOptions,
  type ThrottlerRequest,
} from '#folio/rate-limits';
import { RateLimitedException } from './rate-limited.exception.js';

const hitsMetadata = 'folio:rate-limit-hits';

/**
 * How many hits a request of the route counts for against every limit (one without this), read from the
 * parsed request: e.g. a JSON-RPC batch counts each of its messages.
 */
export const RateLimitHits = (hitsOf: (req: Request) => number) => SetMetadata(hitsMetadata, hitsOf);

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

  /**
   * Counts the request's hits beyond its first, then the first as ThrottlerGuard does: over the limit,
   * the request is refused whole. More than limit + 1 hits cannot change that, so no more are counted.
   */
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, blockDuration, throttler, getTracker, generateKey } = request;
    const hitsOf = this.reflector.getAllAndOverride<((req: Request) => number) | undefined>(hitsMetadata, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<Request>();
    const extraHits = Math.min(hitsOf?.(req) ?? 1, limit + 1) - 1;
    if (extraHits > 0) {
      const key = generateKey(context, await getTracker(req, context), throttler.name!);
      await Promise.all(
        Array.from({ length: extraHits }, () =>
          this.storageService.increment(key, ttl, limit, blockDuration, throttler.name!),
        ),
      );
    }
    return super.handleRequest(request);
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
