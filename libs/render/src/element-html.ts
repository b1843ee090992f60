/**
 * Element trees to HTML: one tag per element, its key (plus the render's id suffix) as DOM id, text
 * sanitized, media resolved from assets.
 */
import { type Element, type SnapshotSection } from '#folio/content';
import { escapeHtml } from './html-escape.js';
import { iconSvg } from './icons.js';
import { fragmentTarget, safeHref, safeMediaUrl } from './links.js';
import { type BandLandmark, bandRootTag } from './page-landmarks.js';
import { type AssetRef, type RenderContext } from './render.types.js';
import { sanitizeSvg } from './svg.js';
import { phrasingContainers, sanitizeText, type TextContext } from './text-html.js';

/**
 * Tags an element may ask for; anything else (script, iframe, form, style, …) falls back to the type's
 * default. No `main`: a page document has exactly one, the renderer's, and an embed leaves it to its host.
 */
const elementTags = new Set([
  'a',
  'address',
  'article',
  'aside',
  'b',
  'blockquote',
  'button',
  'cite',
  'code',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'i',
  'label',
  'li',
  'mark',
  'nav',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'time',
  'u',
  'ul',
]);

const defaultTags: Record<Element['type'], string> = {
  frame: 'div',
  text: 'p',
  image: 'img',
  video: 'video',
  shape: 'div',
  button: 'button',
  icon: 'span',
  embed: 'div',
};

/** Per-render state: images after the first load lazily; landmark names stay unique; ids carry a suffix. */
export interface RenderState {
  images: number;
  landmarkLabels: Set<string>;
  /** Appended to every DOM id (see `RenderOptions.idSuffix`); '' for none. */
  idSuffix: string;
  /** Element keys of the whole page: fragment links to them (`#<key>`) get `idSuffix` too. */
  pageKeys: ReadonlySet<string>;
}

interface Place {
  /** Inside an `a` or `button`: no nested interactive content. */
  inLink: boolean;
  sectionTitle: string;
}

/** Landmarks that are always exposed; several on a page need distinct names ("Footer links"). */
const namedLandmarks = new Set(['nav', 'aside', 'header', 'footer']);

function landmarkLabel(element: Element, place: Place, state: RenderState): string | null {
  const name = element.name?.trim();
  if (!name) return null;
  let label = name;
  if (state.landmarkLabels.has(label)) label = `${name} (${place.sectionTitle})`;
  for (let n = 2; state.landmarkLabels.has(label); n++) label = `${name} ${n}`;
  state.landmarkLabels.add(label);
  return label;
}

export function newRenderState(idSuffix = '', pageKeys: ReadonlySet<string> = new Set()): RenderState {
  return { images: 0, landmarkLabels: new Set(), idSuffix, pageKeys };
}

/** A link that names an element of the page by its key follows that element's id (key + suffix). */
function linkTarget(href: string, state: RenderState): string {
  if (!state.idSuffix) return href;
  const target = fragmentTarget(href);
  return target !== null && state.pageKeys.has(target) ? `#${target}${state.idSuffix}` : href;
}

/** The same for the links of sanitized element text (`<a href="#key">`, as sanitize-html writes them). */
function textLinkTargets(html: string, state: RenderState): string {
  if (!state.idSuffix || !html.includes('href="#')) return html;
  // In sanitized HTML `<` only starts tags and attribute values have `"` and `>` escaped.
  return html.replace(/<a\s[^>]*>/g, (tag) =>
    tag.replace(/(\shref=")(#[^"]*)"/, (_, before: string, href: string) => {
      const target = fragmentTarget(href);
      return target !== null && state.pageKeys.has(target)
        ? `${before}#${escapeHtml(target + state.idSuffix)}"`
        : `${before}${href}"`;
    }),
  );
}

export function renderSectionHtml(section: SnapshotSection, ctx: RenderContext): string {
  return renderSectionWith(section, ctx, newRenderState());
}

/**
 * The section's tree with `data-section-key` on its root, sharing `state` with the rest of the page; in a
 * header or footer band its root is that landmark unless its own tag already is one (`bandRootTag`).
 */
export function renderSectionWith(
  section: SnapshotSection,
  ctx: RenderContext,
  state: RenderState,
  band?: BandLandmark,
): string {
  const place = { inLink: false, sectionTitle: section.title };
  return renderElement(section.tree, ctx, state, place, section.key, band);
}

