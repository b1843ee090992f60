// Small readings of a snapshot that several publishing services share.
import { type ProjectSnapshot, type SnapshotPage, walkElements } from '#folio/content';
import { normalizePagePath, type ProjectAsset } from '#folio/projects';

/** The page a site root and an embed without a page key show: the home page, else the first. */
export function indexPage(snapshot: ProjectSnapshot): SnapshotPage | null {
  return snapshot.pages.find((page) => page.isHome) ?? snapshot.pages[0] ?? null;
}

export function pageByPath(snapshot: ProjectSnapshot, path: string): SnapshotPage | null {
  const wanted = normalizePagePath(path);
  return snapshot.pages.find((page) => normalizePagePath(page.path) === wanted) ?? null;
}

/** Keys of the project assets the page's elements use. */
export function pageAssetKeys(page: SnapshotPage): string[] {
  const keys = new Set<string>();
  for (const section of page.sections) {
    for (const element of walkElements(section.tree)) if (element.asset) keys.add(element.asset);
  }
  return [...keys];
}

export function assetsByKey(assets: readonly ProjectAsset[]): Record<string, ProjectAsset> {
  return Object.fromEntries(assets.map((asset) => [asset.key, asset]));
}
