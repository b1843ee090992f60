import { type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import {
  apiKeyTracker,
  clientAddress,
  RATE_LIMIT_SETTINGS,
  type RateLimitRule,
  type RateLimitSettings,
  RateLimitStorage,
  type ThrottlerOptions,
} from '#folio/rate-limits';
import { SharedThrottlerGuard } from './shared-throttler.guard.js';

/** The API key a request presents, as the app reads it (header rules are the app's), or null. */
export type ApiKeyOf = (req: Request) => string | null;
export const API_KEY_OF = Symbol('API_KEY_OF');

const perApiKeyMetadata = 'folio:rate-limit-per-api-key';

/** The route also counts against the per-API-key limit: put it on every route that takes an API key. */
export const LimitPerApiKey = () => SetMetadata(perApiKeyMetadata, true);

/**
 * Paths outside the per-IP limit: probes (orchestrators and scrapers poll them) and static files (a page
 * loads many; stylesheets and content-addressed blobs cost next to nothing).
 */
const unthrottled = {
  exact: new Set(['/healthz', '/readyz', '/metrics', '/favicon.ico']),
  prefixes: ['/assets/', '/editor-assets/', '/auth-assets/'],
};

function isUnthrottledPath(path: string): boolean {
  return unthrottled.exact.has(path) || unthrottled.prefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * The app-wide guard (APP_GUARD): every route counts against the per-IP limit, except the paths above;
 * routes marked with LimitPerApiKey also count against the per-key limit, by the key they present
 * (its hash), or by address when they present none. It runs before authentication, so a flood costs
 * no database lookup.
 */
@Injectable()
export class RateLimitGuard extends SharedThrottlerGuard {
  constructor(
    @Inject(RATE_LIMIT_SETTINGS) settings: RateLimitSettings,
    // Explicit: ThrottlerGuard's own @Inject tokens for parameters 0 and 1 are inherited otherwise.
    @Inject(RateLimitStorage) storage: RateLimitStorage,
    reflector: Reflector,
    @Inject(API_KEY_OF) apiKeyOf: ApiKeyOf | null,
  ) {
    const request = (context: ExecutionContext) => context.switchToHttp().getRequest<Request>();
    const throttlers: ThrottlerOptions[] = [];
    if (settings.ip.limit > 0) {
      throttlers.push({
        ...throttlerOf(settings.ip),
        skipIf: (context) => isUnthrottledPath(request(context).path),
        getTracker: (req) => clientAddress(req),
      });
    }
    if (apiKeyOf && settings.key.limit > 0) {
      throttlers.push({
        ...throttlerOf(settings.key),
        skipIf: (context) =>
          !reflector.getAllAndOverride<boolean>(perApiKeyMetadata, [
            context.getHandler(),
            context.getClass(),
          ]),
        getTracker: (req) => {
          const key = apiKeyOf(req as Request);
          return key ? apiKeyTracker(key) : clientAddress(req);
        },
      });
    }
    super(throttlers, storage, reflector, settings);
  }
}

function throttlerOf(rule: RateLimitRule): ThrottlerOptions {
  return { name: rule.name, limit: rule.limit, ttl: rule.ttlMs };
}