/** The asset an element refers to, when it is ready. */
function readyAsset(element: Element, ctx: RenderContext): AssetRef | undefined {
  if (!element.asset) return undefined;
  const asset = ctx.assets?.[element.asset];
  return asset?.status === 'ready' ? asset : undefined;
}

export interface ResolvedMedia {
  url: string | null;
  width: number | null;
  height: number | null;
  /** Status of the element’s asset (null when it has none): a pending or failed one renders a placeholder. */
  status: AssetRef['status'] | null;
}

/** Where an image or video comes from: a ready asset wins over `src`; dimensions when known. */
export function resolveMedia(element: Element, ctx: RenderContext): ResolvedMedia {
  const asset = readyAsset(element, ctx);
  const known = element.asset ? ctx.assets?.[element.asset] : undefined;
  const url = safeMediaUrl(asset?.url) ?? safeMediaUrl(element.src);
  let width = positive(known?.width);
  let height = positive(known?.height);
  if ((width === null || height === null) && url?.startsWith('data:image/svg+xml')) {
    const size = svgDataSize(url);
    if (size) [width, height] = size;
  }
  return { url, width, height, status: asset ? 'ready' : (known?.status ?? null) };
}

function positive(n: number | null | undefined): number | null {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

/** Width and height of an SVG data URL, from its root element's attributes (or viewBox). */
function svgDataSize(url: string): [number, number] | null {
  const comma = url.indexOf(',');
  let head = url.slice(comma + 1, comma + 1 + 1_500);
  try {
    head = /;base64$/i.test(url.slice(0, comma)) ? atob(head.slice(0, 1_000)) : decodeURIComponent(head);
  } catch {
    try {
      head = decodeURIComponent(head.replace(/%[0-9a-f]?$/i, ''));
    } catch {
      return null;
    }
  }
  const svg = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!svg) return null;
  const attr = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']?([0-9.]+)(px)?["'\\s/>]`, 'i').exec(svg)?.[1];
  const width = Number(attr('width'));
  const height = Number(attr('height'));
  if (width > 0 && height > 0) return [Math.round(width), Math.round(height)];
  const viewBox = /\sviewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)/i.exec(svg);
  if (viewBox && Number(viewBox[1]) > 0 && Number(viewBox[2]) > 0) {
    return [Math.round(Number(viewBox[1])), Math.round(Number(viewBox[2]))];
  }
  return null;
}

/** A neutral box of the image's proportions while its asset is still being made. */
function placeholderSrc(width: number | null, height: number | null): string {
  const w = width ?? 4;
  const h = height ?? 3;
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${w} ${h}'%3E%3Crect width='100%25' height='100%25' fill='%23e5e7eb'/%3E%3C/svg%3E`;
}

function tagOf(element: Element, place: Place): string {
  let tag = element.tag && elementTags.has(element.tag) ? element.tag : undefined;
  if (!tag) {
    if (
      element.type === 'button' ||
      ((element.type === 'frame' || element.type === 'text') && element.href)
    ) {
      tag = element.href ? 'a' : defaultTags[element.type];
    } else {
      tag = defaultTags[element.type];
    }
  }
  // Links and buttons cannot nest: an inner one renders as a plain span.
  if (place.inLink && (tag === 'a' || tag === 'button')) return 'span';
  return tag;
}

function textContext(tag: string, inLink: boolean): TextContext {
  if (inLink || tag === 'a' || tag === 'button') return 'inLink';
  return phrasingContainers.has(tag) ? 'phrasing' : 'flow';
}

function commonAttributes(element: Element, sectionKey: string | undefined, state: RenderState): string {
  let attrs = ` id="${escapeHtml(element.key + state.idSuffix)}"`;
  if (element.textStyle && /^[A-Za-z0-9_-]+$/.test(element.textStyle))
    attrs += ` class="ts-${element.textStyle}"`;
  if (sectionKey !== undefined) attrs += ` data-section-key="${escapeHtml(sectionKey)}"`;
  return attrs;
}

