// Small helpers for writing copy into slots of a fixed size.

/** The first option that fits `capacity` characters; else the shortest (the plan check cuts it at a word). */
export function firstFitting(options: readonly (string | null | undefined)[], capacity: number): string {
  const usable = options.filter((option): option is string => !!option && option.trim().length > 0);
  const fitting = usable.find((option) => option.length <= capacity);
  if (fitting || !usable.length) return fitting ?? '';
  return usable.reduce((shortest, option) => (option.length < shortest.length ? option : shortest));
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The word's singular guess ("cakes" → "cake", "pastries" → "pastry"), for matching only. */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

// prettier-ignore
const danglingWords = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'for', 'to', 'in', 'on', 'at', 'with', 'by', 'from', 'across',
  'over', 'under', 'into', 'per', 'each', 'every', 'our', 'your', 'their', 'is', 'are', 'was', 'be',
]);

/** The first words of `text` that fit `capacity`, without a dangling short word: a title made from a sentence. */
export function leadingWords(text: string, capacity: number): string {
  const kept: string[] = [];
  for (const word of text.replace(/[.:;!?]+$/, '').split(/\s+/)) {
    if ([...kept, word].join(' ').length > capacity) break;
    kept.push(word);
  }
  while (kept.length > 1 && danglingWords.has(kept[kept.length - 1].toLowerCase().replace(/[,–—-]+$/, ''))) {
    kept.pop();
  }
  return kept.join(' ').replace(/[,–—-]+$/, '');
}
