import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { type AppConfig, ConfigModule } from '#folio/config';
import { DbModule } from '#folio/db';
import { DomainErrorFilter, HttpCommonModule } from '#folio/http';
import { IdentityModule } from '#folio/identity';
import { ProjectsModule } from '#folio/projects';
import { PublishingModule } from '#folio/publishing';
import { ApiAuthModule } from './auth/auth.module.js';
import { DeliveryModule } from './delivery/delivery.module.js';
import { EditorModule } from './editor/editor.module.js';
import { McpModule } from './mcp/mcp.module.js';
import { TemplateApiModule } from './templates/templates.module.js';

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
        ProjectsModule,
        PublishingModule,
        DeliveryModule,
        EditorModule,
        McpModule,
        TemplateApiModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }],
    };
  }
}