function renderElement(
  element: Element,
  ctx: RenderContext,
  state: RenderState,
  place: Place,
  sectionKey?: string,
  band?: BandLandmark,
): string {
  switch (element.type) {
    case 'image':
      return renderImage(element, ctx, state, commonAttributes(element, sectionKey, state));
    case 'video':
      return renderVideo(element, ctx, commonAttributes(element, sectionKey, state));
    case 'embed': {
      const frame = renderEmbedFrame(element, commonAttributes(element, sectionKey, state));
      if (frame) return frame;
      break;
    }
  }

  const tag = band ? bandRootTag(band, tagOf(element, place)) : tagOf(element, place);
  let attrs = commonAttributes(element, sectionKey, state);
  const inLink = place.inLink || tag === 'a' || tag === 'button';
  if (tag === 'a') {
    const href = safeHref(element.href, ctx.linkBase);
    if (href !== null) attrs += ` href="${escapeHtml(linkTarget(href, state))}"`;
  } else if (tag === 'button') {
    attrs += ' type="button"';
  } else if (namedLandmarks.has(tag)) {
    const label = landmarkLabel(element, place, state);
    if (label) attrs += ` aria-label="${escapeHtml(label)}"`;
  } else if (tag === 'pre') {
    // Code wider than a phone scrolls sideways: keyboard users reach it by focus, as others by swiping.
    attrs += ' tabindex="0"';
  }

  let inner = '';
  if (element.type === 'icon') {
    inner += iconSvg(element.src, element.alt) ?? '';
  } else if (element.type === 'shape') {
    inner += renderShape(element, ctx, state);
  }
  if (element.text)
    inner += textLinkTargets(sanitizeText(element.text, textContext(tag, place.inLink), ctx.linkBase), state);
  if (element.children) {
    const childPlace = inLink === place.inLink ? place : { ...place, inLink };
    for (const child of element.children) inner += renderElement(child, ctx, state, childPlace);
  }
  // A link or button with only icons inside still needs a name for screen readers.
  if ((tag === 'a' || tag === 'button') && !hasText(element)) {
    const label = element.alt || element.name;
    if (label) attrs += ` aria-label="${escapeHtml(label)}"`;
  }
  return `<${tag}${attrs}>${inner}</${tag}>`;
}

function hasText(element: Element): boolean {
  if (element.text && element.text.replace(/<[^>]*>/g, '').trim()) return true;
  if (element.type === 'image' && element.alt) return true;
  return (element.children ?? []).some(hasText);
}

function loadingAttributes(state: RenderState): string {
  state.images++;
  // The first image is likely the largest one above the fold: load it at once.
  return state.images === 1 ? ' fetchpriority="high" decoding="async"' : ' loading="lazy" decoding="async"';
}

function sizeAttributes(width: number | null, height: number | null): string {
  return width !== null && height !== null ? ` width="${width}" height="${height}"` : '';
}

function renderImage(element: Element, ctx: RenderContext, state: RenderState, attrs: string): string {
  const media = resolveMedia(element, ctx);
  const alt = ` alt="${escapeHtml(element.alt ?? '')}"`;
  const size = sizeAttributes(media.width, media.height);
  if (media.url === null) {
    const status = media.status && media.status !== 'ready' ? media.status : 'missing';
    return `<img${attrs} src="${placeholderSrc(media.width, media.height)}"${alt}${size} data-asset-status="${status}">`;
  }
  return `<img${attrs} src="${escapeHtml(media.url)}"${alt}${size}${loadingAttributes(state)}>`;
}

function renderVideo(element: Element, ctx: RenderContext, attrs: string): string {
  const media = resolveMedia(element, ctx);
  let extra = sizeAttributes(media.width, media.height);
  if (media.url !== null) extra += ` src="${escapeHtml(media.url)}"`;
  if (element.alt) extra += ` aria-label="${escapeHtml(element.alt)}"`;
  return `<video${attrs}${extra} controls playsinline preload="metadata"></video>`;
}

/** An `embed` with an https URL becomes a lazily loaded iframe; anything else renders as a frame. */
function renderEmbedFrame(element: Element, attrs: string): string | null {
  const src = element.src?.trim();
  if (!src || !/^https:\/\//i.test(src)) return null;
  const title = element.alt || element.name || 'Embedded content';
  return `<iframe${attrs} src="${escapeHtml(src)}" title="${escapeHtml(title)}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`;
}

/** A shape is inline SVG (its asset's or its own, sanitized) or an SVG/image URL shown as a decorative image. */
function renderShape(element: Element, ctx: RenderContext, state: RenderState): string {
  const asset = readyAsset(element, ctx);
  const inline = asset?.svg ?? (element.src?.trimStart().startsWith('<svg') ? element.src : undefined);
  if (inline) return sanitizeSvg(inline) ?? '';
  const media = resolveMedia(element, ctx);
  if (media.url === null) return '';
  return `<img src="${escapeHtml(media.url)}" alt="${escapeHtml(element.alt ?? '')}"${sizeAttributes(media.width, media.height)}${loadingAttributes(state)}>`;
}
