import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { sectionAssetKeys, type SnapshotPage } from '#folio/content';
import { assetsByKey, ProjectRepository } from '#folio/projects';
import { BlobStore } from '#folio/storage';
import { captureHash } from '#folio/render';
import { type ProjectContent, type StoredImage } from './screenshot.repository.js';
import { pageTopDocument, pageTopSections } from './section-document.js';
import { type PageTopSize, SectionCapture } from './section-capture.js';

/**
 * The top of a page (of a saved version or the draft) as a visitor first sees it, captured and stored: the
 * project thumbnail and the pages' link-preview images. Captures read Folio's own assets from storage, not
 * over HTTP.
 */
@Injectable()
export class PageTopCapture {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly capture: SectionCapture,
    private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async store(content: ProjectContent, page: SnapshotPage, size: PageTopSize): Promise<StoredImage> {
    return this.storeDocument(await this.document(content, page), page, size);
  }

  /** What a capture of the page's top loads, and its `captureHash`. */
  async document(content: ProjectContent, page: SnapshotPage): Promise<{ html: string; hash: string }> {
    const keys = new Set(pageTopSections(content.snapshot, page).flatMap(sectionAssetKeys));
    const assets = await this.projects.assets(content.projectId, [...keys]);
    const html = pageTopDocument(content.snapshot, page, assetsByKey(assets), this.config.publicBaseUrl);
    return { html, hash: captureHash(html) };
  }

  async storeDocument(
    document: { html: string },
    page: SnapshotPage,
    size: PageTopSize,
  ): Promise<StoredImage> {
    const shot = await this.capture.captureTop(
      { html: document.html, name: `page /${page.path}`, readOwnAsset: (url) => this.readOwnBlob(url) },
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
