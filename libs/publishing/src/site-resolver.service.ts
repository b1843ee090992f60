import { Injectable } from '@nestjs/common';
import { indexPage, type SnapshotPage } from '#folio/content';
import { pageByPath, ProjectRepository } from '#folio/projects';
import { PublicationRepository, type PublishedSite } from './publication.repository.js';
import { loadPublishedPage, type PublishedPage } from './published-page.js';

/** A page of a published site, with the link-preview image captured of it (null until there is one). */
export interface SitePage extends PublishedPage {
  shareImageUrl: string | null;
}

/** What a site's sitemap lists: the path of every page of the published version, and when it was published. */
export interface SiteMap {
  paths: string[];
  publishedAt: Date;
  version: number;
}

/** Site pages: `<base>/sites/<slug>/<path>` → the site destination's published version. */
@Injectable()
export class SiteResolver {
  constructor(
    private readonly publications: PublicationRepository,
    private readonly projects: ProjectRepository,
  ) {}

  /** The published page at `path` ("" or "/" for the home page), or null for an unknown slug or path. */
  async resolve(slug: string, path: string): Promise<SitePage | null> {
    const published = await this.publications.findSite(slug.toLowerCase());
    const page = published && pageByPath(published.snapshot, path);
    return page ? this.sitePage(published, page) : null;
  }

  /**
   * The site's index page (home, else first), whose navbar and footer frame its not-found page; null for
   * an unknown slug or a site without pages.
   */
  async home(slug: string): Promise<SitePage | null> {
    const published = await this.publications.findSite(slug.toLowerCase());
    const page = published && indexPage(published.snapshot);
    return page ? this.sitePage(published, page) : null;
  }

  /** Every page of the site's published version, or null for an unknown slug. */
  async siteMap(slug: string): Promise<SiteMap | null> {
    const published = await this.publications.findSite(slug.toLowerCase());
    if (!published) return null;
    return {
      paths: published.snapshot.pages.map((page) => page.path),
      publishedAt: published.publishedAt,
      version: published.versionNumber,
    };
  }

  /** The slug of every published site, in order. */
  slugs(): Promise<string[]> {
    return this.publications.siteSlugs();
  }

  /**
   * The project of the site at `slug` and the key of its published page at `path` (null when the site
   * has no page there); null for an unknown slug.
   */
  async locate(slug: string, path: string): Promise<{ projectKey: string; pageKey: string | null } | null> {
    const published = await this.publications.findSite(slug.toLowerCase());
    if (!published) return null;
    return { projectKey: published.projectKey, pageKey: pageByPath(published.snapshot, path)?.key ?? null };
  }

  private async sitePage(published: PublishedSite, page: SnapshotPage): Promise<SitePage> {
    const loaded = await loadPublishedPage(this.projects, published, page);
    return { ...loaded, shareImageUrl: published.shareImages.get(page.key) ?? null };
  }
}
