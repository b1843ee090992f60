// Lucide icons chosen by the words of the copy beside them, through lucide's own tags (icon → keywords).
import { wordsOf } from '#folio/libraries';
import { createRequire } from 'node:module';
import { isIconName } from '#folio/render';
import { singular } from './copy-text.js';
import { type PageTexts } from './section-writer.js';
import { type SectionAnatomy, type SlotPart } from './slot-anatomy.js';

/** Icon name per element key, per section key. */
export type PageIcons = Map<string, Map<string, string>>;

/** A word that names the icon counts more than one of its tags; earlier tags are closer to its meaning. */
const nameMatch = 3;
const tagMatch = 1;
/** A card's title says what it is about; its other copy counts less. */
const titleWeight = 2;
const copyWeight = 0.6;
/**
 * Everyday website words lucide's tags miss or send elsewhere ("address" is tagged on mail-dot, "hours"
 * on nothing): they count as naming the icon.
 */
const everydayWords: Record<string, string> = {
  address: 'map-pin',
  visit: 'map-pin',
  location: 'map-pin',
  hours: 'clock',
  opening: 'clock',
  phone: 'phone',
  call: 'phone',
  email: 'mail',
  write: 'mail',
  delivery: 'truck',
  deliver: 'truck',
  shipping: 'truck',
  bread: 'wheat',
  loaf: 'wheat',
  sourdough: 'wheat',
  care: 'heart',
  friendly: 'smile',
  personal: 'smile',
  help: 'life-buoy',
  question: 'circle-question-mark',
  quality: 'award',
  fast: 'zap',
  quick: 'zap',
  secure: 'shield-check',
  price: 'tag',
  quote: 'receipt',
  booking: 'calendar-check',
  book: 'calendar-check',
  local: 'map-pin',
  reach: 'phone',
  contact: 'phone',
};
/** The page's subject words count a little, so a card with no telling word still gets an icon on topic. */
const subjectWeight = 0.3;
const minimumScore = 0.8;
// prettier-ignore
const ignored = new Set([
  'and', 'the', 'for', 'with', 'our', 'your', 'you', 'are', 'all', 'from', 'that', 'this', 'what', 'can',
  'ask', 'about', 'made', 'just', 'more', 'get', 'any', 'every', 'here', 'way', 'like', 'one', 'new',
  'still', 'have', 'back', 'will', 'know', 'need', 'want', 'who', 'how', 'when', 'there', 'they', 'them',
]);

interface IconIndex {
  /** Word → icons whose name or tags contain it, with the points a match earns. */
  byWord: Map<string, Map<string, number>>;
}

let index: IconIndex | null = null;

/** Lucide's tags, loaded once. */
function iconIndex(): IconIndex {
  if (index) return index;
  const tags = createRequire(import.meta.url)('lucide-static/tags.json') as Record<string, string[]>;
  const byWord = new Map<string, Map<string, number>>();
  const add = (word: string, icon: string, points: number) => {
    const icons = byWord.get(word) ?? new Map<string, number>();
    icons.set(icon, Math.max(icons.get(icon) ?? 0, points));
    byWord.set(word, icons);
  };
  for (const [word, icon] of Object.entries(everydayWords)) add(word, icon, nameMatch);
  for (const [icon, words] of Object.entries(tags)) {
    for (const part of icon.split('-')) add(singular(part), icon, nameMatch);
    words.forEach((tag, position) => {
      for (const word of wordsOf(tag)) add(singular(word), icon, tagMatch + 1 / (2 + position));
    });
  }
  index = { byWord };
  return index;
}

/**
 * Icons for the icon slots that illustrate copy: a card's icon is chosen from its card's words. Icons of
 * a list's bullets (the same icon repeated: checks, chevrons) and of unlabelled links keep the library's.
 */
export function chooseIcons(outline: SectionAnatomy[], texts: PageTexts, subjectWords: string[]): PageIcons {
  const chosen: PageIcons = new Map();
  for (const anatomy of outline) {
    const filled = texts.get(anatomy.candidate.key)!;
    const icons = new Map<string, string>();
    const used = new Set<string>();
    const iconParts = anatomy.parts.filter((part) => part.slot.kind === 'icon');
    for (const part of iconParts) {
      const bullet = iconParts.filter((other) => other.slot.current === part.slot.current).length > 1;
      const words = bullet ? null : wordsBeside(part, anatomy, filled);
      // No words keep the library's icon: a bullet, a link's glyph, a quotation mark.
      const icon = words ? bestIcon(words, subjectWords, used) : null;
      const name = icon ?? part.slot.current;
      if (!name || !isIconName(name)) continue;
      used.add(name);
      icons.set(part.slot.elementKey, name);
    }
    chosen.set(anatomy.candidate.key, icons);
  }
  return chosen;
}

interface WordsBeside {
  title: string[];
  copy: string[];
}

/** The copy of the slots named like the icon ("Feature 2 icon" → "Feature 2 title", "Feature 2 text"). */
function wordsBeside(
  icon: SlotPart,
  anatomy: SectionAnatomy,
  filled: Map<string, string>,
): WordsBeside | null {
  const stem = icon.slot.name
    .replace(/\s*\bicon\b\s*$/i, '')
    .trim()
    .toLowerCase();
  if (!stem) return null;
  const beside = anatomy.parts.filter(
    (part) => part !== icon && part.slot.kind === 'text' && part.slot.name.toLowerCase().startsWith(stem),
  );
  if (!beside.length || beside.some((part) => part.purpose === 'quote')) return null;
  const wordsOfParts = (parts: SlotPart[]) =>
    parts.flatMap((part) => wordsOf(filled.get(part.slot.elementKey) ?? ''));
  // A card without a title is named by its label or its first text.
  const naming = beside.filter((p) => p.purpose === 'title' || p.purpose === 'label');
  const title = naming.length ? naming : beside.slice(0, 1);
  return {
    title: wordsOfParts(title),
    copy: wordsOfParts(beside.filter((part) => !title.includes(part))),
  };
}

function bestIcon(words: WordsBeside, subjectWords: string[], used: Set<string>): string | null {
  const { byWord } = iconIndex();
  const scores = new Map<string, number>();
  const score = (word: string, weight: number) => {
    const key = singular(word);
    if (key.length < 3 || ignored.has(key)) return;
    for (const [icon, points] of byWord.get(key) ?? [])
      scores.set(icon, (scores.get(icon) ?? 0) + points * weight);
  };
  for (const word of words.title) score(word, titleWeight);
  for (const word of words.copy) score(word, copyWeight);
  for (const word of subjectWords) score(word, subjectWeight);
  // A sibling card's icon is a weak choice; ties go to the shorter, more basic icon ("truck", not "truck-electric").
  const ranked = [...scores]
    .map(([icon, points]) => [icon, used.has(icon) ? points / 3 : points] as const)
    .filter(([, points]) => points > minimumScore)
    .sort(([a, x], [b, y]) => y - x || a.length - b.length || (a < b ? -1 : 1));
  return ranked.find(([icon]) => isIconName(icon))?.[0] ?? null;
}
