import { type DynamicModule, Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig } from '#folio/config';
import { HealthController } from './health.controller.js';
import { InputShapePipe } from './input-shape.pipe.js';
import { loggerParams } from './logging.js';
import { MetricsController } from './metrics/metrics.controller.js';

/** Logging, health and metrics endpoints, for each HTTP app. */
@Module({})
export class HttpCommonModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: HttpCommonModule,
      imports: [LoggerModule.forRoot(loggerParams(config))],
      controllers: [HealthController, MetricsController],
      providers: [{ provide: APP_PIPE, useClass: InputShapePipe }],
    };
  }
}
