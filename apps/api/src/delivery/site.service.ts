// Published sites: a page of the version published as the site, rendered as a whole document, once per version.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type ResolvedPublishedPage, SiteResolver } from '#folio/publishing';
import { pageSections, renderPageDocument, withServedFonts } from '#folio/render';
import { contentPolicy } from './csp.js';
import { digest, RenderCache } from './render-cache.js';

export interface SiteDocument {
  html: string;
  /** Strong, from the published version, the page and the state of its assets. */
  etag: string;
  /** The policy that runs exactly the renderer's own inline scripts, nothing that came in with content. */
  csp: string;
}

@Injectable()
export class SiteService {
  private readonly cache = new RenderCache<SiteDocument>(200);
  private readonly secure: boolean;

  constructor(
    private readonly sites: SiteResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secure = config.sitesBaseUrl.startsWith('https:');
  }

  /** The page at `path` ("" for home) of the site `slug`, or null when no published page is there. */
  async document(slug: string, path: string): Promise<SiteDocument | null> {
    const resolved = await this.sites.resolve(slug, path);
    if (!resolved) return null;
    const key = `${slug}\0${resolved.snapshot.project.key}\0${resolved.version}\0${resolved.page.key}\0${digest(JSON.stringify(resolved.assets))}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const { html, scriptSources } = this.render(slug, resolved);
    const document: SiteDocument = {
      html,
      etag: `"v${resolved.version}-${digest(key, html)}"`,
      csp: contentPolicy({
        scriptSources,
        frameAncestors: "'self'",
        secure: this.secure,
        publicBaseUrl: this.config.publicBaseUrl,
      }),
    };
    this.cache.set(key, document);
    return document;
  }

  private render(
    slug: string,
    { snapshot, page, assets }: ResolvedPublishedPage,
  ): { html: string; scriptSources: string[] } {
    const { project } = snapshot;
    const context = {
      preset: project.preset,
      theme: withServedFonts(project.theme, this.config.publicBaseUrl),
      breakpoints: project.breakpoints,
      assets,
      linkBase: `/sites/${slug}`,
    };
    return renderPageDocument(pageSections(snapshot, page), context, {
      title: page.isHome ? project.title : `${page.title} · ${project.title}`,
      description: page.description || project.description,
      lang: 'en',
      canonicalUrl: `${this.config.sitesBaseUrl}/sites/${slug}/${page.path}`,
    });
  }
}
