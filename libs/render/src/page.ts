/** A page's sections to one HTML fragment, one stylesheet and one script; and that page as a full document. */
import { createHash } from 'node:crypto';
import { type SnapshotSection, walkElements } from '#folio/content';
import { toContainerQueries } from './container-queries.js';
import { cssIdent } from './css-safety.js';
import { newRenderState, renderSectionWith } from './element-html.js';
import { escapeHtml } from './html-escape.js';
import { interactionsScript } from './interactions-runtime.js';
import { type LinkPreview, linkPreviewTags } from './link-preview.js';
import { pageBands } from './page-landmarks.js';
import { type RenderContext, type RenderedPage, type RenderOptions } from './render.types.js';
import { breakpointPlan, breakpointRules } from './section-css.js';
import { rootCss, themeCss } from './theme-css.js';

export const defaultRootClass = 'folio-page';

/**
 * Renders sections into `<div class="<rootClass>">…</div>` with CSS scoped under `.<rootClass>`: theme
 * tokens and text styles, root defaults, then every section's base rules followed by one media block per
 * breakpoint. In container mode the root is an inline-size container named after its class and width
 * media queries become container queries. With `idSuffix` every DOM id, id selector, same-page fragment
 * link and interaction lookup carries that suffix.
 */
export function renderPage(
  sections: SnapshotSection[],
  ctx: RenderContext,
  options: RenderOptions = {},
): RenderedPage {
  const rootClass = options.rootClass ?? defaultRootClass;
  const rootName = cssIdent(rootClass);
  const root = `.${rootName}`;
  const scope = `${root} `;

  const idSuffix = options.idSuffix ?? '';
  const state = newRenderState(idSuffix, idSuffix ? elementKeys(sections) : undefined);
  let html = `<div class="${escapeHtml(rootClass)}">`;
  if (options.landmarks) {
    const bands = pageBands(sections);
    for (const section of bands.header) html += renderSectionWith(section, ctx, state, 'header');
    html += '<main>';
    for (const section of bands.main) html += renderSectionWith(section, ctx, state);
    html += '</main>';
    for (const section of bands.footer) html += renderSectionWith(section, ctx, state, 'footer');
  } else {
    for (const section of sections) html += renderSectionWith(section, ctx, state);
  }
  html += '</div>';

  let css = themeCss(ctx.theme, root) + rootCss(ctx.theme, root);
  for (const step of breakpointPlan(ctx.preset, ctx.breakpoints)) {
    let rules = '';
    for (const section of sections)
      rules += breakpointRules(section.styles ?? {}, step.breakpoint, scope, idSuffix);
    if (!rules) continue;
    css += step.media ? `@media ${step.media}{\n${rules}}\n` : rules;
  }
  if (options.containerMode) {
    css = `${root}{container-type:inline-size;container-name:${rootName}}\n${toContainerQueries(css, rootName)}`;
  }

  const script = interactionsScript(
    sections.flatMap((section) => section.interactions ?? []),
    undefined,
    idSuffix,
  );
  return { html, css, script };
}

/** The keys of every element of the sections: the ids same-page links may name. */
function elementKeys(sections: SnapshotSection[]): Set<string> {
  const keys = new Set<string>();
  for (const section of sections) for (const element of walkElements(section.tree)) keys.add(element.key);
  return keys;
}

export interface DocumentMeta {
  title: string;
  description?: string;
  lang?: string;
  canonicalUrl?: string;
  /** Open Graph and Twitter card tags, for a page that is published. */
  linkPreview?: LinkPreview;
  /** CSP nonce for the inline `<style>` and `<script>`. */
  nonce?: string;
}

/** A complete HTML5 document for a rendered page (a published site page, a screenshot, a preview). */
export function renderDocument(page: RenderedPage, meta: DocumentMeta): string {
  const nonce = meta.nonce ? ` nonce="${escapeHtml(meta.nonce)}"` : '';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
  ];
  if (meta.description) head.push(`<meta name="description" content="${escapeHtml(meta.description)}">`);
  if (meta.canonicalUrl) head.push(`<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">`);
  if (meta.linkPreview) head.push(...linkPreviewTags(meta.linkPreview));
  // The page root fills the window, so its theme background does too.
  const css = `html,body{margin:0;padding:0}\nbody>div:first-child{min-height:100vh}\n${page.css}`;
  head.push(`<style${nonce}>\n${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  const script = page.script ? `\n<script${nonce}>${documentScript(page)}</script>` : '';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(meta.lang || 'en')}">
<head>
${head.join('\n')}
</head>
<body>
${page.html}${script}
</body>
</html>
`;
}

/**
 * A page rendered as a complete document with its landmarks (header, one main, footer), with the CSP
 * sources of the scripts the renderer wrote into it (`documentScriptSources`): what a policy for that
 * document may run.
 */
export function renderPageDocument(
  sections: SnapshotSection[],
  ctx: RenderContext,
  meta: DocumentMeta,
): { html: string; scriptSources: string[] } {
  const page = renderPage(sections, ctx, { landmarks: true });
  return { html: renderDocument(page, meta), scriptSources: documentScriptSources(page) };
}

/** The body of the one inline `<script>` `renderDocument` writes for the page: its interactions runtime. */
function documentScript(page: RenderedPage): string {
  return page.script.replace(/<\/script/gi, '<\\/script');
}

/**
 * The `'sha256-…'` CSP sources of the inline scripts `renderDocument` writes for `page` — the renderer's
 * own runtime, never a `<script>` that found its way into the content — so a policy runs exactly those.
 */
export function documentScriptSources(page: RenderedPage): string[] {
  if (!page.script) return [];
  return [`'sha256-${createHash('sha256').update(documentScript(page), 'utf8').digest('base64')}'`];
}
