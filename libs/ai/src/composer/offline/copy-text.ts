// Small helpers for writing copy into slots of a fixed size: copy is chosen or composed to fit, never cut.

/**
 * The first option that fits `capacity` characters; else the first that a shorter phrasing of itself
 * makes fit (see `shorterPhrasing`); else null. Options containing a sentence of `used`, or short texts
 * already `shown` (their `shortKey`), are passed over.
 */
export function firstFitting(
  options: readonly (string | null | undefined)[],
  capacity: number,
  used: ReadonlySet<string> = new Set(),
  shown: ReadonlySet<string> = new Set(),
): string | null {
  const isNew = (option: string) =>
    !sentencesOf(option).some((s) => used.has(s)) && !shown.has(shortKey(option) ?? '');
  const usable = options.filter(
    (option): option is string => !!option && option.trim().length > 0 && isNew(option),
  );
  const fitting = usable.find((option) => option.length <= capacity);
  if (fitting) return fitting;
  for (const option of usable) {
    const shorter = shorterPhrasing(option, capacity);
    if (shorter && isNew(shorter)) return shorter;
  }
  return null;
}

/**
 * Written copy made shorter at its phrase boundaries: its leading whole sentences, else its first sentence
 * without a trailing clause (", with attention to …", ": we are happy …"). Null when neither fits.
 */
export function shorterPhrasing(text: string, capacity: number): string | null {
  if (text.length <= capacity) return text;
  const sentences = text.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [text];
  let kept = '';
  for (const sentence of sentences) {
    if (`${kept}${sentence}`.trim().length > capacity) break;
    kept += sentence;
  }
  if (kept.trim()) return kept.trim();
  const first = sentences[0].trim();
  const end = /[.!?]$/.exec(first)?.[0] ?? '';
  const clauses = [...first.matchAll(/,\s|:\s|\s[—–]\s/g)].map((match) => match.index).reverse();
  for (const at of clauses) {
    const shorter = `${first.slice(0, at)}${end}`;
    if (shorter.length <= capacity && shorter.split(/\s+/).length >= 2) return shorter;
  }
  return null;
}

/**
 * The sentences of a text, as compared for repeats on a page (case and closing punctuation left out): three
 * words or more ending in . ! or ?, or five words or more without that ending — a headline or lead that says
 * the same as a sentence elsewhere ("Our invoicing app for small studios") repeats it too.
 */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?\n]+(?:[.!?]+|$)/gm) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(/\s+/).length >= (/[.!?]$/.test(sentence) ? 3 : 5))
    .map((sentence) => sentence.replace(/[.!?]+$/, '').toLowerCase());
}

/** Short texts are those of three words or fewer. */
const shortWords = 3;

/**
 * A short text as compared for repeats within a section ("Bristol · Bristol", the same highlight on every
 * card): lower case, without closing punctuation; null for a longer text or a label ending in ":".
 */
export function shortKey(text: string): string | null {
  const plain = text.trim().toLowerCase();
  if (!plain || plain.endsWith(':') || plain.split(/\s+/).length > shortWords) return null;
  return plain.replace(/[.!?…]+$/, '');
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
  'over', 'under', 'into', 'per', 'each', 'every', 'our', 'your', 'their', 'is', 'are', 'was', 'be', '&',
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

/** The last words of a name that fit `capacity`: its head noun ("Full wedding package" → "Wedding package"). */
export function trailingWords(text: string, capacity: number): string | null {
  const words = text.replace(/[.:;!?]+$/, '').split(/\s+/);
  for (let from = 1; from < words.length; from++) {
    const tail = words.slice(from).join(' ');
    if (tail.length <= capacity && !danglingWords.has(words[from].toLowerCase())) return capitalize(tail);
  }
  return null;
}
