// A prompt read as sentences, the way free text carries facts: quotations kept whole (a quoted review may
// hold full stops), abbreviations and initials ("St", "J. Morris") not taken for sentence ends.

export interface PromptSentence {
  /** The sentence as written, each quotation replaced by a marker (`quoteMarker(i)`). */
  text: string;
  /** The quotations of the sentence, in order, with their quotation marks. */
  quotes: string[];
}

/** Where the i-th quotation of a sentence stood. */
export const quoteMarker = (i: number) => `\uE000${i}\uE001`;
const marker = /\uE000(\d+)\uE001/g;

/** Quotations of three words or more in double, curly or angle quotes, or in single quotes at word edges. */
const quotation =
  /[“„]([^”]+)”|"([^"]+)"|«([^»]+)»|(?<=^|[\s:(—–-])[‘']((?:[^'‘’]|(?<=\p{L})[’'](?=\p{L}))+?[^\s'‘’])[’'](?=$|[\s.,;:!?)—–-])/gu;
const abbreviations = new Set(
  'st dr mr mrs ms mx no nr rd ave approx etc eg e.g ie i.e vs prof sr jr ltd co inc tel mon tue wed thu fri sat sun'.split(
    ' ',
  ),
);

/** The prompt's sentences, in order; each line break ends one too. */
export function promptSentences(prompt: string): PromptSentence[] {
  const quotes: string[] = [];
  const marked = prompt.replace(quotation, (whole, ...groups: (string | undefined)[]) => {
    const inner = groups.slice(0, 4).find((group) => group !== undefined) ?? '';
    if (inner.trim().split(/\s+/).length < 3) return whole;
    quotes.push(whole);
    return quoteMarker(quotes.length - 1);
  });
  return marked
    .split(/\n+/)
    .flatMap(splitLine)
    .map((text) => {
      const own: string[] = [];
      const renumbered = text.replace(marker, (_, n: string) => {
        own.push(quotes[Number(n)]);
        return quoteMarker(own.length - 1);
      });
      return { text: renumbered.trim(), quotes: own };
    })
    .filter((sentence) => sentence.text);
}

/** A line's sentences: each ends at ".", "!" or "?" before a capital, a digit or a quotation. */
function splitLine(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const end of line.matchAll(/[.!?]+[)”"’']?(?=\s+(?:[\p{Lu}\p{N}“"'‘(]|\uE000))/gu)) {
    const before = line.slice(start, end.index);
    const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1] ?? '';
    const isInitial = /^\p{Lu}$/u.test(lastWord);
    if (end[0].startsWith('.') && (isInitial || abbreviations.has(lastWord.toLowerCase()))) continue;
    const stop = end.index + end[0].length;
    sentences.push(line.slice(start, stop));
    start = stop;
  }
  sentences.push(line.slice(start));
  return sentences.map((sentence) => sentence.trim()).filter(Boolean);
}

/** The sentence's text with its quotations put back. */
export function withQuotes(sentence: PromptSentence, text = sentence.text): string {
  return text.replace(marker, (_, n: string) => sentence.quotes[Number(n)] ?? '');
}
