export { appForPath, authRoutes, type AppName } from './route-table.js';
export { createHttpApp, type HttpAppOptions } from './http-app.js';
export { HttpCommonModule } from './http-common.module.js';
export { loggerParams, redactedPaths } from './logging.js';
export { DomainErrorFilter, domainErrorResponse, type ErrorResponse } from './domain-error.filter.js';
export { safeFetch, isPublicAddress, BlockedAddressError, type SafeFetchOptions } from './safe-fetch.js';
export { dtoValidationPipe, inputProblems } from './validation-pipe.js';
