// A section in a line: the words a person reads first, for outlines.
import { type SnapshotSection, walkElements } from '#folio/content';
import { plainText } from './text-html.js';

/** The section's texts in reading order, joined with " · " and cut at a word to at most `maxChars`. */
export function sectionDigest(section: SnapshotSection, maxChars = 90): string {
  let digest = '';
  for (const element of walkElements(section.tree)) {
    const text = element.text ? plainText(element.text) : '';
    if (!text) continue;
    digest = digest ? `${digest} · ${text}` : text;
    if (digest.length > maxChars) break;
  }
  if (digest.length <= maxChars) return digest;
  const cut = digest.slice(0, maxChars - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), maxChars / 2)).replace(/[\s·,;:]+$/, '');
  return `${atWord}…`;
}
