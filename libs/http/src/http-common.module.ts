import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig } from '#folio/config';
import { HealthController } from './health.controller.js';
import { loggerParams } from './logging.js';

/** Logging and health endpoints, for each HTTP app. */
@Module({})
export class HttpCommonModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: HttpCommonModule,
      imports: [LoggerModule.forRoot(loggerParams(config))],
      controllers: [HealthController],
    };
  }
}
