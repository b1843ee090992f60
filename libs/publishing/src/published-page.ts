// Sites and embeds serve published versions only: nothing here ever reads the draft project.
import { type ProjectSnapshot, type SnapshotPage } from '#folio/content';
import { assetsByKey, pageAssetKeys, type ProjectAsset, type ProjectRepository } from '#folio/projects';
import { type PublishedVersion } from './publication.repository.js';

/** A page of a published version, with what rendering it needs. */
export interface PublishedPage {
  projectKey: string;
  /** Version number: with the project key, identifies the content (ETags, caches). */
  version: number;
  snapshot: ProjectSnapshot;
  page: SnapshotPage;
  /** The assets the page uses, by asset key (as RenderContext.assets takes them). */
  assets: Record<string, ProjectAsset>;
  publishedAt: Date;
}

/** The same shape under the name the first API sketch used. */
export type ResolvedPublishedPage = PublishedPage;

/** The page of the published version with the assets it uses. */
export async function loadPublishedPage(
  projects: ProjectRepository,
  published: PublishedVersion,
  page: SnapshotPage,
): Promise<PublishedPage> {
  const assets = await projects.assets(published.projectId, pageAssetKeys(page));
  return {
    projectKey: published.projectKey,
    version: published.versionNumber,
    snapshot: published.snapshot,
    page,
    assets: assetsByKey(assets),
    publishedAt: published.publishedAt,
  };
}
