// Throttles password attempts per client address and email, on every login form (ours and OAuth's).
import { createHash } from 'node:crypto';
import { type ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { ThrottlerLimitDetail, ThrottlerOptions } from '@nestjs/throttler';
import { normalizeEmail } from '#folio/identity';

// @nestjs/throttler is CommonJS that require()s the ESM-only @nestjs/common. Loaded statically, Jest's ESM
// runtime runs it while @nestjs/common is still being linked (ERR_REQUIRE_CYCLE_MODULE); imported here,
// after @nestjs/common has been evaluated, it loads the same way in Node and in Jest.
export const { ThrottlerGuard, ThrottlerModule } = await import('@nestjs/throttler');

/** At most 10 login attempts per address and email in 15 minutes, then a 15-minute pause. */
export const loginThrottler: ThrottlerOptions = { name: 'login', limit: 10, ttl: 15 * 60_000 };

/** 429: the page says when to try again; the filter sends the same as Retry-After. */
export class LoginThrottledException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      `Too many login attempts for this email. For your security, try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Put on login POST handlers (after CsrfGuard). Counts attempts by client IP and normalised `email`
 * field, in one budget shared by every handler that uses it, so the OAuth login page is no way around it.
 */
@Injectable()
export class LoginThrottleGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const email = (req.body as Record<string, unknown> | undefined)?.email;
    return `${String(req.ip)}|${typeof email === 'string' ? normalizeEmail(email) : ''}`;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return createHash('sha256').update(`${name}|${tracker}`).digest('hex');
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new LoginThrottledException(detail.timeToBlockExpire);
  }
}
