import { type DynamicModule, Module } from '@nestjs/common';
import { type AppConfig, ConfigModule } from '#folio/config';
import { DbModule } from '#folio/db';
import { HttpCommonModule } from '#folio/http';

/** The authorization server and the people-facing account pages (DESIGN §2). */
@Module({})
export class AuthModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [ConfigModule.forRoot(config), DbModule, HttpCommonModule.forRoot(config)],
    };
  }
}
