// A section in a line: the words a person reads first, for outlines.
import { type Element, plainText, type SnapshotSection, walkElements } from '#folio/content';

const headingTags = new Set(['h1', 'h2', 'h3']);
const headingStyles = new Set(['display', 'h1', 'h2', 'h3']);

const isHeading = (element: Element) =>
  headingTags.has(element.tag ?? '') || headingStyles.has(element.textStyle ?? '');

/**
 * The section's headings, then its other texts, in reading order, joined with " · " and cut at a word
 * to at most `maxChars`.
 */
export function sectionDigest(section: SnapshotSection, maxChars = 56): string {
  const texts = [...walkElements(section.tree)].filter((element) => element.text);
  const ordered = [...texts.filter(isHeading), ...texts.filter((element) => !isHeading(element))];
  let digest = '';
  for (const element of ordered) {
    const text = plainText(element.text!);
    if (!text) continue;
    digest = digest ? `${digest} · ${text}` : text;
    if (digest.length > maxChars) break;
  }
  if (digest.length <= maxChars) return digest;
  const cut = digest.slice(0, maxChars - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), maxChars / 2)).replace(/[\s·,;:]+$/, '');
  return `${atWord}…`;
}
