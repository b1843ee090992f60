import { Module } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import cors from 'cors';
import type Provider from 'oidc-provider';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { PrismaService } from '#folio/db';
import { ApiKeyService, IdentityModule } from '#folio/identity';
import { ConnectedAppsService } from './connected-apps.service.js';
import { InteractionController } from './interaction.controller.js';
import { createOidcProvider, oidcRoutes } from './oidc-provider.factory.js';
import { OIDC_PROVIDER } from './oidc-provider.token.js';
import { WebModule } from '../web/web.module.js';

@Module({
  imports: [IdentityModule, WebModule],
  controllers: [InteractionController],
  providers: [
    {
      provide: OIDC_PROVIDER,
      inject: [APP_CONFIG, PrismaService, ApiKeyService],
      useFactory: (config: AppConfig, prisma: PrismaService, apiKeys: ApiKeyService) =>
        createOidcProvider({ config, prisma, apiKeys }),
    },
    ConnectedAppsService,
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
 * Hands the provider's paths to oidc-provider, ahead of Nest's body parsers (it parses its own bodies).
 * Its callback answers 404 for paths it does not know, so it only ever sees its own. Registration gets
 * CORS: browser-based clients (MCP Inspector) register from another origin.
 */
export function mountOidcProvider(app: NestExpressApplication): void {
  const handle = app.get<Provider>(OIDC_PROVIDER).callback();
  const registrationCors = cors({ origin: '*', methods: ['GET', 'POST', 'OPTIONS'], maxAge: 600 });
  app.use(
    (
      req: Parameters<typeof handle>[0] & { path: string },
      res: Parameters<typeof handle>[1],
      next: () => void,
    ) => {
      if (!isProviderPath(req.path)) return next();
      if (req.path === oidcRoutes.registration || req.path.startsWith(`${oidcRoutes.registration}/`)) {
        return registrationCors(req, res as never, () => void handle(req, res));
      }
      return void handle(req, res);
    },
  );
}
