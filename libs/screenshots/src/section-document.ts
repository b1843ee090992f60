import { indexPage, type ProjectSnapshot, type SnapshotPage, type SnapshotSection } from '#folio/content';
import { type AssetRef, renderDocument, renderPage, withServedFonts } from '#folio/render';

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

/**
 * The section alone as a complete page, rendered exactly as sites render it, with the theme fonts Folio
 * serves under `publicBaseUrl` (a capture reads those from disk).
 */
export function sectionDocument(
  snapshot: ProjectSnapshot,
  section: SnapshotSection,
  assets: Record<string, AssetRef>,
  publicBaseUrl: string,
): string {
  const { preset, breakpoints } = snapshot.project;
  const theme = withServedFonts(snapshot.project.theme, publicBaseUrl);
  const rendered = renderPage([section], { preset, theme, breakpoints, assets });
  return renderDocument(rendered, { title: section.title });
}
