// The design as its site renders it: the draft page (its pinned items, landmarks and all) or one of its
// sections alone, with absolute asset and font URLs.
import { type ProjectSnapshot, type SnapshotPage, type SnapshotSection } from '#folio/content';
import { type ProjectAsset, portableRenderContext } from '#folio/projects';
import { pageSections, renderDocument, renderPage, renderPageDocument } from '#folio/render';

export function designSections(
  snapshot: ProjectSnapshot,
  page: SnapshotPage,
  section: SnapshotSection | null,
) {
  return section ? [section] : pageSections(snapshot, page);
}

export function designDocument(
  snapshot: ProjectSnapshot,
  page: SnapshotPage,
  section: SnapshotSection | null,
  assets: Record<string, ProjectAsset>,
  publicBaseUrl: string,
): string {
  const context = portableRenderContext(snapshot.project, assets, publicBaseUrl);
  if (section) return renderDocument(renderPage([section], context), { title: section.title });
  return renderPageDocument(pageSections(snapshot, page), context, { title: page.title }).html;
}
