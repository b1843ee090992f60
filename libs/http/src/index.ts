export { appForPath, authRoutes, type AppName } from './route-table.js';
export { createHttpApp, type HttpAppOptions } from './http-app.js';
export { HttpCommonModule } from './http-common.module.js';
export { loggerParams, redactedPaths } from './logging.js';
export {
  DomainErrorFilter,
  domainErrorResponse,
  databaseUnavailableBody,
  databaseUnavailableResponse,
  databaseRetryAfterSeconds,
  type ErrorResponse,
} from './domain-error.filter.js';
export { dtoValidationPipe, inputProblems } from './validation-pipe.js';
export { inputShapeProblems, maxInputDepth } from './input-shape.js';
export { securityHeaders, type SecurityHeaderOptions } from './security-headers.js';
export { JsonBody, payloadTooLargeMessage, UnsupportedMediaTypeException } from './request-body.js';
export { isSecureRedirectTarget } from './secure-redirect.js';
export { EncodedBodies } from './encoded-body.js';
export { acceptsGzip, SplicedGzip } from './spliced-gzip.js';
export { minCompressedBytes } from './compression.js';
export { PathParam, type MalformedParam } from './path-param.js';
export { RateLimitModule } from './rate-limit/rate-limit.module.js';
export { LimitPerApiKey } from './rate-limit/rate-limit.guard.js';
export { RateLimitHits, SharedThrottlerGuard } from './rate-limit/shared-throttler.guard.js';
export { RateLimitedException } from './rate-limit/rate-limited.exception.js';
