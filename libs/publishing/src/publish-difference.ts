// What publishing the draft would change on a destination: the sections changed, added and removed since the
// published version, page by page, and whether the theme changed.
import { type ProjectSnapshot, type SnapshotSection } from '#folio/content';
import { pageSections, sectionFingerprint } from '#folio/render';

export type SectionChangeKind = 'changed' | 'added' | 'removed';

export interface SectionChange {
  kind: SectionChangeKind;
  pageKey: string;
  pageTitle: string;
  sectionKey: string;
  title: string;
  /** As published (changed, removed). */
  before?: SnapshotSection;
  /** As in the draft (changed, added). */
  after?: SnapshotSection;
}

export interface PublishDifference {
  sections: SectionChange[];
  pagesAdded: string[];
  pagesRemoved: string[];
  themeChanged: boolean;
  /** Pages whose title, description, path or link-preview image changed. */
  pagesRetitled: string[];
}

/** The difference between `published` (null: never published there) and the draft. */
export function publishDifference(
  published: ProjectSnapshot | null,
  draft: ProjectSnapshot,
): PublishDifference {
  const before = new Map((published?.pages ?? []).map((page) => [page.key, page]));
  const after = new Map(draft.pages.map((page) => [page.key, page]));
  const sections: SectionChange[] = [];
  const pagesRetitled: string[] = [];
  for (const page of draft.pages) {
    const old = before.get(page.key);
    const oldSections = new Map(
      (old && published ? pageSections(published, old) : []).map((section) => [section.key, section]),
    );
    const newSections = pageSections(draft, page);
    for (const section of newSections) {
      const was = oldSections.get(section.key);
      const at = { pageKey: page.key, pageTitle: page.title, sectionKey: section.key, title: section.title };
      if (!was) sections.push({ kind: 'added', ...at, after: section });
      else if (sectionFingerprint(was) !== sectionFingerprint(section))
        sections.push({ kind: 'changed', ...at, before: was, after: section });
    }
    const kept = new Set(newSections.map((section) => section.key));
    for (const section of oldSections.values()) {
      if (kept.has(section.key)) continue;
      sections.push({
        kind: 'removed',
        pageKey: page.key,
        pageTitle: page.title,
        sectionKey: section.key,
        title: section.title,
        before: section,
      });
    }
    if (
      old &&
      (old.title !== page.title ||
        old.description !== page.description ||
        old.path !== page.path ||
        old.imageUrl !== page.imageUrl)
    ) {
      pagesRetitled.push(page.title);
    }
  }
  return {
    sections,
    pagesAdded: draft.pages.filter((page) => published && !before.has(page.key)).map((page) => page.title),
    pagesRemoved: [...before.values()].filter((page) => !after.has(page.key)).map((page) => page.title),
    themeChanged:
      published !== null && JSON.stringify(published.project.theme) !== JSON.stringify(draft.project.theme),
    pagesRetitled,
  };
}
