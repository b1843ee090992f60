import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CreditsModule } from '#folio/credits';
import { AuditModule } from '#folio/audit';
import { type AppConfig, ConfigModule } from '#folio/config';
import { DbModule } from '#folio/db';
import { HttpCommonModule, RateLimitModule } from '#folio/http';
import { IdentityModule } from '#folio/identity';
import { PageErrorFilter } from '#folio/page-kit';
import { AccountPages } from './account/account-pages.service.js';
import { AccountController } from './account/account.controller.js';
import { AuditController } from './account/audit.controller.js';
import { SignInController } from './account/sign-in.controller.js';
import { OidcModule } from './oidc/oidc.module.js';
import { WebModule } from './web/web.module.js';

/** The authorization server and the people-facing account pages (docs/design.md §2). */
@Module({})
export class AuthModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        ConfigModule.forRoot(config),
        DbModule,
        HttpCommonModule.forRoot(config),
        RateLimitModule.forRoot(config),
        IdentityModule,
        CreditsModule,
        AuditModule,
        WebModule,
        OidcModule,
      ],
      controllers: [SignInController, AccountController, AuditController],
      // Every error of this app is answered as a page (or JSON to clients that ask for it): 404 for
      // unknown paths, domain errors by kind, never a stack trace.
      providers: [AccountPages, { provide: APP_FILTER, useClass: PageErrorFilter }],
    };
  }
}
