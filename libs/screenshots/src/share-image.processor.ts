import { Injectable } from '@nestjs/common';
import {
  type JobContext,
  type JobPayloads,
  type JobProcessor,
  JobProcessorFor,
  shareImageJob,
} from '#folio/jobs';
import { PageTopCapture } from './page-top-capture.js';
import { ScreenshotRepository } from './screenshot.repository.js';
import { shareImageTop } from './section-capture.js';
import { ShareImageRepository } from './share-image.repository.js';

/**
 * Captures the top 1200 × 630 px of one page of a version published as a site, as that version has it
 * (never the draft), stores the PNG and records it: the page's og:image. Done or failed rows are left alone.
 */
@Injectable()
@JobProcessorFor('share-image')
export class ShareImageProcessor implements JobProcessor<'share-image'> {
  readonly concurrency = 2;

  constructor(
    private readonly shareImages: ShareImageRepository,
    private readonly screenshots: ScreenshotRepository,
    private readonly pageTops: PageTopCapture,
  ) {}

  async process({ versionId, pageKey }: JobPayloads['share-image'], { isLastAttempt }: JobContext) {
    const row = await this.shareImages.row(versionId, pageKey);
    if (!row || row.status !== 'pending') return;
    try {
      const version = await this.screenshots.version(versionId);
      const page = version?.snapshot.pages.find((candidate) => candidate.key === pageKey);
      if (!version || !page) throw new Error(`The published version has no page ${pageKey}.`);
      const image = await this.pageTops.store(version, page, shareImageTop);
      await this.shareImages.markReady(row.id, image.url);
    } catch (error) {
      if (isLastAttempt) await this.shareImages.markFailed(row.id, (error as Error).message);
      throw error;
    }
  }

  async outstanding() {
    const owed = await this.shareImages.owed();
    return owed.map(({ versionId, pageKey }) => shareImageJob(versionId, pageKey));
  }
}
