// A candidate's slots read as a section's parts: its header, its repeated cards ("Plan 2 …") and their lists.
import { wordsOf } from '#folio/libraries';
import { type CandidateSection, type CandidateSlot } from '../composition.js';

/** What a text slot is for on the page, read from its name and tag. */
export type SlotPurpose =
  | 'headline'
  | 'heading'
  | 'eyebrow'
  | 'lead'
  | 'button'
  | 'link'
  | 'title'
  | 'text'
  | 'note'
  | 'value'
  | 'label'
  | 'quote'
  | 'listItem'
  | 'brand'
  | 'copyright'
  | 'fieldLabel'
  | 'placeholder'
  | 'badge'
  /** Content that reads right on any page (a star rating, a code sample): written back as it is. */
  | 'keep';

export interface SlotPart {
  slot: CandidateSlot;
  /** For text slots; images and icons have none. */
  purpose: SlotPurpose | null;
  /** The card it belongs to ("plan 2", "author"), or null for the section's own header and extras. */
  group: string | null;
  /** The repeated kind of card ("plan"), when numbered. */
  series: string | null;
  /** 1-based position of the card in its series; 0 when not numbered. */
  index: number;
  /** 1-based position in the card's own list ("Plan 2 feature 3"), or in a series of single slots. */
  item: number;
}

export interface CardGroup {
  key: string;
  series: string;
  index: number;
  parts: SlotPart[];
}

export interface SectionAnatomy {
  candidate: CandidateSection;
  parts: SlotPart[];
  /** Every numbered series of cards of two or more text slots ("plan" → Plan 1…3), cards in order. */
  series: Map<string, CardGroup[]>;
}

/** What an image slot shows, which decides what may go in it. */
export type ImageKind = 'picture' | 'portrait' | 'logo';

/** Words of a slot name that make its links navigation rather than calls to action. */
const navigation = new Set(['nav', 'navigation', 'footer', 'legal', 'column', 'menu']);
const numbered = /^(.*?)\s*(\d+)(?:\s+(.*))?$/;

/** The section's slots with their purposes, and its main series of cards. */
export function anatomyOf(candidate: CandidateSection): SectionAnatomy {
  const parts = candidate.slots.map(partOf);
  // Unnumbered slots sharing a first word ("Author name", "Author role") form a card of their own.
  const looseHeads = new Map<string, number>();
  for (const part of parts) {
    if (part.series === null && part.slot.name.includes(' ')) {
      const head = firstWords(part.slot.name);
      looseHeads.set(head, (looseHeads.get(head) ?? 0) + 1);
    }
  }
  for (const part of parts) {
    if (part.series !== null || !part.slot.name.includes(' ')) continue;
    const head = firstWords(part.slot.name);
    if ((looseHeads.get(head) ?? 0) >= 2 && !['primary', 'secondary'].includes(head)) part.group = head;
  }
  // Unnamed, the first longer text under the section's headline or heading is its lead.
  const heading = parts.findIndex((part) => part.purpose === 'headline' || part.purpose === 'heading');
  const lead = parts.find(
    (part, i) => i > heading && heading >= 0 && part.purpose === 'text' && !part.slot.name,
  );
  if (lead && !parts.some((part) => part.purpose === 'lead')) lead.purpose = 'lead';
  return { candidate, parts, series: cardSeries(parts) };
}

function firstWords(name: string): string {
  return wordsOf(name).slice(0, -1).join(' ');
}

function partOf(slot: CandidateSlot): SlotPart {
  const match = numbered.exec(slot.name.trim());
  if (!match || !match[1]) {
    return { slot, purpose: purposeOf(slot, slot.name), group: null, series: null, index: 0, item: 0 };
  }
  const series = wordsOf(match[1]).join(' ');
  const index = Number(match[2]);
  const field = match[3] ?? '';
  const inner = numbered.exec(field);
  const item = inner?.[1] ? Number(inner[2]) : 0;
  // "Nav link 3" is the third of a series of single slots; "Plan 2 price" a field of the second plan.
  const single = !field;
  return {
    slot,
    purpose: purposeOf(slot, single ? match[1] : field),
    group: single ? null : `${series} ${index}`,
    series,
    index,
    item: single ? index : item,
  };
}

/**
 * The purpose of a text slot from the words naming its field ("price", "title"), the slot's full name
 * (a "Column 2 link 3" is navigation) and its tag.
 */
