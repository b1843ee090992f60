import { indexPage, type ProjectSnapshot, type SnapshotPage, type SnapshotSection } from '#folio/content';
import { type AssetRef, pageSections, sectionsDocument } from '#folio/render';

export interface LocatedSection {
  page: SnapshotPage;
  section: SnapshotSection;
  /** The first section of the index page (home, else first): the project's thumbnail. */
  isThumbnail: boolean;
}

export function locateSection(snapshot: ProjectSnapshot, sectionKey: string): LocatedSection | null {
  const index = indexPage(snapshot);
  for (const page of snapshot.pages) {
    const section = page.sections.find((candidate) => candidate.key === sectionKey);
    if (section) return { page, section, isThumbnail: page === index && page.sections[0] === section };
  }
  return null;
}

/** Sections of the index page rendered for its thumbnail: enough to fill its top 750 px past a navbar. */
const leadingSections = 4;

/** The page's leading sections (pinned items above it included), whose asset keys `pageTopDocument` needs. */
export function pageTopSections(snapshot: ProjectSnapshot, page: SnapshotPage): SnapshotSection[] {
  return pageSections(snapshot, page).slice(0, leadingSections);
}

/** The top of the page as a visitor first sees it: its leading sections rendered as `sectionDocument` does. */
export function pageTopDocument(
  snapshot: ProjectSnapshot,
  page: SnapshotPage,
  assets: Record<string, AssetRef>,
  publicBaseUrl: string,
): string {
  return sectionsDocument(snapshot, pageTopSections(snapshot, page), page.title, assets, publicBaseUrl);
}
