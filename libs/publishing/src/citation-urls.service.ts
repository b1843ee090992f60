// Where an agent should cite a project or one of its pages: the live site page when the project is
// published as a site and that page is in the published version, else the editor.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { PublicationRepository } from './publication.repository.js';
import { editorUrl, siteUrl } from './published-urls.js';

/** The URL to cite for a project (no page key: its site's home, or its editor) or one of its pages. */
export type CitationUrl = (projectKey: string, pageKey?: string | null) => string;

@Injectable()
export class CitationUrls {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly publications: PublicationRepository,
  ) {}

  /**
   * The citation URLs of these projects' pages, read in one statement. Callers pass only keys the
   * actor may see: this says where a project is published, not who may know it.
   */
  async of(projectKeys: readonly string[]): Promise<CitationUrl> {
    const sites = await this.publications.sitePages(projectKeys);
    const { publicBaseUrl, sitesBaseUrl } = this.config;
    return (projectKey, pageKey) => {
      const site = sites.get(projectKey);
      if (site && !pageKey) return siteUrl(sitesBaseUrl, site.slug);
      const path = pageKey ? site?.paths.get(pageKey) : undefined;
      if (site && path !== undefined) return siteUrl(sitesBaseUrl, site.slug, path);
      return editorUrl(publicBaseUrl, projectKey, pageKey);
    };
  }
}
