// How a page is named: a title no other page of the project has, and a path made from it, in the path format.
import { z } from 'zod';

export const maxTitleLength = 200;

/** A page path below the site root: lowercase words joined by `-`, segments by `/`; slashes around are ignored. */
export const pagePathPattern = '^/?([a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*)?/?$';
export const pagePathMessage =
  'expected lowercase words, digits and "-", segments joined by "/" (e.g. "docs/setup")';
export const pagePathSchema = z.string().regex(new RegExp(pagePathPattern), pagePathMessage);

/** "Northwind Coffee Roasters!" → "northwind-coffee-roasters". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
}

/** Page paths compare and are stored without leading or trailing slashes ("" is the home page). */
export function normalizePagePath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

export interface PageName {
  title: string;
  /** Below the site root. */
  path: string;
}

/**
 * The requested title, or — when a page already has it, in any case — the title with " 2", " 3", …;
 * the path is the title's slug ("page" when it has no letters or digits), with "-2", "-3", … when taken.
 */
export function uniquePageName(requestedTitle: string, existing: readonly PageName[]): PageName {
  const titles = new Set(existing.map((page) => page.title.toLowerCase()));
  const title = firstFree(titles, requestedTitle, (n) => {
    const suffix = ` ${n}`;
    return `${requestedTitle.slice(0, maxTitleLength - suffix.length).trimEnd()}${suffix}`;
  });
  return { title, path: uniquePagePath(title, new Set(existing.map((page) => page.path.toLowerCase()))) };
}

/** The slug of `text` ("page" when it has no letters or digits), with "-2", "-3", … when `taken` (lowercase) has it. */
export function uniquePagePath(text: string, taken: ReadonlySet<string>): string {
  const slug = slugify(text) || 'page';
  return firstFree(taken, slug, (n) => `${slug}-${n}`);
}

function firstFree(taken: ReadonlySet<string>, first: string, numbered: (n: number) => string): string {
  let candidate = first;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = numbered(n);
  return candidate;
}
