import { createHash } from 'node:crypto';
import { type ProjectSnapshot, sectionAssetKeys, type SnapshotSection } from '#folio/content';
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

/**
 * Hashes sections' own captures (one project's), from what `sectionDocument` renders each from (cheaper than
 * rendering it): its tree, styles and interactions, the project's preset, theme and breakpoints, the assets
 * it uses and the base URL of the served fonts — not its title or key, which the picture does not show.
 * Bump `sectionRenderer` when the renderer draws a section differently. (Key order counts: drafts and
 * versions both come from jsonb, which stores keys in one order.)
 */
export function sectionCaptureHasher(
  snapshot: ProjectSnapshot,
  publicBaseUrl: string,
): (section: SnapshotSection, assets: Record<string, AssetRef>) => string {
  const { preset, theme, breakpoints } = snapshot.project;
  const project = `section/${sectionRenderer}\n${JSON.stringify({ preset, theme, breakpoints, publicBaseUrl })}\n`;
  return (section, assets) => {
    const used = sectionAssetKeys(section).map((key) => assets[key] ?? key);
    const usedText = JSON.stringify(used);
    const last = lastHashes.get(section);
    if (last?.project === project && last.used === usedText) return last.hash;
    const { tree, styles, interactions } = section;
    const hash = createHash('sha256')
      .update(project)
      .update(JSON.stringify({ tree, styles, interactions, used }))
      .digest('base64url');
    lastHashes.set(section, { project, used: usedText, hash });
    return hash;
  };
}

/**
 * The last hash of each section object, by what else it was made of: a snapshot kept per revision
 * (ProjectSnapshots) is hashed again on every export, its sections unchanged.
 */
const lastHashes = new WeakMap<SnapshotSection, { project: string; used: string; hash: string }>();

const sectionRenderer = 1;
