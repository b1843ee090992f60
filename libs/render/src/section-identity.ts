// When two sections are the same design with the same content (a navbar on every page), whatever their keys.
import { createHash } from 'node:crypto';
import { type SnapshotSection, walkElements, withElementKeys } from '#folio/content';

/** The section's element keys in tree order (depth first): how a copy's keys map onto its original's. */
export function elementKeysInOrder(section: SnapshotSection): string[] {
  return [...walkElements(section.tree)].map((element) => element.key);
}

/** `@12` → 12; keys outside the tree (styles of a removed element) last. */
function position(key: string): number {
  return key.startsWith('@') ? Number(key.slice(1)) : Number.MAX_SAFE_INTEGER;
}

/**
 * A hash of everything the section renders from (title, type, tree, styles, interactions) with each
 * element key replaced by its position in the tree: equal for copies that differ only in their keys.
 */
export function sectionFingerprint(section: SnapshotSection): string {
  const order = elementKeysInOrder(section);
  const positions = new Map(order.map((key, index) => [key, `@${index}`]));
  const { tree, styles, interactions } = withElementKeys(section, (key) => positions.get(key) ?? key);
  // Stored styles are keyed by element key, and jsonb orders object keys by their text: in tree order here.
  const stylesInOrder = Object.keys(styles)
    .sort()
    .map((breakpoint) => [
      breakpoint,
      Object.entries(styles[breakpoint]).sort(([a], [b]) => position(a) - position(b)),
    ]);
  return createHash('sha256')
    .update(JSON.stringify([section.title, section.type, tree, stylesInOrder, interactions]))
    .digest('base64url');
}
