/**
 * Per-breakpoint section styles to CSS. The preset decides the cascade: `desktop` renders desktop styles
 * as the base and narrower breakpoints in max-width queries (widest first); `mobile` renders mobile as the
 * base and wider breakpoints in min-width queries (narrowest first).
 */
import {
  defaultBreakpoints,
  type Breakpoint,
  type SectionStyles,
  type SnapshotSection,
} from '#folio/content';
import { cssIdent, declarationBlock } from './css-safety.js';
import { type BreakpointCss, type RenderContext } from './render.types.js';

/** One breakpoint in cascade order; `media` is '' for the base. */
export interface BreakpointStep {
  breakpoint: string;
  media: string;
}

const planCache = new Map<string, BreakpointStep[]>();

/** The breakpoints of a project in the order their CSS must appear, with their media conditions. */
export function breakpointPlan(preset: 'desktop' | 'mobile', breakpoints: Breakpoint[]): BreakpointStep[] {
  const list = breakpoints.length ? breakpoints : defaultBreakpoints;
  const cacheKey = `${preset}${JSON.stringify(list)}`;
  const cached = planCache.get(cacheKey);
  if (cached) return cached;

  // Narrowest first, by the lower edge of each range.
  const sorted = [...list].sort(
    (a, b) => (a.minWidth ?? 0) - (b.minWidth ?? 0) || (a.maxWidth ?? Infinity) - (b.maxWidth ?? Infinity),
  );
  const steps: BreakpointStep[] = [];
  if (preset === 'desktop') {
    const base = sorted.find((b) => b.name === 'desktop') ?? sorted[sorted.length - 1];
    steps.push({ breakpoint: base.name, media: '' });
    for (let i = sorted.length - 1; i >= 0; i--) {
      const b = sorted[i];
      if (b === base) continue;
      const max =
        b.maxWidth ?? (sorted[i + 1]?.minWidth !== undefined ? sorted[i + 1].minWidth! - 1 : undefined);
      if (max !== undefined) steps.push({ breakpoint: b.name, media: `(max-width: ${max}px)` });
    }
  } else {
    const base = sorted.find((b) => b.name === 'mobile') ?? sorted[0];
    steps.push({ breakpoint: base.name, media: '' });
    for (let i = 0; i < sorted.length; i++) {
      const b = sorted[i];
      if (b === base) continue;
      const min =
        b.minWidth ?? (sorted[i - 1]?.maxWidth !== undefined ? sorted[i - 1].maxWidth! + 1 : undefined);
      if (min !== undefined) steps.push({ breakpoint: b.name, media: `(min-width: ${min}px)` });
    }
  }
  if (planCache.size > 50) planCache.clear();
  planCache.set(cacheKey, steps);
  return steps;
}

/**
 * `#key{…}` rules for one breakpoint of a section, each selector prefixed with `scope` (e.g. `.folio-page `);
 * with `idSuffix` (see `RenderOptions.idSuffix`) they select `#<key><idSuffix>`.
 */
export function breakpointRules(
  styles: SectionStyles,
  breakpoint: string,
  scope = '',
  idSuffix = '',
): string {
  const byElement = styles[breakpoint];
  if (!byElement) return '';
  let css = '';
  for (const key in byElement) {
    const block = declarationBlock(byElement[key] ?? {});
    if (block) css += `${scope}#${cssIdent(key + idSuffix)}{${block}}\n`;
  }
  return css;
}

/**
 * One rule per distinct declaration block of a breakpoint, with every element that has that block in its
 * selector list (`#a,#b{…}`). Each element has one block per breakpoint, so the grouping cascades exactly
 * as one rule per element does; repeated cards and links then cost one rule.
 */
function groupedBreakpointRules(styles: SectionStyles, breakpoint: string, scope: string): string {
  const selectorsByBlock = new Map<string, string[]>();
  for (const [key, declarations] of Object.entries(styles[breakpoint] ?? {})) {
    const block = declarationBlock(declarations ?? {});
    if (!block) continue;
    const selectors = selectorsByBlock.get(block);
    const selector = `${scope}#${cssIdent(key)}`;
    if (selectors) selectors.push(selector);
    else selectorsByBlock.set(block, [selector]);
  }
  let css = '';
  for (const [block, selectors] of selectorsByBlock) css += `${selectors.join(',')}{${block}}\n`;
  return css;
}

export interface SectionCssOptions {
  /** Prefixes every selector (none by default). */
  scope?: string;
  /** Elements with the same declarations share one rule (see groupedBreakpointRules). */
  grouped?: boolean;
}

/**
 * The section's CSS per breakpoint, in cascade order: the base (`media: ''`) first, then each override
 * with its media condition (e.g. `(max-width: 767px)`; wrap it as `@media <media> { <css> }`). Overrides
 * without rules are left out.
 */
export function sectionCss(
  section: SnapshotSection,
  ctx: RenderContext,
  { scope = '', grouped = false }: SectionCssOptions = {},
): BreakpointCss[] {
  const prefix = scope ? `${scope} ` : '';
  const rules = grouped ? groupedBreakpointRules : breakpointRules;
  const result: BreakpointCss[] = [];
  for (const step of breakpointPlan(ctx.preset, ctx.breakpoints)) {
    const css = rules(section.styles ?? {}, step.breakpoint, prefix);
    if (css || step.media === '') result.push({ breakpoint: step.breakpoint, media: step.media, css });
  }
  return result;
}
