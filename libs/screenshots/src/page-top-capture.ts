import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { sectionAssetKeys, type SnapshotPage } from '#folio/content';
import { assetsByKey, ProjectRepository } from '#folio/projects';
import { BlobStore } from '#folio/storage';
import { type SavedVersion, type StoredImage } from './screenshot.repository.js';
import { pageTopDocument, pageTopSections } from './section-document.js';
import { type PageTopSize, SectionCapture } from './section-capture.js';

/**
 * The top of a page of a saved version as a visitor first sees it, captured and stored: the project thumbnail
 * and the pages' link-preview images. Captures read Folio's own assets from storage, not over HTTP.
 */
@Injectable()
export class PageTopCapture {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly capture: SectionCapture,
    private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async store(version: SavedVersion, page: SnapshotPage, size: PageTopSize): Promise<StoredImage> {
    const keys = new Set(pageTopSections(version.snapshot, page).flatMap(sectionAssetKeys));
    const assets = await this.projects.assets(version.projectId, [...keys]);
    const shot = await this.capture.captureTop(
      {
        html: pageTopDocument(version.snapshot, page, assetsByKey(assets), this.config.publicBaseUrl),
        name: `page /${page.path}`,
        readOwnAsset: (url) => this.readOwnBlob(url),
      },
      size,
    );
    const blob = await this.blobs.put(shot.png, 'image/png');
    return { url: blob.path, width: shot.width, height: shot.height };
  }

  /** One of Folio's own stored blobs by its URL, for a capture to show without a request. */
  async readOwnBlob(url: string): Promise<{ bytes: Uint8Array; type: string } | null> {
    const name = this.blobs.nameOf(url);
    const blob = name ? await this.blobs.get(name) : null;
    return blob && { bytes: blob.bytes, type: blob.type };
  }
}
