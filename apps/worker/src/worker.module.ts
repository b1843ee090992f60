import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AiImagesModule } from '#folio/ai';
import { type AppConfig, ConfigModule } from '#folio/config';
import { DbModule } from '#folio/db';
import { loggerParams } from '#folio/http';
import { JobsModule } from '#folio/jobs';
import { LibrariesModule } from '#folio/libraries';
import { ScreenshotsModule } from '#folio/screenshots';
import { StorageModule } from '#folio/storage';
import { WorkerMetricsServer } from './metrics-server.js';

/** BullMQ processors: section screenshots, library analysis and AI images (docs/design.md §2). Run as many copies as needed. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        DbModule,
        LoggerModule.forRoot(loggerParams(config)),
        JobsModule.forRoot(config, 'worker'),
        StorageModule,
        ScreenshotsModule,
        LibrariesModule,
        AiImagesModule,
      ],
      providers: [WorkerMetricsServer],
    };
  }
}
