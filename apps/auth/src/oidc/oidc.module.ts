import { Module } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import cors from 'cors';
import type { NextFunction, Request, Response } from 'express';
import type Provider from 'oidc-provider';
import { AuditModule } from '#folio/audit';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { PrismaService } from '#folio/db';
import { RateLimiter } from '#folio/rate-limits';
import { ApiKeyService, IdentityModule, SessionService, UserService } from '#folio/identity';
import { AbandonedClientCleanup } from './abandoned-client-cleanup.service.js';
import { AbandonedClientRepository } from './abandoned-client.repository.js';
import { ConnectedAppsService } from './connected-apps.service.js';
import { ConsentService } from './consent.service.js';
import { InteractionController } from './interaction.controller.js';
import { OAuthGrantRepository } from './oauth-grant.repository.js';
import { createOidcProvider, oidcRoutes } from './oidc-provider.factory.js';
import { OIDC_PROVIDER } from './oidc-provider.token.js';
import { providerRequestLimits } from './provider-request-limits.js';
import { WebModule } from '../web/web.module.js';

@Module({
  imports: [IdentityModule, WebModule, AuditModule],
  controllers: [InteractionController],
  providers: [
    {
      provide: OIDC_PROVIDER,
      inject: [APP_CONFIG, PrismaService, ApiKeyService, SessionService, UserService],
      useFactory: (
        config: AppConfig,
        prisma: PrismaService,
        apiKeys: ApiKeyService,
        sessions: SessionService,
        users: UserService,
      ) => createOidcProvider({ config, prisma, apiKeys, sessions, users }),
    },
    ConnectedAppsService,
    ConsentService,
    OAuthGrantRepository,
    AbandonedClientRepository,
    AbandonedClientCleanup,
  ],
  exports: [OIDC_PROVIDER, ConnectedAppsService],
})
export class OidcModule {}

const discoveryPaths = new Set([
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
]);

function isProviderPath(path: string): boolean {
  return path.startsWith('/oauth/') || discoveryPaths.has(path);
}

/**
 * Hands the provider's paths to oidc-provider, ahead of Nest's body parsers (it parses its own bodies),
 * behind their rate and size limits. Its callback answers 404 for paths it does not know, so it only ever
 * sees its own. Registration gets CORS: browser-based clients (MCP Inspector) register from another
 * origin, and read its refusals too.
 */
export function mountOidcProvider(app: NestExpressApplication): void {
  const handle = app.get<Provider>(OIDC_PROVIDER).callback();
  const limits = providerRequestLimits(app.get(RateLimiter));
  const registrationCors = cors({ origin: '*', methods: ['GET', 'POST', 'OPTIONS'], maxAge: 600 });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isProviderPath(req.path)) return next();
    const serve = () =>
      void limits(req, res, (error?: unknown) => (error ? next(error) : void handle(req, res)));
    if (req.path === oidcRoutes.registration || req.path.startsWith(`${oidcRoutes.registration}/`)) {
      return registrationCors(req, res, serve);
    }
    return serve();
  });
}
