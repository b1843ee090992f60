// Published sites: a page of the version published as the site, rendered as a whole document, once per version.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type SnapshotSection } from '#folio/content';
import { robotsTxt, SiteResolver, siteMapXml, type SitePage } from '#folio/publishing';
import {
  type DocumentMeta,
  type LinkPreview,
  pageBands,
  pageSections,
  renderPageDocument,
  withServedFonts,
} from '#folio/render';
import { contentPolicy } from './csp.js';
import { digest, RenderCache } from './render-cache.js';
import { notFoundSection } from './site-not-found-section.js';

export interface SiteDocument {
  html: string;
  /** Weak (the bytes differ by content coding), from the published version, the page and what it shows. */
  etag: string;
  /** The policy that runs exactly the renderer's own inline scripts, nothing that came in with content. */
  csp: string;
}

/** A crawler's file (sitemap, robots.txt) with its validator. */
export interface CrawlerFile {
  body: string;
  etag: string;
}

/** The size of the captured page top a link preview shows. */
const shareImageSize = { width: 1200, height: 630 };

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
    // Everything the document shows: the version (content, page meta), its assets' state, its preview image.
    const key = `${slug}\0${resolved.snapshot.project.key}\0${resolved.version}\0${resolved.page.key}\0${digest(JSON.stringify(resolved.assets))}\0${resolved.shareImageUrl ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const { snapshot, page } = resolved;
    const title = page.isHome ? snapshot.project.title : `${page.title} · ${snapshot.project.title}`;
    const description = page.description || snapshot.project.description;
    const canonicalUrl = `${this.config.sitesBaseUrl}/sites/${slug}/${page.path}`;
    const document = this.render(slug, resolved, pageSections(snapshot, page), {
      title,
      description,
      canonicalUrl,
      linkPreview: this.linkPreview(resolved, { title, description, url: canonicalUrl }),
    });
    this.cache.set(key, document);
    return document;
  }

  /**
   * The not-found page of the site `slug` in its own look: the navbar and footer of its index page around a
   * short message with a link home; null when there is no such site.
   */
  async notFoundDocument(slug: string): Promise<SiteDocument | null> {
    const home = await this.sites.home(slug);
    if (!home) return null;
    const bands = pageBands(pageSections(home.snapshot, home.page));
    const sections = [...bands.header, notFoundSection(), ...bands.footer];
    return this.render(slug, home, sections, {
      title: `Page not found · ${home.snapshot.project.title}`,
    });
  }

  /** The sitemap of the site `slug`, or null when there is no such site. */
  async siteMap(slug: string): Promise<CrawlerFile | null> {
    const map = await this.sites.siteMap(slug);
    if (!map) return null;
    const body = siteMapXml(this.config.sitesBaseUrl, slug, map);
    return { body, etag: `W/"${digest(body)}"` };
  }

  /** The robots.txt of the origin sites are served on, naming every site's sitemap. */
  async robots(): Promise<CrawlerFile> {
    const body = robotsTxt(this.config.sitesBaseUrl, await this.sites.slugs());
    return { body, etag: `W/"${digest(body)}"` };
  }

  /**
   * The page's own title, description and image win; without an image of its own the preview shows the top
   * of the page as published, once captured (until then, none).
   */
  private linkPreview(
    { snapshot, page, shareImageUrl }: SitePage,
    meta: Pick<LinkPreview, 'title' | 'description' | 'url'>,
  ): LinkPreview {
    const own = page.imageUrl ? this.absolute(page.imageUrl) : null;
    const captured = shareImageUrl ? this.absolute(shareImageUrl) : null;
    const image = own ? { url: own } : captured ? { url: captured, ...shareImageSize } : null;
    return { ...meta, siteName: snapshot.project.title, image };
  }

  /** An http(s) URL as an absolute one, relative ones (`/assets/…`) on the sites origin; null otherwise. */
  private absolute(url: string): string | null {
    try {
      const absolute = new URL(url, `${this.config.sitesBaseUrl}/`);
      return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.href : null;
    } catch {
      return null;
    }
  }

  private render(
    slug: string,
    { snapshot, assets, version }: SitePage,
    sections: SnapshotSection[],
    meta: DocumentMeta,
  ): SiteDocument {
    const { project } = snapshot;
    const context = {
      preset: project.preset,
      theme: withServedFonts(project.theme, this.config.publicBaseUrl),
      breakpoints: project.breakpoints,
      assets,
      linkBase: `/sites/${slug}`,
    };
    const { html, scriptSources } = renderPageDocument(sections, context, { lang: 'en', ...meta });
    return {
      html,
      etag: `W/"v${version}-${digest(slug, html)}"`,
      csp: contentPolicy({
        scriptSources,
        frameAncestors: "'self'",
        secure: this.secure,
        publicBaseUrl: this.config.publicBaseUrl,
      }),
    };
  }
}
