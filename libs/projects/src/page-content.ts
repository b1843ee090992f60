// Small readings of a project snapshot that publishing, URL resolution and the section export share.
import { type ProjectSnapshot, sectionAssetKeys, type SnapshotPage } from '#folio/content';
import { type RenderContext, withServedFonts } from '#folio/render';
import { publicUrl } from '#folio/storage';
import { normalizePagePath } from './page-naming.js';
import { type ProjectAsset } from './project.repository.js';

export function pageByPath(snapshot: ProjectSnapshot, path: string): SnapshotPage | null {
  const wanted = normalizePagePath(path);
  return snapshot.pages.find((page) => normalizePagePath(page.path) === wanted) ?? null;
}

/** Keys of the project assets the page's elements use. */
export function pageAssetKeys(page: SnapshotPage): string[] {
  return [...new Set(page.sections.flatMap(sectionAssetKeys))];
}

/**
 * How a page renders away from Folio's own sites (embeds on other origins, webhooks, exports): asset
 * and font URLs absolute under PUBLIC_BASE_URL.
 */
export function portableRenderContext(
  project: ProjectSnapshot['project'],
  assets: Record<string, ProjectAsset>,
  publicBaseUrl: string,
): RenderContext {
  return {
    preset: project.preset,
    theme: withServedFonts(project.theme, publicBaseUrl),
    breakpoints: project.breakpoints,
    assets: Object.fromEntries(
      Object.entries(assets).map(([key, asset]) => [
        key,
        { ...asset, url: publicUrl(publicBaseUrl, asset.url) },
      ]),
    ),
  };
}