function purposeOf(slot: CandidateSlot, field: string): SlotPurpose | null {
  if (slot.kind !== 'text') return null;
  const words = wordsOf(field).filter((word) => !/^\d+$/.test(word));
  const last = words[words.length - 1] ?? '';
  const has = (...names: string[]) => names.some((name) => words.includes(name));
  if (slot.tag === 'h1' || last === 'headline') return 'headline';
  if (slot.tag === 'pre' || slot.tag === 'code' || has('rating', 'code')) return 'keep';
  if (has('copyright')) return 'copyright';
  if (has('brand')) return 'brand';
  if (has('placeholder')) return 'placeholder';
  if (slot.tag === 'label' || has('field')) return 'fieldLabel';
  if (has('badge') && last === 'text') return 'lead';
  if (has('eyebrow', 'category') || (has('badge') && last === 'label')) return 'eyebrow';
  if (has('badge', 'tag', 'version', 'delta', 'range')) return 'badge';
  if (has('button', 'submit')) return 'button';
  if (last === 'link') return wordsOf(slot.name).some((w) => navigation.has(w)) ? 'link' : 'button';
  if (has('quote') || slot.tag === 'blockquote') return 'quote';
  if (slot.tag === 'h2' || last === 'heading') return 'heading';
  if (has('subheadline', 'subheading', 'standfirst', 'tagline')) return 'lead';
  if (has('value', 'price')) return 'value';
  if (has('includes', 'note', 'footnote', 'consent', 'details', 'date', 'guarantee', 'trust', 'social'))
    return 'note';
  if (has('label', 'period', 'role', 'option')) return 'label';
  if (has('title', 'name') || slot.tag === 'h3') return 'title';
  if (
    has('feature', 'point', 'included', 'highlight', 'changes', 'list') ||
    slot.tag === 'ul' ||
    slot.tag === 'li'
  )
    return 'listItem';
  if (has('text', 'description', 'answer', 'bio', 'caption', 'paragraph', 'body', 'summary')) return 'text';
  if (slot.tag === 'a' || slot.tag === 'button') return 'button';
  return purposeOfContent(slot);
}

const priceText = /[$€£¥₹]\s?\d|\d\s?[€£]|\/\s?(?:mo|month|yr|year)\b/i;
const figureText = /^[~≈<>+−-]?\d[\d.,]*\s?(?:%|[kmb]\+?|×|x|\+|s|\/\d+(?:\.\d+)?)?$/i;

/** For a slot its name and tag say nothing about: what its current content looks like, else its size. */
function purposeOfContent(slot: CandidateSlot): SlotPurpose {
  const current = slot.current.trim();
  if (current.includes('©')) return 'copyright';
  if (/^[★☆]+$/.test(current)) return 'keep';
  if (/^[“"«]/.test(current) && current.length > 30) return 'quote';
  if (priceText.test(current) || figureText.test(current)) return 'value';
  if (current.endsWith('?') && current.length <= 80) return 'title';
  return slot.capacity <= 24 ? 'label' : 'text';
}

/** Numbered cards of two or more text slots, by series: plans, questions, feature cards, testimonials. */
function cardSeries(parts: SlotPart[]): Map<string, CardGroup[]> {
  const groups = new Map<string, CardGroup>();
  for (const part of parts) {
    if (part.series === null || part.group === null) continue;
    const group = groups.get(part.group) ?? {
      key: part.group,
      series: part.series,
      index: part.index,
      parts: [],
    };
    group.parts.push(part);
    groups.set(part.group, group);
  }
  const series = new Map<string, CardGroup[]>();
  for (const group of groups.values()) {
    if (group.parts.filter((part) => part.purpose).length < 2) continue;
    series.set(group.series, [...(series.get(group.series) ?? []), group]);
  }
  return series;
}

/**
 * The cards that hold items showing `purpose` (a price, a quote): the largest such series; else, when
 * the section's own slots show it (a single plan, one spotlight quote), those slots as one card.
 */
export function cardsShowing(anatomy: SectionAnatomy, purpose: SlotPurpose): CardGroup[] {
  let best: CardGroup[] = [];
  for (const cards of anatomy.series.values()) {
    const shows = cards.some((card) => card.parts.some((part) => part.purpose === purpose));
    if (shows && cards.length > best.length) best = cards;
  }
  if (best.length) return best;
  const own = anatomy.parts.filter((part) => part.group === null || part.series === null);
  // Only one slot of its own may show it: several (unnamed cards) are not one item.
  if (own.filter((part) => part.purpose === purpose && part.series === null).length !== 1) return [];
  return [{ key: 'section', series: 'section', index: 1, parts: own }];
}

/** A call to action that collects e-mail addresses: a newsletter signup. */
export function isSignup(anatomy: SectionAnatomy): boolean {
  return anatomy.parts.some((part) => part.purpose === 'placeholder' && part.slot.current.includes('@'));
}

const portraitWords = /\b(?:avatar|portrait|headshot|photo of|member photo|person|author)\b/i;

/** A logo, a person's portrait, or any other picture, from the slot's name and the library's alt text. */
export function imageKind(slot: CandidateSlot): ImageKind {
  const described = `${slot.name} ${slot.current}`;
  if (/\blogo\b/i.test(described)) return 'logo';
  if (portraitWords.test(described) || /\bmember \d+ photo\b/i.test(slot.name)) return 'portrait';
  return 'picture';
}
