// Every text slot of the planned sections gets its copy: the caller's content first, verbatim where it fits,
// then copy written from the subject for the rest.
import { type SectionRole } from '#folio/libraries';
import { type CallerSupply, type ItemCopy } from './caller-items.js';
import { capitalize, firstFitting, leadingWords } from './copy-text.js';
import {
  type CopyContext,
  type CopyRole,
  generatedItem,
  type Options,
  listItems,
  navigation,
  paragraphs,
  sectionCopy,
  storyHeadings,
} from './generated-copy.js';
import { itemPurpose } from './page-outline.js';
import { subjectName } from './page-subject.js';
import {
  type CardGroup,
  cardsShowing,
  isSignup,
  type SectionAnatomy,
  type SlotPart,
  type SlotPurpose,
} from './slot-anatomy.js';

/** Text per element key, per section key. */
export type PageTexts = Map<string, Map<string, string>>;

/** Sections that take caller lines no section was made for, in order of preference. */
const overflowRoles: SectionRole[] = [
  'content',
  'features',
  'hero',
  'cta',
  'contact',
  'team',
  'gallery',
  'stats',
];
const overflowPurposes = new Set<SlotPurpose>(['text', 'lead', 'listItem']);

/** The text of every text slot of the outline's sections. */
export function writePageTexts(outline: SectionAnatomy[], supply: CallerSupply, ctx: CopyContext): PageTexts {
  const texts: PageTexts = new Map(outline.map((anatomy) => [anatomy.candidate.key, new Map()]));
  const textsOf = (anatomy: SectionAnatomy) => texts.get(anatomy.candidate.key)!;
  const lines = [...supply.lines];
  for (const anatomy of outline) {
    lines.push(
      ...placeCallerItems(anatomy, supply.items.get(anatomy.candidate.role) ?? [], textsOf(anatomy)),
    );
  }
  lines.push(...placeParagraphs(outline, supply.paragraphs, texts));
  placeLines(outline, lines, texts);
  for (const anatomy of outline) writeGenerated(anatomy, ctx, textsOf(anatomy));
  return texts;
}

/** The caller's cards for this section's role, each in the first free card it fits; the rest as lines. */
function placeCallerItems(anatomy: SectionAnatomy, items: ItemCopy[], filled: Map<string, string>): string[] {
  const purpose = itemPurpose[anatomy.candidate.role];
  const free = purpose ? [...cardsShowing(anatomy, purpose)] : [];
  const rest: string[] = [];
  for (const item of items) {
    const fitting = free.find((card) => fits(card, adapted(card, item)));
    // An item too long for every card still goes in one (cut at a word) rather than away from its section.
    const card = fitting ?? free[0];
    if (!card) {
      rest.push(lineOf(item));
      continue;
    }
    free.splice(free.indexOf(card), 1);
    fillCard(card, adapted(card, item), filled, true);
  }
  return rest;
}

/** The first paragraph leads the hero; the others go to a story's paragraph slots, or wherever they fit. */
function placeParagraphs(outline: SectionAnatomy[], given: string[], texts: PageTexts): string[] {
  const rest = [...given];
  const hero = outline.find((anatomy) => anatomy.candidate.role === 'hero');
  const lead = hero?.parts.find((part) => part.purpose === 'lead');
  if (hero && lead && rest.length && rest[0].length <= lead.slot.capacity) {
    texts.get(hero.candidate.key)!.set(lead.slot.elementKey, rest.shift()!);
  }
  for (const anatomy of outline.filter((a) => a.candidate.role === 'content')) {
    const filled = texts.get(anatomy.candidate.key)!;
    for (const part of anatomy.parts) {
      if (!rest.length) break;
      const isParagraph = part.purpose === 'text' && part.series !== null && part.group === null;
      if (isParagraph && !filled.has(part.slot.elementKey) && rest[0].length <= part.slot.capacity) {
        filled.set(part.slot.elementKey, rest.shift()!);
      }
    }
  }
  return rest;
}

