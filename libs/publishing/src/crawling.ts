// What search engines may crawl, and the sitemaps that list what there is (docs/publishing.md, "Search
// engines and link previews").
import { escapeHtml } from '#folio/render';
import { siteUrl } from './published-urls.js';
import { type SiteMap } from './site-resolver.service.js';

/**
 * The robots.txt of the origin sites are served on: crawlers may read sites and the assets and fonts they
 * load, nothing else (editor, account pages, APIs, embed scripts), and each site's sitemap is named.
 */
export function robotsTxt(sitesBaseUrl: string, slugs: readonly string[]): string {
  const lines = ['User-agent: *', 'Allow: /sites/', 'Allow: /assets/', 'Allow: /fonts/', 'Disallow: /', ''];
  for (const slug of slugs) lines.push(`Sitemap: ${siteMapUrl(sitesBaseUrl, slug)}`);
  return `${lines.join('\n')}\n`;
}

/** `<base>/sites/<slug>/sitemap.xml`. */
export function siteMapUrl(sitesBaseUrl: string, slug: string): string {
  return `${siteUrl(sitesBaseUrl, slug)}sitemap.xml`;
}

/** The sitemap of a site: every page of its published version, last modified when that version was published. */
export function siteMapXml(sitesBaseUrl: string, slug: string, map: SiteMap): string {
  const lastmod = map.publishedAt.toISOString();
  const urls = map.paths.map(
    (path) =>
      `  <url><loc>${escapeHtml(siteUrl(sitesBaseUrl, slug, path))}</loc><lastmod>${lastmod}</lastmod></url>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('') +
    '</urlset>\n'
  );
}
