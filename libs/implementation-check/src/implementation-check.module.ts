import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { ScreenshotsModule } from '#folio/screenshots';
import { ImplementationCheck } from './implementation-check.service.js';
import { DesignRenderings } from './design-renderings.js';

/** check_implementation's service, on the screenshots' Chromium. Needs storage and rate limits in the app. */
@Module({
  imports: [ProjectsModule, ScreenshotsModule],
  providers: [ImplementationCheck, DesignRenderings],
  exports: [ImplementationCheck],
})
export class ImplementationCheckModule {}
