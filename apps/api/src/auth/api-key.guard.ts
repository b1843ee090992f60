import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Principal } from '#folio/identity';
import { apiKeyStrategyName } from './api-key.strategy.js';
import { type CredentialFailure, refuse, resourceMetadataFor, unauthenticated } from './bearer-challenge.js';

const failures: readonly unknown[] = ['missing', 'conflicting', 'invalid'] satisfies CredentialFailure[];

/** Authenticates the request's API key (strategy `api-key`), or answers 401 with a Bearer challenge. */
@Injectable()
export class ApiKeyGuard extends AuthGuard(apiKeyStrategyName) {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    // A route with @RequireScopes on both its class and its method runs this guard twice: verify once.
    const user = context.switchToHttp().getRequest<Request>().user;
    if (user && 'keyId' in user && 'scopes' in user) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser = Principal>(
    error: unknown,
    principal: Principal | false | null,
    info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (error) throw error;
    if (principal) return principal as TUser;
    const failure = failures.includes(info) ? (info as CredentialFailure) : 'invalid';
    throw refuse(
      context.switchToHttp().getResponse(),
      unauthenticated(failure, resourceMetadataFor(this.reflector, this.config, context)),
    );
  }
}
