import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig, ConfigModule } from '#folio/config';
import { DbModule } from '#folio/db';
import { loggerParams } from '#folio/http';

/** Background job processors (screenshots, image rendering, library analysis) as they arrive. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(config), DbModule, LoggerModule.forRoot(loggerParams(config))],
    };
  }
}
