// Limits on oidc-provider's paths: Koa middleware inside Express, which Nest's guards never see.
import type { NextFunction, Request, Response } from 'express';
import { payloadTooLargeMessage, RateLimitedException } from '#folio/http';
import { clientAddress, type RateLimiter } from '#folio/rate-limits';
import { oidcRoutes } from './oidc-provider.factory.js';

/** oidc-provider stops reading a body at 56 KiB (then answers 400): a larger declared body is a 413 up front. */
export const maxProviderBodyBytes = 56 * 1024;

/**
 * For every provider path: the body size, the per-IP limit (the same budget as the app's other routes),
 * and on `POST /oauth/register` the registration limit. Refusals are OAuth-style JSON errors, or the
 * error page for a browser (the authorization endpoint).
 */
export function providerRequestLimits(limiter: RateLimiter) {
  const { ip, registration } = limiter.settings;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (Number(req.headers['content-length'] ?? 0) > maxProviderBodyBytes) {
      return oauthError(res, 413, 'invalid_request', payloadTooLargeMessage(maxProviderBodyBytes));
    }
    let retryAfter: number | null;
    try {
      const client = clientAddress(req);
      retryAfter =
        (await limiter.hit(ip, client)) ??
        (isRegistration(req) ? await limiter.hit(registration, client) : null);
    } catch (error) {
      return next(error);
    }
    if (retryAfter === null) return next();
    res.setHeader('Retry-After', String(retryAfter));
    const refusal = new RateLimitedException(retryAfter);
    if (req.accepts(['json', 'html']) === 'html') return next(refusal);
    oauthError(res, refusal.getStatus(), 'rate_limited', refusal.message);
  };
}

/** Matched as oidc-provider's router matches it: case-insensitive, with or without a trailing slash. */
function isRegistration(req: Request): boolean {
  return req.method === 'POST' && req.path.replace(/\/+$/, '').toLowerCase() === oidcRoutes.registration;
}

function oauthError(res: Response, status: number, error: string, description: string): void {
  res.status(status).set('cache-control', 'no-store').json({ error, error_description: description });
}
