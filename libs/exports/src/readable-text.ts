// A project's pages as the words a person reads on them, in reading order, for agents that read rather
// than rebuild (ChatGPT's deep research: the MCP `fetch` tool): headings, copy, button and link labels and
// image alt texts, with page and section boundaries marked, within a byte budget.
import {
  type Element,
  plainText,
  type ProjectSnapshot,
  type SnapshotPage,
  type SnapshotSection,
  type Theme,
  walkElements,
} from '#folio/content';
import { pageSections } from '#folio/render';

/** A page's text: its header line, then each section's block (boundary line first). */
export interface ReadablePage {
  pageKey: string;
  header: string;
  sections: string[];
}

const headingStyleLevels: Record<string, number> = { display: 1, h1: 1, h2: 2, h3: 3 };

/** 1–6 for a heading (by tag, else by text style), 0 for anything else. */
function headingLevel(element: Element): number {
  const tag = /^h([1-6])$/.exec(element.tag ?? '');
  if (tag) return Number(tag[1]);
  return headingStyleLevels[element.textStyle ?? ''] ?? 0;
}

/** ` → <href>` where a link leads somewhere a reader can follow (not an anchor on the page). */
function target(element: Element): string {
  const href = element.href?.trim();
  return href && !href.startsWith('#') ? ` → ${href}` : '';
}

/** The lines an element and its children read as, depth first. */
function elementLines(element: Element): string[] {
  if (element.type === 'button') {
    // A button reads as one label, whatever elements make it up.
    const label = [...walkElements(element)].map((part) => plainText(part.text)).filter(Boolean);
    return label.length ? [`[Button: ${label.join(' ')}${target(element)}]`] : [];
  }
  const lines: string[] = [];
  const text = plainText(element.text);
  if (text) {
    const level = headingLevel(element);
    if (element.href) lines.push(`[Link: ${text}${target(element)}]`);
    else lines.push(level ? `${'#'.repeat(level)} ${text}` : text);
  }
  const alt = element.alt?.trim();
  if (alt && (element.type === 'image' || element.type === 'video')) {
    lines.push(`[${element.type === 'image' ? 'Image' : 'Video'}: ${alt.replace(/\s+/g, ' ')}]`);
  }
  for (const child of element.children ?? []) lines.push(...elementLines(child));
  return lines;
}

/** A section's block: its boundary line, then its lines (none for a section without words). */
export function readableSection(section: SnapshotSection): string {
  return [`--- Section: ${section.title || section.type} ---`, ...elementLines(section.tree)].join('\n');
}

/**
 * A page's text: its header, then its sections (pinned ones included, where the site shows them). A section
 * that reads exactly as one on an earlier page of `seen` (the navbar and footer on every page) is its
 * boundary line naming that page; `seen` learns this page's sections.
 */
export function readablePage(
  snapshot: ProjectSnapshot,
  page: SnapshotPage,
  seen: Map<string, string> = new Map(),
): ReadablePage {
  const sections = pageSections(snapshot, page).map((section) => {
    const block = readableSection(section);
    const earlier = seen.get(block);
    if (earlier !== undefined) return `--- Section: ${section.title || section.type} (as on ${earlier}) ---`;
    seen.set(block, `page "${page.title}"`);
    return block;
  });
  return { pageKey: page.key, header: `=== Page: ${page.title} (/${page.path}) ===`, sections };
}

/** The first family of a CSS font stack, unquoted. */
const firstFamily = (stack: string) =>
  stack
    .split(',')[0]
    .trim()
    .replace(/^["']|["']$/g, '');

/** The colours a reader asks about first; the rest follow by name. */
const leadingColours = ['primary', 'secondary', 'accent', 'background', 'text'];
const colourRank = (name: string) => {
  const rank = leadingColours.indexOf(name);
  return rank < 0 ? leadingColours.length : rank;
};

/** One line: the theme's colours (name and value) and font families. */
export function designSummary(theme: Theme): string {
  const colours = Object.entries(theme.colors)
    .sort(([a], [b]) => colourRank(a) - colourRank(b) || a.localeCompare(b))
    .map(([name, value]) => `${name} ${value}`);
  const fonts = new Set([
    ...Object.values(theme.textStyles).map((style) => firstFamily(style.fontFamily)),
    ...theme.fonts.map((font) => font.family),
  ]);
  return `Design: colours ${colours.join(', ') || 'none'}; fonts ${[...fonts].filter(Boolean).join(', ') || 'none'}.`;
}

/** Bytes a string takes inside a JSON string (escapes counted): additive over concatenation. */
export const jsonTextBytes = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

export interface FittedText {
  text: string;
  /** Pages given whole, from the first. */
  wholePages: number;
  truncated: boolean;
}

/**
 * As many whole pages as fit in `room` bytes (counted as JSON string bytes), joined by blank lines; when not
 * even the first page fits, as many of its whole sections as fit, and when not even its first section
 * does, as many of that section's characters.
 */
export function fitPages(pages: readonly ReadablePage[], room: number): FittedText {
  const separator = jsonTextBytes('\n\n');
  const pageTexts = pages.map((page) => [page.header, ...page.sections].join('\n\n'));
  const kept: string[] = [];
  let used = 0;
  for (const text of pageTexts) {
    const bytes = jsonTextBytes(text) + (kept.length ? separator : 0);
    if (used + bytes > room) break;
    kept.push(text);
    used += bytes;
  }
  if (kept.length === pages.length)
    return { text: kept.join('\n\n'), wholePages: kept.length, truncated: false };
  if (kept.length > 0) return { text: kept.join('\n\n'), wholePages: kept.length, truncated: true };
  // Not even the first page fits: its header and whole sections, then part of a section.
  const [first] = pages;
  let text = first.header;
  used = jsonTextBytes(text);
  for (const section of first.sections) {
    const bytes = separator + jsonTextBytes(section);
    if (used + bytes <= room) {
      text += `\n\n${section}`;
      used += bytes;
      continue;
    }
    if (text === first.header) text += `\n\n${prefixWithin(section, room - used - separator)}`;
    break;
  }
  return { text, wholePages: 0, truncated: true };
}

/** The longest start of `text` within `room` JSON string bytes, cut at a line or word when one is near. */
function prefixWithin(text: string, room: number): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (jsonTextBytes(text.slice(0, middle)) <= room) low = middle;
    else high = middle - 1;
  }
  const start = text.slice(0, low);
  const boundary = Math.max(start.lastIndexOf('\n'), start.lastIndexOf(' '));
  return boundary > low / 2 ? start.slice(0, boundary) : start;
}
