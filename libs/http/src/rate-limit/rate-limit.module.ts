import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { type AppConfig } from '#folio/config';
import {
  createRateLimitStorage,
  RATE_LIMIT_SETTINGS,
  RateLimiter,
  rateLimitSettings,
  RateLimitStorage,
} from '#folio/rate-limits';
import { API_KEY_OF, type ApiKeyOf, RateLimitGuard } from './rate-limit.guard.js';

export interface RateLimitOptions {
  /** How the app reads a request's API key; without it, no per-key limit. */
  apiKeyOf?: ApiKeyOf;
}

/**
 * Rate limits for one HTTP app (global): the counters' storage (Redis with REDIS_URL, so every instance
 * shares them; memory otherwise), the app-wide RateLimitGuard, and RateLimiter for Express middleware.
 */
@Module({})
export class RateLimitModule {
  static forRoot(config: AppConfig, { apiKeyOf }: RateLimitOptions = {}): DynamicModule {
    const settings = rateLimitSettings(config);
    const limitsRoutes = settings.ip.limit > 0 || (apiKeyOf !== undefined && settings.key.limit > 0);
    return {
      global: true,
      module: RateLimitModule,
      providers: [
        { provide: RATE_LIMIT_SETTINGS, useValue: settings },
        { provide: API_KEY_OF, useValue: apiKeyOf ?? null },
        { provide: RateLimitStorage, useFactory: () => createRateLimitStorage(config) },
        RateLimiter,
        ...(limitsRoutes ? [{ provide: APP_GUARD, useClass: RateLimitGuard }] : []),
      ],
      exports: [RATE_LIMIT_SETTINGS, RateLimitStorage, RateLimiter],
    };
  }
}
