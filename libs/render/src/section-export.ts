/**
 * The export builder: what an agent gets per section (tree, per-breakpoint CSS, assets, interactions,
 * HTML), compact: nothing the renderer would not use and nothing said twice within the section.
 */
import { type Element, type Interaction, type SnapshotSection, walkElements } from '#folio/content';
import { renderSectionHtml, resolveMedia } from './element-html.js';
import { isIconName } from './icons.js';
import { safeMediaUrl } from './links.js';
import {
  type BreakpointCss,
  type ExportedAsset,
  type ExportedElement,
  type ExportFlags,
  type RenderContext,
} from './render.types.js';
import { sectionCss } from './section-css.js';
import { sanitizeSvg } from './svg.js';

export interface ExportedSection {
  sectionKey: string;
  title: string;
  /** Template `_type` or library role (hero, features, footer, …). */
  type: string;
  elementTree: ExportedElement;
  css?: BreakpointCss[];
  assets: ExportedAsset[];
  interactions?: Interaction[];
  html?: string;
  models?: unknown;
}

/** First family name of a font stack: `"Fraunces", Georgia, serif` → `Fraunces`. */
function firstFamily(stack: string): string {
  return stack
    .split(',')[0]
    .trim()
    .replace(/^["']|["']$/g, '');
}

/** An asset entry without the fields that say nothing (null URL or size). */
function mediaAsset(
  kind: ExportedAsset['kind'],
  elementKey: string,
  media: { url: string | null; width: number | null; height: number | null; status?: string | null },
): ExportedAsset {
  const asset: ExportedAsset = { kind, elementKey };
  if (media.url) asset.url = media.url;
  if (media.width) asset.width = media.width;
  if (media.height) asset.height = media.height;
  if (media.status === 'pending' || media.status === 'failed') asset.status = media.status;
  return asset;
}

/**
 * Images, videos, shapes (inline SVG), icons (by name: their SVG is exported once per answer, see
 * `iconSvg`) and the theme fonts the section uses, with URLs and sizes.
 */
export function sectionAssets(section: SnapshotSection, ctx: RenderContext): ExportedAsset[] {
  const assets: ExportedAsset[] = [];
  const textStyles = new Set<string>();
  for (const element of walkElements(section.tree)) {
    if (element.textStyle) textStyles.add(element.textStyle);
    switch (element.type) {
      case 'image':
      case 'video':
        assets.push(mediaAsset(element.type, element.key, resolveMedia(element, ctx)));
        break;
      case 'shape': {
        const asset = element.asset ? ctx.assets?.[element.asset] : undefined;
        const inline =
          asset?.status === 'ready' && asset.svg
            ? asset.svg
            : element.src?.trimStart().startsWith('<svg')
              ? element.src
              : undefined;
        const svg = inline ? sanitizeSvg(inline) : null;
        if (svg) {
          const exported = mediaAsset('shape', element.key, {
            url: null,
            width: positive(asset?.width),
            height: positive(asset?.height),
          });
          assets.push({ ...exported, svg });
        } else {
          const media = resolveMedia(element, ctx);
          if (media.url) assets.push(mediaAsset('shape', element.key, media));
        }
        break;
      }
      case 'icon':
        if (element.src && isIconName(element.src)) {
          assets.push({ kind: 'shape', elementKey: element.key, icon: element.src });
        }
        break;
    }
  }
  // Fonts: the theme fonts named first by the body style (the root's font) and the text styles used here.
  textStyles.add('body');
  const families = new Set(
    [...textStyles]
      .map((name) => ctx.theme.textStyles?.[name]?.fontFamily)
      .filter((family): family is string => !!family)
      .map(firstFamily),
  );
  for (const font of ctx.theme.fonts ?? []) {
    if (!families.has(font.family)) continue;
    const url = font.url ? safeMediaUrl(font.url) : null;
    assets.push(url ? { kind: 'font', family: font.family, url } : { kind: 'font', family: font.family });
  }
  return assets;
}

function positive(n: number | null | undefined): number | null {
  return typeof n === 'number' && n > 0 ? n : null;
}

/** The type an exported element without `type` has: `text` when it has text, else `frame`. */
export function impliedElementType(element: { text?: string }): Element['type'] {
  return element.text === undefined ? 'frame' : 'text';
}

/**
 * The tree without what the export says elsewhere or what goes without saying: `type` when it is the
 * implied one, empty `children`, and the `src` of media whose URL the section's assets carry (by element key).
 */
export function compactTree(tree: Element, urlsInAssets: ReadonlySet<string>): ExportedElement {
  const { children, type, src, ...rest } = tree;
  const compact: ExportedElement = rest;
  if (type !== impliedElementType(tree)) compact.type = type;
  if (src !== undefined && !urlsInAssets.has(tree.key)) compact.src = src;
  if (children?.length) compact.children = children.map((child) => compactTree(child, urlsInAssets));
  return compact;
}

/** WAAPI's default delay (0) goes without saying. */
function withoutDefaultTiming(interaction: Interaction): Interaction {
  return {
    ...interaction,
    actions: interaction.actions.map((action) => {
      if (action.timing.delay !== 0) return action;
      const { delay: _default, ...timing } = action.timing;
      return { ...action, timing };
    }),
  };
}

/** One section as exported to agents and integrations; the flags choose the optional parts. */
export function exportSection(
  section: SnapshotSection,
  ctx: RenderContext,
  flags: ExportFlags,
): ExportedSection {
  const assets = sectionAssets(section, ctx);
  const urlsInAssets = new Set(
    assets.filter((asset) => asset.url && asset.elementKey).map((asset) => asset.elementKey!),
  );
  const exported: ExportedSection = {
    sectionKey: section.key,
    title: section.title,
    type: section.type,
    elementTree: compactTree(section.tree, urlsInAssets),
    assets,
  };
  if (flags.includeCss) exported.css = sectionCss(section, ctx, { grouped: true });
  if (flags.includeInteractions)
    exported.interactions = (section.interactions ?? []).map(withoutDefaultTiming);
  if (flags.includeHtml) exported.html = renderSectionHtml(section, ctx);
  if (flags.includeModels) exported.models = flags.model ?? null;
  return exported;
}
