// Sites and embeds serve published versions only: nothing here ever reads the draft project.
import { Injectable } from '@nestjs/common';
import { type ProjectSnapshot, type SnapshotPage, indexPage } from '#folio/content';
import { assetsByKey, type ProjectAsset, ProjectRepository } from '#folio/projects';
import { pageAssetKeys, pageByPath } from './page-content.js';
import { PublicationRepository, type PublishedVersion } from './publication.repository.js';

/** A page of a published version, with what rendering it needs. */
export interface PublishedPage {
  projectKey: string;
  /** Version number: with the project key, identifies the content (ETags, caches). */
  version: number;
  snapshot: ProjectSnapshot;
  page: SnapshotPage;
  /** The assets the page uses, by asset key (as RenderContext.assets takes them). */
  assets: Record<string, ProjectAsset>;
  publishedAt: Date;
}

/** The same shape under the name the first API sketch used. */
export type ResolvedPublishedPage = PublishedPage;

async function loadPage(
  projects: ProjectRepository,
  published: PublishedVersion,
  page: SnapshotPage,
): Promise<PublishedPage> {
  const assets = await projects.assets(published.projectId, pageAssetKeys(page));
  return {
    projectKey: published.projectKey,
    version: published.versionNumber,
    snapshot: published.snapshot,
    page,
    assets: assetsByKey(assets),
    publishedAt: published.publishedAt,
  };
}

/** Site pages: `<base>/sites/<slug>/<path>` → the hosting destination's published version. */
@Injectable()
export class SiteResolver {
  constructor(
    private readonly publications: PublicationRepository,
    private readonly projects: ProjectRepository,
  ) {}

  /** The published page at `path` ("" or "/" for the home page), or null for an unknown slug or path. */
  async resolve(slug: string, path: string): Promise<PublishedPage | null> {
    const published = await this.publications.findSite(slug.toLowerCase());
    if (!published) return null;
    const page = pageByPath(published.snapshot, path);
    return page ? loadPage(this.projects, published, page) : null;
  }
}

/** Embed scripts: `<base>/embed/<projectKey>/<pageKey>.js` → the embed destination's published version. */
@Injectable()
export class EmbedResolver {
  constructor(
    private readonly publications: PublicationRepository,
    private readonly projects: ProjectRepository,
  ) {}

  /** The published page, or why there is none to show. Never the draft. */
  async resolve(
    projectKey: string,
    pageKey: string,
  ): Promise<PublishedPage | { error: 'not_published' | 'no_such_page' }> {
    const published = await this.publications.findPublished(projectKey, 'embed');
    if (!published) return { error: 'not_published' };
    const page = published.snapshot.pages.find((p) => p.key === pageKey);
    return page ? loadPage(this.projects, published, page) : { error: 'no_such_page' };
  }

  /** The published index page (home, else first) when no page is named. */
  async resolveIndex(
    projectKey: string,
  ): Promise<PublishedPage | { error: 'not_published' | 'no_such_page' }> {
    const published = await this.publications.findPublished(projectKey, 'embed');
    if (!published) return { error: 'not_published' };
    const page = indexPage(published.snapshot);
    return page ? loadPage(this.projects, published, page) : { error: 'no_such_page' };
  }
}
