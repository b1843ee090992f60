import { type Element, type SectionStyles, walkElements } from './element.schema.js';
import { type Interaction } from './interaction.schema.js';
import { type TemplateField, type TemplatePinned } from './template.schema.js';
import { type Breakpoint, type Swatch, type Theme } from './theme.schema.js';

/** What a saved ProjectVersion holds: everything needed to render the project as it was. */
export interface ProjectSnapshot {
  project: {
    key: string;
    title: string;
    description: string;
    tags: string[];
    preset: 'desktop' | 'mobile';
    theme: Theme;
    breakpoints: Breakpoint[];
    swatches: Swatch[];
  };
  pages: SnapshotPage[];
  pinnedValues: Record<string, unknown>;
  /** The template's field bindings by section type, when the project was made from a template. */
  templateFields?: Record<string, TemplateField[]>;
  /** The template's pinned items, rendered on the pages whose `pinnedIds` list them (with `pinnedValues`). */
  templatePinned?: TemplatePinned[];
}

export interface SnapshotPage {
  key: string;
  title: string;
  description: string;
  path: string;
  isHome: boolean;
  pinnedIds: string[];
  /** The page's own link-preview image (absolute URL), when it has one: its og:image. */
  imageUrl?: string;
  sections: SnapshotSection[];
}

export interface SnapshotSection {
  key: string;
  title: string;
  type: string;
  tree: Element;
  styles: SectionStyles;
  interactions: Interaction[];
}

/** Every section of every page, once each: the screenshots a saved version owes. */
export function snapshotSectionKeys(snapshot: ProjectSnapshot): string[] {
  return [...new Set(snapshot.pages.flatMap((page) => page.sections.map((section) => section.key)))];
}

/** The page a site root, an embed without a page key and the project thumbnail show: home, else the first. */
export function indexPage(snapshot: ProjectSnapshot): SnapshotPage | null {
  return snapshot.pages.find((page) => page.isHome) ?? snapshot.pages[0] ?? null;
}

/** Keys of the project assets a section's elements use. */
export function sectionAssetKeys(section: SnapshotSection): string[] {
  const keys = new Set<string>();
  for (const element of walkElements(section.tree)) if (element.asset) keys.add(element.asset);
  return [...keys];
}
