import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { ChromiumBrowser } from './chromium-browser.js';
import { ScreenshotRepository } from './screenshot.repository.js';
import { SectionCapture } from './section-capture.js';
import { SectionScreenshotProcessor } from './section-screenshot.processor.js';

/** The section-screenshot job processor and its one Chromium. Needs the jobs and storage modules in the app. */
@Module({
  imports: [ProjectsModule],
  providers: [ChromiumBrowser, SectionCapture, ScreenshotRepository, SectionScreenshotProcessor],
})
export class ScreenshotsModule {}
