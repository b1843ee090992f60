// What bench:ai-quality measures on a generated page (issues 22 §5 and 36), from the texts a visitor sees,
// its pictures and the project theme's colours. Each definition is documented where it is made, and tested
// in test/bench/ai-quality-metrics.spec.ts.
import { type ShownText } from './page-capture.js';

/** Whitespace runs (a line break between two elements included) as one space; "/" without spaces around it. */
function comparable(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/')
    .trim();
}

/**
 * The brief's facts found verbatim in the page's visible texts: case and punctuation must match, but for
 * the first letter of a fact that opens a text ("monthly unlimited" shown as the title "Monthly
 * unlimited"); the spaces and line breaks between elements count as one space, and spaces around "/" are
 * ignored (a price "$29/month" shown as "$29" above "/month").
 */
export function factsFound(facts: string[], texts: string[]): { found: string[]; missing: string[] } {
  const page = comparable(texts.join('\n'));
  const openings = texts.map((text) => comparable(text));
  const found = facts.filter((fact) => {
    const wanted = comparable(fact);
    if (page.includes(wanted)) return true;
    const capitalised = wanted.charAt(0).toUpperCase() + wanted.slice(1);
    return capitalised !== wanted && openings.some((text) => text.startsWith(capitalised));
  });
  return { found, missing: facts.filter((fact) => !found.includes(fact)) };
}

/** Words an English heading, label or sentence does not end with: a text ending on one was cut mid-phrase. */
const danglingWords = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'with',
  'from',
  'about',
  'into',
  'than',
  'per',
  'our',
  'your',
  'their',
  'my',
  'its',
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The texts that were cut: a text (of two words or more, for the last two rules) is truncated when it
 * - ends in "…" or "...";
 * - stops inside one of the caller's words: it is found in the prompt or text only followed by a letter
 *   or digit ("Bouldering walls for beg");
 * - ends, without punctuation, on a word no phrase ends with (articles, "and", "or", possessives and
 *   prepositions such as "of", "with", "about": "Note about").
 */
export function truncatedTexts(texts: string[], source: string): string[] {
  return texts.filter((text) => {
    const trimmed = text.trim();
    if (/(?:…|\.\.\.)$/.test(trimmed)) return true;
    const words = trimmed.split(/\s+/);
    if (words.length < 2) return false;
    if (danglingWords.has(words.at(-1)!.toLowerCase())) return true;
    const followers = [...source.matchAll(new RegExp(`${escapeRegExp(trimmed)}(.|$)`, 'gsu'))].map(
      (match) => match[1],
    );
    return followers.length > 0 && followers.every((next) => /[\p{L}\p{N}]/u.test(next));
  });
}

const sentenceWords = 5;

/**
 * Sentences said more than once on one page, each named once as first written. Sentences end at ".", "!"
 * or "?" or at the end of a text; they are compared in lower case without their closing punctuation, and
 * only those of five words or more count (a button or a nav link repeated is not a repeated sentence).
 */
export function repeatedSentences(texts: string[]): string[] {
  const seen = new Map<string, { first: string; times: number }>();
  for (const text of texts) {
    for (const sentence of text.split(/(?<=[.!?])\s+/)) {
      const written = sentence.trim();
      const key = written
        .toLowerCase()
        .replace(/[.!?…]+$/, '')
        .replace(/\s+/g, ' ');
      if (key.split(' ').length < sentenceWords) continue;
      const entry = seen.get(key) ?? { first: written, times: 0 };
      entry.times++;
      seen.set(key, entry);
    }
  }
  return [...seen.values()].filter((entry) => entry.times > 1).map((entry) => entry.first);
}

/**
 * Texts that stand in for content rather than say something, links and buttons aside (an "Ask us →" link
 * is a call to action): a whole text reading "Ask", "Ask us", "You", "TBD", "TBA", "TBC", "N/A", "Coming
 * soon", "Price on request", "POA" or "XX"/"$XX", any text with "lorem ipsum", and a name in square
 * brackets or braces ("[Your address]", "{{price}}").
 */
export function placeholderTexts(shown: ShownText[]): string[] {
  const standIn =
    /^(?:ask(?: us)?|you|tb[dac]|n\/a|coming soon|price on request|poa|[$€£]?\s?x{2,}(?:[.,]x+)?)[.!]?$/i;
  return shown
    .filter(({ text, control }) => !control && text.trim())
    .map(({ text }) => text.trim())
    .filter((text) => standIn.test(text) || /lorem ipsum/i.test(text) || /\[[^\]]+\]|\{[^}]+\}/.test(text));
}

const shortText = 3;

/**
 * Short texts said more often in one section than the caller wrote them: a text of one to three words
 * (links, buttons and form labels aside, and labels ending in ":"), compared in lower case without closing
 * punctuation, counts when one section shows it more times than the prompt and text contain it as whole
 * words ("Bristol · Bristol · You" from a prompt naming Bristol once; the same highlight in every card).
 * Each is named once, with how often the section shows it.
 */
