// Throttles password attempts per client address and email, on every login form (ours and OAuth's).
import { Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  clientAddress,
  RATE_LIMIT_SETTINGS,
  RateLimitedException,
  type RateLimitSettings,
  RateLimitStorage,
  SharedThrottlerGuard,
} from '#folio/http';
import { normalizeEmail } from '#folio/identity';

/** At most 10 login attempts per address and email in 15 minutes, then a 15-minute pause. */
const loginThrottler = { name: 'login', limit: 10, ttl: 15 * 60_000 };

/** 429: the page says when to try again (in minutes: the pause is long). */
export class LoginThrottledException extends RateLimitedException {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      retryAfterSeconds,
      `Too many login attempts for this email. For your security, try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

/**
 * Put on login POST handlers (after CsrfGuard). Counts attempts by client IP and normalised `email`
 * field, in one budget shared by every handler that uses it (and every instance, with Redis), so the
 * OAuth login page is no way around it.
 */
@Injectable()
export class LoginThrottleGuard extends SharedThrottlerGuard {
  constructor(
    @Inject(RATE_LIMIT_SETTINGS) settings: RateLimitSettings,
    // Explicit: ThrottlerGuard's own @Inject tokens for parameters 0 and 1 are inherited otherwise.
    @Inject(RateLimitStorage) storage: RateLimitStorage,
    reflector: Reflector,
  ) {
    super(
      [
        {
          ...loginThrottler,
          getTracker: (req) => {
            const email = (req.body as Record<string, unknown> | undefined)?.email;
            return `${clientAddress(req)}|${typeof email === 'string' ? normalizeEmail(email) : ''}`;
          },
        },
      ],
      storage,
      reflector,
      settings,
    );
  }

  protected override refusal(retryAfterSeconds: number): RateLimitedException {
    return new LoginThrottledException(retryAfterSeconds);
  }
}