/** Lines no card took, each in the first free text slot big enough, in sections that read as prose. */
function placeLines(outline: SectionAnatomy[], lines: string[], texts: PageTexts): void {
  const targets = overflowRoles.flatMap((role) => outline.filter((a) => a.candidate.role === role));
  const slots = targets.flatMap((anatomy) =>
    anatomy.parts
      .filter((part) => part.purpose && overflowPurposes.has(part.purpose) && part.slot.tag !== 'ul')
      .map((part) => ({ part, filled: texts.get(anatomy.candidate.key)! })),
  );
  for (const line of lines) {
    const target = slots.find(
      ({ part, filled }) => !filled.has(part.slot.elementKey) && line.length <= part.slot.capacity,
    );
    target?.filled.set(target.part.slot.elementKey, line);
  }
}

/** Copy for every slot still empty: generated cards, lists, and the section's own header and extras. */
function writeGenerated(anatomy: SectionAnatomy, ctx: CopyContext, filled: Map<string, string>): void {
  const role = anatomy.candidate.role;
  const cardSets = [...anatomy.series.values()];
  const purpose = itemPurpose[role];
  const own = purpose ? cardsShowing(anatomy, purpose) : [];
  if (own[0]?.key === 'section') cardSets.push(own);
  for (const cards of cardSets) {
    cards.forEach((card, index) => {
      const generated = generatedItem(role, card.series, index, ctx);
      fillCard(card, completed(card, generated, filled, ctx), filled, false);
    });
  }
  const counts = new Map<string, number>();
  const nth = (key: string) => {
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return n;
  };
  const copyRole: CopyRole = role === 'cta' && isSignup(anatomy) ? 'newsletter' : role;
  for (const part of anatomy.parts) {
    if (!part.purpose || filled.has(part.slot.elementKey)) continue;
    const single = part.series !== null && part.group === null;
    const options = single
      ? seriesCopy(part, copyRole, ctx, nth(part.series!))
      : sectionCopy(part, copyRole, ctx, nth(part.purpose));
    filled.set(
      part.slot.elementKey,
      firstFitting([...options, subjectName(ctx.subject)], part.slot.capacity),
    );
  }
}

/** Copy for one of a series of single slots: story paragraphs, highlights, navigation, billing options. */
function seriesCopy(part: SlotPart, role: CopyRole, ctx: CopyContext, n: number): Options {
  const nthOf = (list: string[]) => list[n % list.length];
  switch (part.purpose) {
    case 'text':
      return [paragraphs(ctx)[n], `${capitalize(ctx.subject.phrase)}.`];
    case 'heading':
      return [nthOf(storyHeadings)];
    case 'listItem':
      return [nthOf(listItems(ctx))];
    case 'label':
      return [
        /month|year|week/i.test(part.slot.current) ? nthOf(['Monthly', 'Yearly']) : nthOf(navigation(ctx)),
      ];
    default:
      return sectionCopy(part, role, ctx, n);
  }
}

/** A generated card completed around what the caller already put in it, so the card reads as one. */
function completed(
  card: CardGroup,
  generated: ItemCopy,
  filled: Map<string, string>,
  ctx: CopyContext,
): ItemCopy {
  const textOf = (purpose: SlotPurpose) =>
    card.parts.filter((part) => part.purpose === purpose).map((part) => filled.get(part.slot.elementKey))[0];
  const given = {
    title: textOf('title'),
    text: textOf('text'),
    value: textOf('value'),
    label: textOf('label'),
    quote: textOf('quote'),
  };
  if (!Object.values(given).some(Boolean)) return generated;
  const titleRoom = card.parts.find((part) => part.purpose === 'title')?.slot.capacity ?? 24;
  const title = given.title ?? (given.text ? leadingWords(given.text, titleRoom) : generated.title);
  const isPrice =
    ctx.hasPrices && given.value !== undefined && card.parts.some((part) => part.purpose === 'title');
  const askAbout = (topic: string) => `Ask ${ctx.subject.ref} about ${lowerFirst(topic)}.`;
  return {
    ...generated,
    title,
    text:
      isPrice && title
        ? askAbout(title)
        : given.label && !isPrice
          ? `${capitalize(given.label)} at ${ctx.subject.ref}.`
          : given.title
            ? askAbout(given.title)
            : generated.text,
    // A price given without its period is the price of one.
    label: isPrice ? 'each' : generated.label,
    button: isPrice ? ctx.subject.trade.action : generated.button,
  };
}

