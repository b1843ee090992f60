import { Injectable, Logger } from '@nestjs/common';
import { indexPage } from '#folio/content';
import {
  draftScreenshotsJob,
  type JobContext,
  type JobPayloads,
  type JobProcessor,
  JobProcessorFor,
} from '#folio/jobs';
import { assetsByKey, ProjectRepository } from '#folio/projects';
import { PageTopCapture } from './page-top-capture.js';
import { type ProjectContent, ScreenshotRepository } from './screenshot.repository.js';
import { thumbnailTop } from './section-capture.js';
import { type SectionShotDocument, SectionShots } from './section-shots.js';

/** Sections of one draft captured at once (the process's one browser is shared with the other jobs). */
const capturesAtOnce = 4;

/**
 * Catches the draft's screenshots up with a revision: captures each section whose content the project has
 * no screenshot of yet, and the index page's top when it changed, which becomes the project thumbnail. A
 * job whose revision was overtaken leaves the work to the newer revision's job.
 */
@Injectable()
@JobProcessorFor('draft-screenshots')
export class DraftScreenshotsProcessor implements JobProcessor<'draft-screenshots'> {
  readonly concurrency = 2;
  private readonly logger = new Logger('DraftScreenshots');

  constructor(
    private readonly screenshots: ScreenshotRepository,
    private readonly projects: ProjectRepository,
    private readonly shots: SectionShots,
    private readonly pageTops: PageTopCapture,
  ) {}

  async process(
    { projectId, revision }: JobPayloads['draft-screenshots'],
    { isLastAttempt }: JobContext,
  ): Promise<void> {
    const state = await this.screenshots.draftState(projectId);
    if (!state || state.screenshotsRevision >= revision || state.revision > revision) return;
    try {
      const content = { projectId, snapshot: await this.projects.snapshot(projectId) };
      await this.captureSections(content);
      await this.captureThumbnail(content, revision, state.thumbnailHash);
    } catch (error) {
      if (!isLastAttempt) throw error;
      // Given up until the next write: the outstanding-work sweep would otherwise retry it forever.
      this.logger.warn(`Draft screenshots of revision ${revision} given up: ${(error as Error).message}`);
    }
    await this.screenshots.markDraftDone(projectId, revision);
  }

  async outstanding() {
    const owed = await this.screenshots.owedDrafts();
    return owed.map(({ projectId, revision }) => draftScreenshotsJob(projectId, revision));
  }

  private async captureSections(content: ProjectContent): Promise<void> {
    const assets = assetsByKey(await this.projects.assets(content.projectId));
    const documents = new Map<string, SectionShotDocument>();
    for (const page of content.snapshot.pages) {
      for (const section of page.sections) {
        const document = this.shots.document(content, section, assets);
        documents.set(document.hash, document);
      }
    }
    const captured = await this.screenshots.capturedHashes(content.projectId, [...documents.keys()]);
    const owed = [...documents.values()].filter((document) => !captured.has(document.hash));
    const take = async () => {
      for (let next = owed.shift(); next; next = owed.shift()) await this.shots.take(content.projectId, next);
    };
    await Promise.all(Array.from({ length: capturesAtOnce }, take));
  }

  private async captureThumbnail(content: ProjectContent, revision: number, shown: string | null) {
    const page = indexPage(content.snapshot);
    if (!page?.sections.length) return;
    const top = await this.pageTops.document(content, page);
    if (top.hash === shown) return;
    const image = await this.pageTops.storeDocument(top, page, thumbnailTop);
    await this.screenshots.saveDraftThumbnail(content.projectId, revision, image, top.hash);
  }
}
