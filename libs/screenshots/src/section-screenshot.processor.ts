import { Injectable } from '@nestjs/common';
import { walkElements } from '#folio/content';
import {
  type JobContext,
  type JobPayloads,
  type JobProcessor,
  JobProcessorFor,
  sectionScreenshotJob,
} from '#folio/jobs';
import { ProjectRepository } from '#folio/projects';
import { BlobStore } from '#folio/storage';
import { ScreenshotRepository } from './screenshot.repository.js';
import { locateSection, sectionDocument } from './section-document.js';
import { SectionCapture } from './section-capture.js';

type Job = JobPayloads['section-screenshot'];

/**
 * Renders one section of a saved version in Chromium, stores the PNG and records it; the index page's
 * first section also becomes the project thumbnail. Done or failed rows are left alone, so a duplicate or
 * a retry after a crash never takes the screenshot twice.
 */
@Injectable()
@JobProcessorFor('section-screenshot')
export class SectionScreenshotProcessor implements JobProcessor<'section-screenshot'> {
  /** Pages rendered at once in the process's one browser. */
  readonly concurrency = 4;

  constructor(
    private readonly screenshots: ScreenshotRepository,
    private readonly projects: ProjectRepository,
    private readonly capture: SectionCapture,
    private readonly blobs: BlobStore,
  ) {}

  async process({ versionId, sectionKey }: Job, { isLastAttempt }: JobContext): Promise<void> {
    const work = await this.screenshots.work(versionId, sectionKey);
    if (!work || work.status !== 'pending') return;
    try {
      const located = locateSection(work.snapshot, sectionKey);
      if (!located) throw new Error(`Version ${work.versionNumber} has no section ${sectionKey}.`);
      const assetKeys = [...walkElements(located.section.tree)].flatMap((element) =>
        element.asset ? [element.asset] : [],
      );
      const assets = await this.projects.assets(work.projectId, assetKeys);
      const shot = await this.capture.capture({
        html: sectionDocument(
          work.snapshot,
          located.section,
          Object.fromEntries(assets.map((a) => [a.key, a])),
        ),
        sectionKey,
        readOwnAsset: (url) => this.readOwnBlob(url),
      });
      const blob = await this.blobs.put(shot.png, 'image/png');
      await this.screenshots.markReady(work.id, {
        url: blob.url,
        height: shot.height,
        warnings: shot.warnings,
      });
      if (located.isThumbnail) {
        await this.screenshots.setThumbnail(work.projectId, work.versionNumber, {
          url: blob.url,
          width: shot.width,
          height: shot.height,
        });
      }
    } catch (error) {
      if (isLastAttempt) await this.screenshots.markFailed(work.id, (error as Error).message);
      throw error;
    }
  }

  async outstanding() {
    const owed = await this.screenshots.pending();
    return owed.map(({ versionId, sectionKey }) => sectionScreenshotJob(versionId, sectionKey));
  }

  private async readOwnBlob(url: string): Promise<{ bytes: Uint8Array; type: string } | null> {
    const name = this.blobs.nameOf(url);
    const blob = name ? await this.blobs.get(name) : null;
    return blob && { bytes: blob.bytes, type: blob.type };
  }
}
