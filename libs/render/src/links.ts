/** Which URLs the renderer writes into href and src attributes, and how site-relative links move under a base. */

const schemePattern = /^([a-z][a-z0-9+.-]*):/i;
const linkSchemes = new Set(['http', 'https', 'mailto', 'tel']);
const mediaSchemes = new Set(['http', 'https']);
const dataImage = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/** Browsers ignore ASCII whitespace and control characters when reading a scheme ("java\tscript:"). */
function schemeOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const match = schemePattern.exec(url.replace(/[\u0000-\u0020]/g, ''));
  return match ? match[1].toLowerCase() : null;
}

/**
 * A link target safe to render, or null: http(s), mailto and tel links, fragments and relative paths.
 * Site-relative paths ("/coffee") are moved under `linkBase` (e.g. `/sites/<slug>`); absolute links are untouched.
 */
export function safeHref(href: string | undefined, linkBase?: string): string | null {
  if (href === undefined) return null;
  const url = href.trim();
  if (url === '') return null;
  const scheme = schemeOf(url);
  if (scheme !== null) return linkSchemes.has(scheme) ? url : null;
  if (linkBase && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
    return linkBase.replace(/\/+$/, '') + url;
  }
  return url;
}

/** An image, video or font URL safe to load, or null: http(s), relative, or a data: image. */
export function safeMediaUrl(src: string | undefined): string | null {
  if (src === undefined) return null;
  const url = src.trim();
  if (url === '') return null;
  const scheme = schemeOf(url);
  if (scheme === null) return url;
  if (mediaSchemes.has(scheme)) return url;
  return dataImage.test(url) ? url : null;
}

/** The id a same-document fragment link (`#pricing`) points at, or null for any other link. */
export function fragmentTarget(href: string): string | null {
  if (!href.startsWith('#') || href.length < 2) return null;
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}
