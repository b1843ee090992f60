export {
  apiKeyIdTracker,
  apiKeyTracker,
  clientAddress,
  RATE_LIMIT_SETTINGS,
  rateLimitKey,
  rateLimitSettings,
  type RateLimitRule,
  type RateLimitSettings,
} from './rate-limit.settings.js';
export { createRateLimitStorage, RateLimitStorage } from './rate-limit.storage.js';
export { RateLimiter } from './rate-limiter.js';
export {
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerOptions,
  type ThrottlerRequest,
} from './throttler.js';
