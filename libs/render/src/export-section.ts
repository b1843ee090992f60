/** The export builder: what an agent gets per section (tree, per-breakpoint CSS, assets, interactions, HTML). */
import { walkElements, type Element, type Interaction, type SnapshotSection } from '#folio/content';
import { renderSectionHtml, resolveMedia } from './element-html.js';
import { iconSvg } from './icons.js';
import { safeMediaUrl } from './links.js';
import {
  type BreakpointCss,
  type ExportedAsset,
  type ExportFlags,
  type RenderContext,
} from './render.types.js';
import { sectionCss } from './section-css.js';
import { sanitizeSvg } from './svg.js';

export interface ExportedSection {
  sectionKey: string;
  title: string;
  elementTree: Element;
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

/** Images, videos, inline SVG (shapes and icons) and theme fonts the section uses, with URLs and sizes. */
export function sectionAssets(section: SnapshotSection, ctx: RenderContext): ExportedAsset[] {
  const assets: ExportedAsset[] = [];
  const textStyles = new Set<string>();
  for (const element of walkElements(section.tree)) {
    if (element.textStyle) textStyles.add(element.textStyle);
    switch (element.type) {
      case 'image':
      case 'video': {
        const media = resolveMedia(element, ctx);
        assets.push({
          kind: element.type,
          url: media.url,
          width: media.width,
          height: media.height,
          elementKey: element.key,
        });
        break;
      }
      case 'shape': {
        const asset = element.asset ? ctx.assets?.[element.asset] : undefined;
        const inline =
          asset?.status === 'ready' && asset.svg
            ? asset.svg
            : element.src?.trimStart().startsWith('<svg')
              ? element.src
              : undefined;
        const svg = inline ? sanitizeSvg(inline) : null;
        const media = svg ? null : resolveMedia(element, ctx);
        const exported: ExportedAsset = {
          kind: 'shape',
          url: media?.url ?? null,
          width: media?.width ?? positive(asset?.width),
          height: media?.height ?? positive(asset?.height),
          elementKey: element.key,
        };
        if (svg) exported.svg = svg;
        if (svg || exported.url) assets.push(exported);
        break;
      }
      case 'icon': {
        const svg = iconSvg(element.src);
        if (svg)
          assets.push({ kind: 'shape', url: null, width: 24, height: 24, elementKey: element.key, svg });
        break;
      }
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
    assets.push({
      kind: 'font',
      url: font.url ? safeMediaUrl(font.url) : null,
      width: null,
      height: null,
      family: font.family,
    });
  }
  return assets;
}

function positive(n: number | null | undefined): number | null {
  return typeof n === 'number' && n > 0 ? n : null;
}

/** One section as exported to agents and integrations; the flags choose the optional parts. */
export function exportSection(
  section: SnapshotSection,
  ctx: RenderContext,
  flags: ExportFlags,
): ExportedSection {
  const exported: ExportedSection = {
    sectionKey: section.key,
    title: section.title,
    elementTree: section.tree,
    assets: sectionAssets(section, ctx),
  };
  if (flags.includeCss) exported.css = sectionCss(section, ctx);
  if (flags.includeInteractions) exported.interactions = section.interactions ?? [];
  if (flags.includeHtml) exported.html = renderSectionHtml(section, ctx);
  if (flags.includeModels) exported.models = flags.model ?? null;
  return exported;
}
