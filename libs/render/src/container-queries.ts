/**
 * Container mode for embeds: width @media rules become @container rules on the embed root, so a
 * section lays out by the width of its slot rather than the window. The stylesheet is parsed with
 * postcss; media query preludes are read by the small Media Queries 4 reader below.
 */
import postcss, { type AtRule, type Declaration } from 'postcss';
import { cssIdent } from './css-safety.js';

const widthFeatures = new Set(['width', 'min-width', 'max-width']);

type Part = { kind: 'word'; text: string } | { kind: 'group'; text: string };

/** Top-level words and parenthesised groups of a media query: `screen and (max-width: 767px)`. */
function parts(query: string): Part[] | null {
  const result: Part[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(') {
      let depth = 0;
      const start = i;
      for (; i < query.length; i++) {
        if (query[i] === '(') depth++;
        else if (query[i] === ')' && --depth === 0) break;
      }
      if (depth !== 0) return null;
      result.push({ kind: 'group', text: query.slice(start, ++i) });
    } else {
      const start = i;
      while (i < query.length && !/[\s(]/.test(query[i])) i++;
      result.push({ kind: 'word', text: query.slice(start, i).toLowerCase() });
    }
  }
  return result;
}

/** `max-width: 767px`, `width >= 768px`, `400px < width <= 700px`. */
function isWidthFeature(feature: string): boolean {
  const colon = feature.indexOf(':');
  if (colon >= 0) return widthFeatures.has(feature.slice(0, colon).trim().toLowerCase());
  const operands = feature.split(/<=|>=|<|>|=/).map((s) => s.trim().toLowerCase());
  if (operands.length === 1) return operands[0] === 'width';
  return operands.filter((s) => s === 'width').length === 1;
}

/** True when a condition (`(a) and (b)`, `not (a)`, `((a) or (b))`) tests the width only. */
function isWidthCondition(condition: Part[]): boolean {
  let expectGroup = true;
  for (let i = 0; i < condition.length; i++) {
    const part = condition[i];
    if (part.kind === 'word') {
      if (part.text === 'not' && expectGroup) continue;
      if ((part.text === 'and' || part.text === 'or') && !expectGroup) {
        expectGroup = true;
        continue;
      }
      return false;
    }
    if (!expectGroup) return false;
    expectGroup = false;
    const inner = part.text.slice(1, -1).trim();
    if (inner.startsWith('(') || /^not\s*\(/i.test(inner)) {
      const nested = parts(inner);
      if (!nested || !isWidthCondition(nested)) return false;
    } else if (!isWidthFeature(inner)) {
      return false;
    }
  }
  return !expectGroup;
}

/**
 * The container condition for one media query, or null when it tests anything but the width
 * (a media type other than all/screen, `not <type>`, orientation, hover, resolution, …).
 */
function containerCondition(query: string): string | null {
  const list = parts(query);
  if (!list?.length) return null;
  let condition = list;
  if (list[0].kind === 'word' && list[0].text !== 'not') {
    let start = 0;
    if (list[0].text === 'only') start = 1;
    const type = list[start];
    if (type?.kind !== 'word' || (type.text !== 'all' && type.text !== 'screen')) return null;
    if (list[start + 1]?.kind !== 'word' || list[start + 1].text !== 'and') return null;
    condition = list.slice(start + 2);
  }
  if (!isWidthCondition(condition)) return null;
  return condition.map((p) => p.text).join(' ');
}

/** Viewport-relative widths (`4.4vw` in a fluid font size) follow the container too. */
function containerUnits(declaration: Declaration): void {
  const value = declaration.value;
  if (!/vw/i.test(value) || /["']|url\(/i.test(value)) return;
  declaration.value = value.replace(
    /(^|[^\w.-])([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)[sdl]?vw\b/gi,
    '$1$2cqw',
  );
}

export interface ContainerQueryOptions {
  /** Also turn `vw` lengths into `cqw` (default true): fluid sizes then follow the container's width. */
  viewportUnits?: boolean;
}

/**
 * Rewrites every @media rule whose queries test only the width into an @container rule on the named
 * container; other @media rules (print, orientation, reduced motion) are kept. The element named
 * `containerName` needs `container-type: inline-size`.
 */
export function toContainerQueries(
  css: string,
  containerName: string,
  options: ContainerQueryOptions = {},
): string {
  const name = cssIdent(containerName);
  const root = postcss.parse(css);
  root.walkAtRules('media', (rule: AtRule) => {
    const conditions = postcss.list.comma(rule.params).map(containerCondition);
    if (!conditions.length || conditions.some((c) => c === null)) return;
    rule.name = 'container';
    rule.params =
      conditions.length === 1
        ? `${name} ${conditions[0]}`
        : `${name} ${conditions.map((c) => (/^\(.*\)$/.test(c!) && parts(c!)!.length === 1 ? c : `(${c})`)).join(' or ')}`;
  });
  if (options.viewportUnits ?? true) root.walkDecls(containerUnits);
  return root.toString();
}
