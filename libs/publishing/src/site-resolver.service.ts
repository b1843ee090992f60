import { Injectable } from '@nestjs/common';
import { pageByPath, ProjectRepository } from '#folio/projects';
import { PublicationRepository } from './publication.repository.js';
import { loadPublishedPage, type PublishedPage } from './published-page.js';

/** Site pages: `<base>/sites/<slug>/<path>` → the site destination's published version. */
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
    return page ? loadPublishedPage(this.projects, published, page) : null;
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
}
