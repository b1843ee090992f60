import { Injectable } from '@nestjs/common';
import { indexPage } from '#folio/content';
import { ProjectRepository } from '#folio/projects';
import { PublicationRepository } from './publication.repository.js';
import { loadPublishedPage, type PublishedPage } from './published-page.js';

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
    return page ? loadPublishedPage(this.projects, published, page) : { error: 'no_such_page' };
  }

  /** The published index page (home, else first) when no page is named. */
  async resolveIndex(
    projectKey: string,
  ): Promise<PublishedPage | { error: 'not_published' | 'no_such_page' }> {
    const published = await this.publications.findPublished(projectKey, 'embed');
    if (!published) return { error: 'not_published' };
    const page = indexPage(published.snapshot);
    return page ? loadPublishedPage(this.projects, published, page) : { error: 'no_such_page' };
  }
}
