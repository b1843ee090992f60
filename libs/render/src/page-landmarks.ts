/**
 * The landmarks of a page that is a document of its own (a site page, the editor's preview): its leading
 * navbars are the banner, its trailing footers the contentinfo, and everything between is the one `<main>`,
 * so screen readers can jump between them and every part of the page belongs to one.
 */
import { type SnapshotSection } from '#folio/content';

/** Section types (template `_type` or library role) that are a page's navigation bar, or its footer. */
const navbarTypes = new Set(['navbar', 'nav', 'navigation', 'header', 'menu']);
const footerTypes = new Set(['footer']);

/** The landmark a band's section roots are shown as, unless their own tag already is one. */
export type BandLandmark = 'header' | 'footer';

export interface PageBands {
  header: SnapshotSection[];
  main: SnapshotSection[];
  footer: SnapshotSection[];
}

const isNavbar = (section: SnapshotSection) => navbarTypes.has(section.type.toLowerCase());
const isFooter = (section: SnapshotSection) => footerTypes.has(section.type.toLowerCase());

/** The page's sections split into its header (leading navbars), main content and footer (trailing footers). */
export function pageBands(sections: SnapshotSection[]): PageBands {
  let start = 0;
  while (start < sections.length && isNavbar(sections[start])) start++;
  let end = sections.length;
  while (end > start && isFooter(sections[end - 1])) end--;
  return {
    header: sections.slice(0, start),
    main: sections.slice(start, end),
    footer: sections.slice(end),
  };
}

/** Tags a section root keeps in a header or footer band: they are landmarks of their own already. */
const landmarkTags: Record<BandLandmark, ReadonlySet<string>> = {
  header: new Set(['header', 'nav']),
  footer: new Set(['footer']),
};

/** The tag of a band's section root: its own when that is a landmark of the band's kind, else the band's. */
export function bandRootTag(landmark: BandLandmark, tag: string): string {
  return landmarkTags[landmark].has(tag) ? tag : landmark;
}
