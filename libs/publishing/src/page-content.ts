// Small readings of a snapshot that several publishing services share.
import { type ProjectSnapshot, sectionAssetKeys, type SnapshotPage } from '#folio/content';
import { normalizePagePath } from '#folio/projects';

export function pageByPath(snapshot: ProjectSnapshot, path: string): SnapshotPage | null {
  const wanted = normalizePagePath(path);
  return snapshot.pages.find((page) => normalizePagePath(page.path) === wanted) ?? null;
}

/** Keys of the project assets the page's elements use. */
export function pageAssetKeys(page: SnapshotPage): string[] {
  return [...new Set(page.sections.flatMap(sectionAssetKeys))];
}
