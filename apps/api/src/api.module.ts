import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { type AppConfig, ConfigModule } from '#folio/config';
import { DbModule } from '#folio/db';
import { DomainErrorFilter, HttpCommonModule } from '#folio/http';
import { IdentityModule } from '#folio/identity';
import { ApiAuthModule } from './auth/auth.module.js';

/** The resource server: MCP, template REST API, embeds, sites, editor pages (DESIGN §2). */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        DbModule,
        HttpCommonModule.forRoot(config),
        IdentityModule,
        ApiAuthModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }],
    };
  }
}
