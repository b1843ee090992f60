/** The Open Graph and Twitter card tags of a page: what Slack, iMessage, LinkedIn and X show of a shared link. */
import { escapeHtml } from './html-escape.js';

export interface LinkPreview {
  title: string;
  description?: string;
  /** The page's absolute address (its canonical URL). */
  url: string;
  siteName: string;
  /** An absolute URL; null or absent: a preview without a picture. */
  image?: { url: string; width?: number; height?: number; alt?: string } | null;
}

/** `<meta>` tags for `preview`: og:* for every reader, and the Twitter card kind (large with a picture). */
export function linkPreviewTags(preview: LinkPreview): string[] {
  const tags: [string, string, string | number | undefined][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', preview.siteName],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description || undefined],
    ['property', 'og:url', preview.url],
    ['property', 'og:image', preview.image?.url],
    ['property', 'og:image:width', preview.image?.width],
    ['property', 'og:image:height', preview.image?.height],
    ['property', 'og:image:alt', preview.image?.alt || undefined],
    ['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'],
  ];
  return tags
    .filter(([, , content]) => content !== undefined)
    .map(
      ([attribute, name, content]) =>
        `<meta ${attribute}="${name}" content="${escapeHtml(String(content))}">`,
    );
}
