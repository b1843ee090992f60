import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AiImagesModule } from '#folio/ai';
import { type AppConfig, ConfigModule } from '#folio/config';
import { DbModule } from '#folio/db';
import { DomainErrorFilter, HttpCommonModule, RateLimitModule } from '#folio/http';
import { IdentityModule } from '#folio/identity';
import { ProjectsModule } from '#folio/projects';
import { PublishingModule } from '#folio/publishing';
import { JobsModule } from '#folio/jobs';
import { ScreenshotsModule } from '#folio/screenshots';
import { StorageModule } from '#folio/storage';
import { AdminModule } from './admin/admin.module.js';
import { AssetsModule } from './assets/assets.module.js';
import { presentedApiKeyText } from './auth/api-key.strategy.js';
import { ApiAuthModule } from './auth/api-auth.module.js';
import { DeliveryModule } from './delivery/delivery.module.js';
import { EditorModule } from './editor/editor.module.js';
import { McpModule } from './mcp/mcp.module.js';
import { TemplateApiModule } from './templates/template-api.module.js';

/**
 * The resource server: MCP, template REST API, embeds, sites, editor pages, assets (docs/design.md §2). Its job
 * processors run here when there is no Redis, or when `jobs` is `worker` (the standalone process).
 */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig, jobs: 'producer' | 'worker' = 'producer'): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        DbModule,
        HttpCommonModule.forRoot(config),
        RateLimitModule.forRoot(config, { apiKeyOf: (req) => presentedApiKeyText(req.headers) }),
        StorageModule,
        JobsModule.forRoot(config, jobs),
        ScreenshotsModule,
        AiImagesModule,
        IdentityModule,
        ApiAuthModule,
        ProjectsModule,
        PublishingModule,
        DeliveryModule,
        EditorModule,
        McpModule,
        TemplateApiModule,
        AssetsModule,
        AdminModule.forRoot(config),
      ],
      providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }],
    };
  }
}