/** "Celebration cakes" → "celebration cakes", but "Sam Patel" stays a name. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]*(?:\s+[a-z]|$)/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Writes an item's fields into the card's empty slots; a card made of the section's own slots takes no header copy. */
function fillCard(card: CardGroup, item: ItemCopy, filled: Map<string, string>, verbatim: boolean): void {
  const own = card.key === 'section';
  const hasText = card.parts.some((part) => part.purpose === 'text');
  placeList(card, item.list ?? [], filled, verbatim);
  for (const part of card.parts) {
    if (!part.purpose || filled.has(part.slot.elementKey)) continue;
    const text = fieldOf(part, item, { own, hasText });
    if (text) filled.set(part.slot.elementKey, text);
  }
}

/**
 * List entries into the card's free list slots. The caller's entries go in order, each in the first slot
 * that shows it whole; written ones fill the slots in order, each with the first entry that fits.
 */
function placeList(card: CardGroup, list: string[], filled: Map<string, string>, verbatim: boolean): void {
  const free = card.parts.filter(
    (part) => (part.purpose === 'listItem' || part.purpose === 'link') && !filled.has(part.slot.elementKey),
  );
  const whole = free.find((part) => part.slot.tag === 'ul');
  if (whole) {
    if (list.length) filled.set(whole.slot.elementKey, list.join('\n'));
    return;
  }
  if (!verbatim) {
    const entries = [...list];
    for (const slot of free) {
      const entry = entries.find((text) => text.length <= slot.slot.capacity) ?? entries[0];
      if (entry === undefined) return;
      entries.splice(entries.indexOf(entry), 1);
      filled.set(slot.slot.elementKey, entry);
    }
    return;
  }
  for (const entry of list) {
    const slot = free.find((part) => entry.length <= part.slot.capacity) ?? free[0];
    if (!slot) return;
    free.splice(free.indexOf(slot), 1);
    filled.set(slot.slot.elementKey, entry);
  }
}

function fieldOf(
  part: SlotPart,
  item: ItemCopy,
  card: { own: boolean; hasText: boolean },
): string | undefined {
  switch (part.purpose) {
    case 'title':
      return item.title;
    case 'text':
      return item.text;
    case 'note':
      return card.own && !card.hasText ? item.text : undefined;
    case 'value':
      return item.value;
    case 'label':
      return item.label;
    case 'quote':
      return item.quote;
    case 'button':
      return card.own ? undefined : item.button;
    case 'eyebrow':
      return card.own ? undefined : item.eyebrow;
    default:
      return undefined;
  }
}

/** A title too long for the card's title slot becomes the card's text, under a title made of its first words. */
function adapted(card: CardGroup, item: ItemCopy): ItemCopy {
  const titleSlot = card.parts.find((part) => part.purpose === 'title')?.slot;
  const textSlot = card.parts.find((part) => part.purpose === 'text')?.slot;
  if (!item.title || !titleSlot || item.title.length <= titleSlot.capacity || item.text) return item;
  if (!textSlot || item.title.length > textSlot.capacity) return item;
  return { ...item, title: leadingWords(item.title, titleSlot.capacity), text: item.title };
}

/** Whether every caller field of the item has a slot in the card big enough to show it whole. */
function fits(card: CardGroup, item: ItemCopy): boolean {
  const room = (purposes: SlotPurpose[]) =>
    Math.max(
      0,
      ...card.parts.filter((p) => p.purpose && purposes.includes(p.purpose)).map((p) => p.slot.capacity),
    );
  const textRoom = card.key === 'section' ? ['text', 'note'] : ['text'];
  const checks: [string | undefined, SlotPurpose[]][] = [
    [item.title, ['title']],
    [item.text, textRoom as SlotPurpose[]],
    [item.value, ['value']],
    [item.label, ['label']],
    [item.quote, ['quote']],
  ];
  return checks.every(([text, purposes]) => !text || text.length <= room(purposes));
}

/** An item as one line of text, for a slot outside its kind of section. */
function lineOf(item: ItemCopy): string {
  const price = [item.value, item.label].filter(Boolean).join(' ');
  return [item.quote, item.title, price, item.text, ...(item.list ?? [])].filter(Boolean).join(' — ');
}
