import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { LimitPerApiKey } from '#folio/http';
import { type Scope } from '#folio/identity';
import { ApiKeyGuard } from './api-key.guard.js';
import { resourceMetadataKey } from './bearer-challenge.js';
import { requiredScopesKey, ScopesGuard } from './scopes.guard.js';

/**
 * The route (or every route of the controller) needs an API key holding these scopes: 401 without a
 * usable key, 403 when a scope is missing. With no scopes it only authenticates. Scopes on the class and
 * on a method add up. Its requests count against the per-key rate limit.
 */
export function RequireScopes(...scopes: Scope[]) {
  return applyDecorators(
    SetMetadata(requiredScopesKey, scopes),
    LimitPerApiKey(),
    UseGuards(ApiKeyGuard, ScopesGuard),
  );
}

/**
 * The protected-resource metadata the 401/403 challenges point at, instead of the default
 * `<PUBLIC_BASE_URL>/.well-known/oauth-protected-resource/v2/mcp`: a path below PUBLIC_BASE_URL or an
 * absolute URL. A method's value overrides its class's.
 */
export const ResourceMetadata = (pathOrUrl: string) => SetMetadata(resourceMetadataKey, pathOrUrl);
