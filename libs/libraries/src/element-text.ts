// Reading element text as plain words, for the library analysis.

/** Lower-case words (letters and digits), in order. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
