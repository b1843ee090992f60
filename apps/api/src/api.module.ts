import { type DynamicModule, Module } from '@nestjs/common';
import { type AppConfig, ConfigModule } from '#folio/config';
import { DbModule } from '#folio/db';
import { HttpCommonModule } from '#folio/http';

/** The resource server: MCP, template REST API, embeds, sites, editor pages (DESIGN §2). */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [ConfigModule.forRoot(config), DbModule, HttpCommonModule.forRoot(config)],
    };
  }
}
