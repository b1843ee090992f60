// Throttles password attempts on every login form (ours and OAuth's): per client address and email, and
// the failed ones per client address whatever the email (password spraying).
import { Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { UnauthenticatedError } from '#folio/errors';
import { RateLimitedException, SharedThrottlerGuard } from '#folio/http';
import { type Actor, normalizeEmail, UserService } from '#folio/identity';
import {
  clientAddress,
  RATE_LIMIT_SETTINGS,
  RateLimiter,
  type RateLimitRule,
  type RateLimitSettings,
  RateLimitStorage,
} from '#folio/rate-limits';

/** At most 10 login attempts per address and email in 15 minutes, then a 15-minute pause. */
const loginThrottler = { name: 'login', limit: 10, ttl: 15 * 60_000 };

/**
 * After 20 failed logins from one address in 15 minutes, whichever emails they named, every login from
 * there pauses for 15 minutes: enough for the people behind one NAT, not for trying a password on many.
 * (The storage blocks on the hit past `limit`, so the 20th failure is the one that blocks.)
 */
const failedLoginsPerAddress: RateLimitRule = { name: 'login-failures', limit: 19, ttlMs: 15 * 60_000 };

/** 429: the page says when to try again (in minutes: the pause is long). */
export class LoginThrottledException extends RateLimitedException {
  constructor(retryAfterSeconds: number, reason = 'Too many login attempts for this email.') {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      retryAfterSeconds,
      `${reason} For your security, try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
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

/**
 * Password login for every login form: refused (429) while the client address has failed too often,
 * whichever emails it tried; otherwise UserService.authenticate, each failure counted against the address.
 */
@Injectable()
export class PasswordLogin {
  constructor(
    private readonly users: UserService,
    private readonly limiter: RateLimiter,
  ) {}

  async authenticate(req: Request, email: string, password: string): Promise<Actor> {
    const address = clientAddress(req);
    const pause = await this.limiter.refusedFor(failedLoginsPerAddress, address);
    if (pause) throw new LoginThrottledException(pause, 'Too many failed logins from your network.');
    try {
      return await this.users.authenticate(email, password);
    } catch (error) {
      if (error instanceof UnauthenticatedError) await this.limiter.hit(failedLoginsPerAddress, address);
      throw error;
    }
  }
}
