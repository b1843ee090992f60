import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { IdentityModule } from '#folio/identity';
import { ApiKeyStrategy } from './api-key.strategy.js';
import { CredentialController } from './credential.controller.js';

/**
 * API-key authentication for apps/api (docs/design.md §5). Importing it once registers the `api-key` strategy;
 * any controller of the app can then use `@RequireScopes(…)`, whose guards need only the global
 * APP_CONFIG and Reflector.
 */
@Module({
  imports: [PassportModule, IdentityModule],
  providers: [ApiKeyStrategy],
  controllers: [CredentialController],
})
export class ApiAuthModule {}