export function repeatedWords(shown: ShownText[], source: string): string[] {
  const counts = new Map<string, { first: string; times: number }>();
  for (const { text, section, control } of shown) {
    const written = text.trim();
    if (control || !written || written.endsWith(':') || written.split(/\s+/).length > shortText) continue;
    const key = `${section}\u0000${written.toLowerCase().replace(/[.!?…]+$/, '')}`;
    const entry = counts.get(key) ?? { first: written, times: 0 };
    entry.times++;
    counts.set(key, entry);
  }
  const repeated = [...counts.values()].filter(
    ({ first, times }) => times > 1 && times > timesWritten(first.replace(/[.!?…]+$/, ''), source),
  );
  return [...new Set(repeated.map(({ first, times }) => `${first} ×${times}`))];
}

/** How often `source` has `text` as whole words ("/month" counts in "£45/month": it starts with no letter). */
function timesWritten(text: string, source: string): number {
  const before = /^[\p{L}\p{N}]/u.test(text) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = /[\p{L}\p{N}]$/u.test(text) ? '(?![\\p{L}\\p{N}])' : '';
  return source.match(new RegExp(`${before}${escapeRegExp(text)}${after}`, 'giu'))?.length ?? 0;
}

/**
 * Briefs whose generated pictures share a motif, by motif: unrelated subjects (every brief is its own)
 * should each get pictures of their own. Only motifs used by two briefs or more are listed.
 */
export function sharedMotifs(
  pages: { brief: string; motifs: Record<string, number> }[],
): Map<string, string[]> {
  const byMotif = new Map<string, string[]>();
  for (const { brief, motifs } of pages) {
    for (const motif of Object.keys(motifs)) byMotif.set(motif, [...(byMotif.get(motif) ?? []), brief]);
  }
  return new Map([...byMotif].filter(([, briefs]) => briefs.length > 1));
}

/** A full-page screenshot decoded: `width` × `height` pixels, 4 bytes each (RGBA), rows top to bottom. */
export interface Screenshot {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Where a picture is on the page, in the screenshot's pixels (CSS pixels at device scale 1), and its name. */
export interface FrameBox {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Samples per side of a frame, and how much of each side is left out (its border, rounded corners, shadow). */
const frameSample = 16;
const frameInset = 0.1;
/** Below this standard deviation (of 255) a colour channel is flat. */
const flatSpread = 3;

/**
 * The frames a visitor sees as empty in the screenshot: sampled on a 16×16 grid over the frame less a
 * tenth of each side, every colour channel varies by less than 3 of 255 (what the page shows for a
 * picture of one flat colour, or for a picture not drawn: the background through the frame). A frame
 * reaching past the screenshot is read by its part inside.
 */
export function blankFrames(shot: Screenshot, frames: FrameBox[]): string[] {
  return frames
    .filter((frame) => {
      const channels: number[][] = [[], [], []];
      for (let i = 0; i < frameSample; i++) {
        for (let j = 0; j < frameSample; j++) {
          const x = samplePoint(frame.x, frame.width, i, shot.width);
          const y = samplePoint(frame.y, frame.height, j, shot.height);
          const offset = (y * shot.width + x) * 4;
          for (const channel of [0, 1, 2]) channels[channel].push(shot.data[offset + channel]);
        }
      }
      return channels.every((values) => spread(values) < flatSpread);
    })
    .map((frame) => frame.name);
}

/** The `k`-th of the sample points along a side from `start` of `size`, as a pixel within `limit`. */
function samplePoint(start: number, size: number, k: number, limit: number): number {
  const share = frameInset + ((1 - 2 * frameInset) * (k + 0.5)) / frameSample;
  return Math.min(limit - 1, Math.max(0, Math.floor(start + size * share)));
}

function spread(values: number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

/** A project theme's colours by token ("primary"), as sRGB 0–255 triples. */
export type Palette = Record<string, readonly [number, number, number]>;

/**
 * The colours that make a page's look: brand colours, the page background, and the dark fill of heroes
 * and footers. Text, border and surface tokens follow from them.
 */
export const keyColors = ['primary', 'secondary', 'accent', 'background', 'inverse'] as const;

/** Below this CIE76 distance two colours read as the same colour side by side. */
const sameColorDistance = 8;

/**
 * How many different palettes the list holds. Two palettes are the same when each key colour either
 * lacks in both or is within ΔE76 8 in both; taken in order, a palette is new unless it is the same as
 * the first of a group already counted.
 */
export function distinctPalettes(palettes: Palette[]): number {
  const groups: Palette[] = [];
  for (const palette of palettes) {
    if (!groups.some((first) => samePalette(first, palette))) groups.push(palette);
  }
  return groups.length;
}

function samePalette(a: Palette, b: Palette): boolean {
  return keyColors.every((token) => {
    if (!a[token] || !b[token]) return !a[token] && !b[token];
    return deltaE(a[token], b[token]) < sameColorDistance;
  });
}

/** CIE76 colour difference of two sRGB colours (D65). */
export function deltaE(a: readonly number[], b: readonly number[]): number {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

function lab(rgb: readonly number[]): [number, number, number] {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116));
  return [116 * xyz[1] - 16, 500 * (xyz[0] - xyz[1]), 200 * (xyz[1] - xyz[2])];
}
