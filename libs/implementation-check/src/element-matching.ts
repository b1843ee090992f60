// Which element of an implementation is which element of the design, by what it says (text) and where it
// is (pictures): never by id, which an implementation does not share with the design.
import { type Box, type SeenElement } from './seen-elements.js';

export interface Pair {
  design: SeenElement;
  found: SeenElement;
  /** 1 for the same text (case and spacing aside), less for a changed one; 1 for pictures. */
  similarity: number;
}

export interface Matching {
  pairs: Pair[];
  missing: SeenElement[];
  extra: SeenElement[];
}

/** Texts this alike (bigram Dice) are the same element, changed. */
const changedTextSimilarity = 0.5;
/** Pictures whose centres are this far apart (share of the width) are not the same picture. */
const pictureDistance = 0.3;

export function matchElements(design: SeenElement[], candidate: SeenElement[], width: number): Matching {
  const used = new Set<number>();
  const pairs: Pair[] = [];
  const unmatched: SeenElement[] = [];
  const candidates = candidate.map((element, index) => ({ element, index, text: normal(element.text) }));

  // The same text: the nearest such element of the implementation.
  for (const element of design) {
    if (element.kind !== 'text') continue;
    const text = normal(element.text);
    const same = candidates.filter((c) => c.element.kind === 'text' && !used.has(c.index) && c.text === text);
    const nearest = nearestOf(element.box, same);
    if (nearest) {
      used.add(nearest.index);
      pairs.push({ design: element, found: nearest.element, similarity: 1 });
    } else unmatched.push(element);
  }

  // Changed texts, most alike first; then pictures, nearest first.
  const textLeft = unmatched.filter((element) => element.kind === 'text');
  const options: { d: SeenElement; c: (typeof candidates)[number]; rank: number; similarity: number }[] = [];
  for (const d of textLeft) {
    const text = normal(d.text);
    for (const c of candidates) {
      if (c.element.kind !== 'text' || used.has(c.index)) continue;
      const similarity = dice(text, c.text);
      if (similarity >= changedTextSimilarity) {
        options.push({ d, c, similarity, rank: similarity - distance(d.box, c.element.box) / width / 10 });
      }
    }
  }
  for (const d of design) {
    if (d.kind !== 'image') continue;
    for (const c of candidates) {
      if (c.element.kind !== 'image') continue;
      const apart = distance(d.box, c.element.box) / width;
      if (apart <= pictureDistance) options.push({ d, c, similarity: 1, rank: 1 - apart });
    }
  }
  options.sort((a, b) => b.rank - a.rank || a.c.index - b.c.index);
  const paired = new Set<SeenElement>(pairs.map((pair) => pair.design));
  for (const option of options) {
    if (paired.has(option.d) || used.has(option.c.index)) continue;
    paired.add(option.d);
    used.add(option.c.index);
    pairs.push({ design: option.d, found: option.c.element, similarity: option.similarity });
  }

  pairs.sort((a, b) => design.indexOf(a.design) - design.indexOf(b.design));
  return {
    pairs,
    missing: design.filter((element) => !paired.has(element)),
    extra: candidates.filter((c) => !used.has(c.index)).map((c) => c.element),
  };
}

export function normal(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Bigram Dice coefficient of two texts (1: the same bigrams). */
export function dice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const bigrams = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const bigram = a.slice(i, i + 2);
    bigrams.set(bigram, (bigrams.get(bigram) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const bigram = b.slice(i, i + 2);
    const count = bigrams.get(bigram) ?? 0;
    if (count > 0) {
      bigrams.set(bigram, count - 1);
      shared++;
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}

export function distance(a: Box, b: Box): number {
  return Math.hypot(a.x + a.w / 2 - (b.x + b.w / 2), a.y + a.h / 2 - (b.y + b.h / 2));
}

function nearestOf<T extends { element: SeenElement; index: number }>(box: Box, options: T[]): T | null {
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const option of options) {
    const d = distance(box, option.element.box);
    if (d < bestDistance) {
      best = option;
      bestDistance = d;
    }
  }
  return best;
}
