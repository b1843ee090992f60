import { Injectable } from '@nestjs/common';
import { sectionAssetKeys } from '#folio/content';
import {
  type JobContext,
  type JobPayloads,
  type JobProcessor,
  JobProcessorFor,
  sectionScreenshotJob,
} from '#folio/jobs';
import { PrismaService } from '#folio/db';
import { assetsByKey, ProjectRepository } from '#folio/projects';
import {
  type SavedVersion,
  ScreenshotRepository,
  type StoredImage,
  type StoredShot,
} from './screenshot.repository.js';
import { chromiumPagesAtOnce } from './chromium-slots.js';
import { PageTopCapture } from './page-top-capture.js';
import { locateSection } from './section-document.js';
import { thumbnailTop } from './section-capture.js';
import { SectionShots } from './section-shots.js';

type Job = JobPayloads['section-screenshot'];

/** Versions whose snapshots stay parsed: a save queues all its sections at once. Versions never change. */
const cachedVersions = 8;

/**
 * Renders one section of a saved version in Chromium (or reuses the project's capture of the same content),
 * stores the PNG and records it; with the index page's first section it also captures that page's top,
 * which becomes the project thumbnail until a draft capture takes one. Done or failed rows are left alone,
 * so a duplicate or a retry after a crash never takes the screenshot twice.
 */
@Injectable()
@JobProcessorFor('section-screenshot')
export class SectionScreenshotProcessor implements JobProcessor<'section-screenshot'> {
  /** Pages rendered at once in the process's one browser. */
  readonly concurrency = chromiumPagesAtOnce;
  private readonly versions = new Map<string, Promise<SavedVersion | null>>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly screenshots: ScreenshotRepository,
    private readonly projects: ProjectRepository,
    private readonly shots: SectionShots,
    private readonly pageTops: PageTopCapture,
  ) {}

  async process({ versionId, sectionKey }: Job, { isLastAttempt }: JobContext): Promise<void> {
    const row = await this.screenshots.row(versionId, sectionKey);
    if (!row || row.status !== 'pending') return;
    try {
      const version = await this.version(versionId);
      const located = version && locateSection(version.snapshot, sectionKey);
      if (!version || !located) throw new Error(`The saved version has no section ${sectionKey}.`);
      const assets = await this.projects.assets(version.projectId, sectionAssetKeys(located.section));
      const document = this.shots.document(version, located.section, assetsByKey(assets));
      const shot = await this.shots.shot(version.projectId, document);
      const ownsThumbnail =
        located.isThumbnail && !(await this.screenshots.hasDraftThumbnail(this.prisma, version.projectId));
      const thumbnail = ownsThumbnail ? await this.pageTops.store(version, located.page, thumbnailTop) : null;
      await this.record(row.id, shot, thumbnail && { version, image: thumbnail });
    } catch (error) {
      if (isLastAttempt) await this.screenshots.markFailed(row.id, (error as Error).message);
      throw error;
    }
  }

  async outstanding() {
    const owed = await this.screenshots.owed();
    return owed.map(({ versionId, sectionKey }) => sectionScreenshotJob(versionId, sectionKey));
  }

  /**
   * Records the screenshot, and with `thumbnail` makes its image the project's thumbnail — in one
   * transaction, so a ready row always has its thumbnail too. An older version's late job never replaces the
   * thumbnail of a newer version, and no version's replaces the draft's (draft-screenshots.processor.ts).
   */
  private record(
    rowId: string,
    shot: StoredShot,
    thumbnail: { version: SavedVersion; image: StoredImage } | null,
  ) {
    return this.prisma.$transaction(async (tx) => {
      await this.screenshots.markReady(tx, rowId, shot);
      if (!thumbnail) return;
      const { projectId, number } = thumbnail.version;
      if ((await this.screenshots.newestVersionNumber(tx, projectId)) !== number) return;
      if (await this.screenshots.hasDraftThumbnail(tx, projectId)) return;
      await this.screenshots.saveThumbnail(tx, projectId, thumbnail.image);
    });
  }

  private version(versionId: string): Promise<SavedVersion | null> {
    let version = this.versions.get(versionId);
    if (!version) {
      version = this.screenshots.version(versionId);
      version.catch(() => this.versions.delete(versionId));
      this.versions.set(versionId, version);
      if (this.versions.size > cachedVersions) this.versions.delete(this.versions.keys().next().value!);
    }
    return version;
  }
}
