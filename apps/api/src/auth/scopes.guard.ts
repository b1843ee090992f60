import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { hasScope, type Principal, type Scope } from '#folio/identity';
import { insufficientScope, refuse, resourceMetadataFor } from './bearer-challenge.js';

/** Route metadata set by `@RequireScopes`; class and method lists add up. */
export const requiredScopesKey = 'folio:required-scopes';

/** Lets a request through when its principal (set by ApiKeyGuard) holds every required scope; else 403. */
@Injectable()
export class ScopesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndMerge<Scope[]>(requiredScopesKey, [
      context.getHandler(),
      context.getClass(),
    ]);
    const principal = context.switchToHttp().getRequest<Request>().user as Principal | undefined;
    if (!principal) throw new Error('ScopesGuard must run after ApiKeyGuard: use @RequireScopes().');
    const missing = [...new Set(required)].filter((scope) => !hasScope(principal, scope));
    if (!missing.length) return true;
    throw refuse(
      context.switchToHttp().getResponse(),
      insufficientScope(principal.scopes, missing, resourceMetadataFor(this.reflector, this.config, context)),
    );
  }
}
