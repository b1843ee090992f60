// A template call's pages and sections matched to what earlier calls wrote, by the caller's ids: which rows
// are rebuilt in place, which are new and which sections go, and each page's title and path (by the page
// naming rules of #folio/projects). No database: the repository writes what this decides.
import { newPublicKey } from '#folio/content';
import {
  claimPagePaths,
  homePageTitle,
  type NewPage,
  type NewSection,
  numberedPageTitle,
  type PageChanges,
  type SectionUpdate,
} from '#folio/projects';
import { type BuiltSection } from './template-section.js';

export interface TemplateSectionWrite {
  externalId: string | null;
  type: string;
  /** Field values, checked against the section type. */
  values: Record<string, unknown>;
}

export interface TemplatePageWrite {
  /** Index in the request's `pages`, for error paths. */
  index: number;
  externalId: string | null;
  title?: string;
  description?: string;
  /** Without slashes around it; "" is the site root. */
  path?: string;
  status?: number;
  pinnedIds?: string[];
  /** The page's exact section list; absent leaves the sections as they are. */
  sections?: TemplateSectionWrite[];
}

/** A section of the project as an earlier call left it. */
export interface ExistingSection {
  id: string;
  key: string;
  externalId: string | null;
  type: string;
}

/** A page of the project as an earlier call left it, with its sections in order. */
export interface ExistingPage {
  id: string;
  key: string;
  externalId: string | null;
  path: string;
  order: number;
  sections: ExistingSection[];
}

export interface WrittenSection {
  externalId: string | null;
  key: string;
  type: string;
  created: boolean;
}

export interface WrittenPage {
  externalId: string | null;
  key: string;
  created: boolean;
  sections: WrittenSection[];
}

/** A page's exact section list: rows rebuilt in place, new ones (with their order) and those that go. */
export interface PlannedSections {
  updates: SectionUpdate[];
  inserts: (NewSection & { order: number })[];
  removedIds: string[];
}

/** One requested page: its row changed in place (`id`) or a new one (`page`), and its sections. */
export type PlannedPage = {
  /** Null keeps the sections as they are. */
  sections: PlannedSections | null;
  /** What the answer says of it. */
  written: WrittenPage;
} & ({ id: string; changes: PageChanges } | { id: null; page: NewPage });

export interface TemplatePagesPlan {
  /** Existing pages that leave their path for another: they let go of it before any page is written. */
  moving: { id: string; key: string }[];
  pages: PlannedPage[];
}

/**
 * The writes of a call's pages into a project that has `existing` pages (none when it is new). A page whose
 * id an earlier call wrote is changed in place, keeping its key; any other is new, after the last page, named
 * by its title or else by its place ("Page 3"). A new project without requested pages gets a Home page;
 * its first page is the home page, at the site root. Paths: `claimPagePaths` (a path another page keeps
 * is an InvalidInputError). Sections: `buildSection` makes each one's stored form under its key.
 */
export function planTemplatePages(
  requested: readonly TemplatePageWrite[],
  existing: readonly ExistingPage[],
  projectIsNew: boolean,
  buildSection: (sectionKey: string, section: TemplateSectionWrite) => BuiltSection,
): TemplatePagesPlan {
  const byExternalId = new Map(
    existing.flatMap((page) => (page.externalId ? [[page.externalId, page]] : [])),
  );
  const requests: readonly TemplatePageWrite[] =
    projectIsNew && requested.length === 0
      ? [{ index: 0, externalId: null, title: homePageTitle }]
      : requested;
  const matched = requests.map((request, position) => {
    const known = request.externalId !== null ? byExternalId.get(request.externalId) : undefined;
    return { request, known, key: known?.key ?? newPublicKey(), home: projectIsNew && position === 0 };
  });
  const { paths, moving } = claimPagePaths(
    existing,
    matched.map(({ request, known, key, home }) => ({
      index: request.index,
      key,
      currentPath: known?.path,
      path: request.path,
      title: request.title,
      home,
    })),
  );
  let nextOrder = Math.max(-1, ...existing.map((page) => page.order)) + 1;
  const pages = matched.map(({ request, known, key, home }, position): PlannedPage => {
    const changes = {
      ...(request.title !== undefined ? { title: request.title } : {}),
      ...(request.description !== undefined ? { description: request.description } : {}),
      ...(request.status !== undefined ? { status: request.status } : {}),
      ...(request.pinnedIds !== undefined ? { pinnedIds: request.pinnedIds } : {}),
      path: paths[position],
    };
    const sections = request.sections
      ? planSections(known?.sections ?? [], request.sections, buildSection)
      : null;
    const written = {
      externalId: request.externalId,
      key,
      created: !known,
      sections: sections?.written ?? (known?.sections ?? []).map((section) => writtenOf(section, false)),
    };
    const plannedSections = sections && {
      updates: sections.updates,
      inserts: sections.inserts,
      removedIds: sections.removedIds,
    };
    if (known) return { id: known.id, changes, sections: plannedSections, written };
    const order = nextOrder++;
    const title = home ? homePageTitle : numberedPageTitle(order);
    const page = { key, externalId: request.externalId, title, order, isHome: home, ...changes };
    return { id: null, page, sections: plannedSections, written };
  });
  const existingByKey = new Map(existing.map((page) => [page.key, page]));
  return { moving: moving.map((key) => ({ id: existingByKey.get(key)!.id, key })), pages };
}

/** The page's section list becomes exactly `requested`: known caller ids are rebuilt in place, others are new. */
function planSections(
  existing: readonly ExistingSection[],
  requested: readonly TemplateSectionWrite[],
  buildSection: (sectionKey: string, section: TemplateSectionWrite) => BuiltSection,
): PlannedSections & { written: WrittenSection[] } {
  const byExternalId = new Map(existing.flatMap((s) => (s.externalId ? [[s.externalId, s]] : [])));
  const updates: SectionUpdate[] = [];
  const inserts: (NewSection & { order: number })[] = [];
  const written = requested.map((section, order): WrittenSection => {
    const known = section.externalId !== null ? byExternalId.get(section.externalId) : undefined;
    const key = known?.key ?? newPublicKey();
    const built = buildSection(key, section);
    const row = {
      order,
      title: built.title,
      type: section.type,
      tree: built.tree,
      styles: built.styles,
      interactions: built.interactions,
      model: built.model,
    };
    if (known) updates.push({ id: known.id, ...row });
    else inserts.push({ key, externalId: section.externalId, ...row });
    return { externalId: section.externalId, key, type: section.type, created: !known };
  });
  const kept = new Set(written.map((section) => section.key));
  const removedIds = existing.filter((section) => !kept.has(section.key)).map((section) => section.id);
  return { updates, inserts, removedIds, written };
}

function writtenOf(section: ExistingSection, created: boolean): WrittenSection {
  return { externalId: section.externalId, key: section.key, type: section.type, created };
}
