import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * 429 from a rate limit. Whoever refuses sets `Retry-After`; each app's error edge renders the exception:
 * the api's JSON errors (`{ error: 'rate_limited', message }`), a JSON-RPC error on /v2/mcp, a page in apps/auth.
 */
export class RateLimitedException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Rate limit exceeded: try again in ${retryAfterSeconds} s.`,
  ) {
    super({ error: 'rate_limited', message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
