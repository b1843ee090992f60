// How a page is named: the titles pages get when none is given, a title no other page of the project has,
// a path made from it in the path format, and whose path a page may take when several are written at once.
import { z } from 'zod';
import { InvalidInputError, type InputProblem } from '#folio/errors';

export const maxTitleLength = 200;

/** A new project's first page. */
export const homePageTitle = 'Home';
/** A page added on its own without a title (create_page). */
export const untitledPageTitle = 'Untitled';

/** A page written without a title among others (the template API): "Page <n>", `order` its place from 0. */
export function numberedPageTitle(order: number): string {
  return `Page ${order + 1}`;
}

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

/** One page of several written to a project at once, as `claimPagePaths` places it. */
export interface PathClaim {
  /** Where it stands in the caller's list: a refused path is `pages[<index>].path`. */
  index: number;
  /** The page's public key (an existing page's, or the one a new page gets). */
  key: string;
  /** An existing page's path now; absent for a new page. */
  currentPath?: string;
  /** The path asked for, normalized ("" is the site root); absent keeps the current path, or makes one. */
  path?: string;
  /** What a made path comes from. */
  title?: string;
  /** A new project's first page: it is the site root when that is free. */
  home: boolean;
}

export interface ClaimedPaths {
  /** The path of each claim, in their order. */
  paths: string[];
  /** Existing pages that leave their path for another: they let go of it before any page takes one. */
  moving: string[];
}

/**
 * The paths of pages written together into a project whose pages have `existing` paths now. Every path asked
 * for is reserved first: a page moving elsewhere frees its old path (so pages may swap paths in one call),
 * and a path another page keeps is refused — every such claim named, as an InvalidInputError. A page
 * without a path keeps its own; a new one gets one from its title, apart from all of these (the site root
 * for a new project's home page, when free). Paths compare without case.
 */
export function claimPagePaths(
  existing: readonly { key: string; path: string }[],
  claims: readonly PathClaim[],
): ClaimedPaths {
  const owners = new Map(existing.map((page) => [page.path.toLowerCase(), page.key]));
  const moving: string[] = [];
  for (const claim of claims) {
    if (claim.currentPath === undefined || claim.path === undefined || claim.path === claim.currentPath)
      continue;
    owners.delete(claim.currentPath.toLowerCase());
    moving.push(claim.key);
  }
  const problems: InputProblem[] = [];
  for (const claim of claims) {
    if (claim.path === undefined) continue;
    const owner = owners.get(claim.path.toLowerCase());
    if (owner !== undefined && owner !== claim.key) {
      const where = claim.path === '' ? 'the site root' : `"${claim.path}"`;
      problems.push({
        path: `pages[${claim.index}].path`,
        message: `${where} is already the path of page ${owner}.`,
      });
      continue;
    }
    owners.set(claim.path.toLowerCase(), claim.key);
  }
  if (problems.length) throw new InvalidInputError(problems);
  const paths = claims.map((claim) => {
    if (claim.path !== undefined) return claim.path;
    if (claim.currentPath !== undefined) return claim.currentPath;
    const path =
      claim.home && !owners.has('') ? '' : uniquePagePath(claim.title ?? 'page', new Set(owners.keys()));
    owners.set(path, claim.key);
    return path;
  });
  return { paths, moving };
}
