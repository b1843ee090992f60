import { createHash } from 'node:crypto';
import { type ProjectSnapshot, type SnapshotSection } from '#folio/content';
import { renderDocument, renderPage } from './page.js';
import { type AssetRef } from './render.types.js';
import { withServedFonts } from './served-fonts.js';

/**
 * Sections rendered as a complete page exactly as sites render them, with the theme fonts Folio serves
 * under `publicBaseUrl`: what a screenshot capture loads.
 */
export function sectionsDocument(
  snapshot: ProjectSnapshot,
  sections: SnapshotSection[],
  title: string,
  assets: Record<string, AssetRef>,
  publicBaseUrl: string,
): string {
  const { preset, breakpoints } = snapshot.project;
  const theme = withServedFonts(snapshot.project.theme, publicBaseUrl);
  const rendered = renderPage(sections, { preset, theme, breakpoints, assets });
  return renderDocument(rendered, { title });
}

/** The section alone as a complete page (`sectionsDocument`). */
export function sectionDocument(
  snapshot: ProjectSnapshot,
  section: SnapshotSection,
  assets: Record<string, AssetRef>,
  publicBaseUrl: string,
): string {
  return sectionsDocument(snapshot, [section], section.title, assets, publicBaseUrl);
}

/**
 * Names what a capture of `document` shows: its tree, styles, interactions, theme, breakpoints and asset
 * URLs are all in the document, so two documents with one hash give one picture. Bump the prefix when the
 * capture itself changes (its width, what it waits for).
 */
export function captureHash(document: string): string {
  return createHash('sha256').update('capture-1200/1\n').update(document).digest('base64url');
}

/** The hash of the section's own capture (`captureHash` of `sectionDocument`). */
export function sectionCaptureHash(
  snapshot: ProjectSnapshot,
  section: SnapshotSection,
  assets: Record<string, AssetRef>,
  publicBaseUrl: string,
): string {
  return captureHash(sectionDocument(snapshot, section, assets, publicBaseUrl));
}
