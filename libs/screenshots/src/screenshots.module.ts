import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { ChromiumBrowser } from './chromium-browser.js';
import { ChromiumSlots } from './chromium-slots.js';
import { DraftChangeListener } from './draft-change-listener.js';
import { DraftScreenshotsProcessor } from './draft-screenshots.processor.js';
import { PageTopCapture } from './page-top-capture.js';
import { ScreenshotRepository } from './screenshot.repository.js';
import { SectionCapture } from './section-capture.js';
import { SectionScreenshotProcessor } from './section-screenshot.processor.js';
import { SectionShots } from './section-shots.js';
import { ShareImageProcessor } from './share-image.processor.js';
import { ShareImageRepository } from './share-image.repository.js';

/**
 * The section-screenshot, draft-screenshots and share-image job processors, their one Chromium (whose
 * pages other libs open through `ChromiumSlots`), and the listener that queues a draft's screenshots when
 * it changes. Needs the jobs and storage modules in the app.
 */
@Module({
  imports: [ProjectsModule],
  providers: [
    ChromiumBrowser,
    ChromiumSlots,
    SectionCapture,
    PageTopCapture,
    ScreenshotRepository,
    SectionShots,
    SectionScreenshotProcessor,
    DraftScreenshotsProcessor,
    DraftChangeListener,
    ShareImageRepository,
    ShareImageProcessor,
  ],
  exports: [ChromiumBrowser, ChromiumSlots],
})
export class ScreenshotsModule {}
