import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type SnapshotSection } from '#folio/content';
import { type AssetRef, sectionCaptureHasher, sectionDocument } from '#folio/render';
import { BlobStore } from '#folio/storage';
import { PageTopCapture } from './page-top-capture.js';
import { type ProjectContent, ScreenshotRepository, type StoredShot } from './screenshot.repository.js';
import { SectionCapture } from './section-capture.js';

/** What a section's capture loads, and the hash that names its picture. */
export interface SectionShotDocument {
  section: SnapshotSection;
  html: string;
  hash: string;
}

/**
 * A section's screenshot by what it renders: each capture is recorded under the hash of its document, so a
 * version or draft whose section renders the same reuses it instead of capturing again.
 */
@Injectable()
export class SectionShots {
  private readonly taking = new Map<string, Promise<StoredShot>>();

  constructor(
    private readonly screenshots: ScreenshotRepository,
    private readonly capture: SectionCapture,
    private readonly pageTops: PageTopCapture,
    private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `assets` holds at least the section's own (more do not change the document). */
  document(
    content: ProjectContent,
    section: SnapshotSection,
    assets: Record<string, AssetRef>,
  ): SectionShotDocument {
    const html = sectionDocument(content.snapshot, section, assets, this.config.publicBaseUrl);
    return {
      section,
      html,
      hash: sectionCaptureHasher(content.snapshot, this.config.publicBaseUrl)(section, assets),
    };
  }

  /** The project's capture of this document: the one recorded under its hash, else taken now and recorded. */
  async shot(projectId: string, document: SectionShotDocument): Promise<StoredShot> {
    return (await this.screenshots.contentShot(projectId, document.hash)) ?? this.take(projectId, document);
  }

  /**
   * Captures the document, stores the PNG and records it under its hash. A capture of the same hash already
   * under way in this process (a version saved right after the write its draft job is picturing) is shared.
   */
  take(projectId: string, document: SectionShotDocument): Promise<StoredShot> {
    const id = `${projectId}.${document.hash}`;
    let taking = this.taking.get(id);
    if (!taking) {
      taking = this.captureAndRecord(projectId, document).finally(() => this.taking.delete(id));
      this.taking.set(id, taking);
    }
    return taking;
  }

  private async captureAndRecord(projectId: string, { section, html, hash }: SectionShotDocument) {
    const captured = await this.capture.capture({
      html,
      sectionKey: section.key,
      readOwnAsset: (url) => this.pageTops.readOwnBlob(url),
    });
    const blob = await this.blobs.put(captured.png, 'image/png');
    const shot = {
      url: blob.path,
      width: captured.width,
      height: captured.height,
      warnings: captured.warnings,
    };
    await this.screenshots.recordContentShot(projectId, hash, shot);
    return shot;
  }
}
