// Every text slot of the planned sections gets its copy: the caller's content first, verbatim where it fits,
// then copy written from the subject for the rest.
import { type SectionRole } from '#folio/libraries';
import { type CallerSupply, type ItemCopy } from './caller-items.js';
import { capitalize, firstFitting, leadingWords, sentencesOf, shortKey, trailingWords } from './copy-text.js';
import {
  cardNumber,
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
  imageKind,
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

/** Roles whose cards state facts (a price, a quote, a way to reach, a person, a figure): never written for the caller. */
const factCardRoles = new Set<SectionRole>(['pricing', 'testimonials', 'contact', 'team', 'stats']);
/** Roles whose cards, when the caller gave none of their facts, have nothing true to say and go. */
const onlyCallerCards = new Set<SectionRole>(['pricing', 'stats', 'testimonials', 'team']);
/** Roles whose value slots are prices or ways to reach the business; elsewhere a value is a figure. */
const notFigureRoles = new Set<SectionRole>(['pricing', 'contact']);
/** Slots that may fall back on the subject's name when nothing else fits: headings, not points or values. */
const namedPurposes = new Set<SlotPurpose>(['headline', 'heading', 'eyebrow', 'brand']);
/** Generated text of these purposes may repeat within a section: buttons, links, form fields, the brand. */
const repeatablePurposes = new Set<SlotPurpose>([
  'button',
  'link',
  'fieldLabel',
  'placeholder',
  'keep',
  'brand',
  'copyright',
]);
/** Fields of a caller's card that would state a fact about them if written: left empty when not given. */
const factPurposes = new Set<SlotPurpose>([
  'title',
  'text',
  'note',
  'value',
  'label',
  'listItem',
  'quote',
  'keep',
]);

/**
 * The text of every slot of the outline's sections. An empty text removes its element (and an icon or
 * picture keyed to a removed text goes with it): it stands for a fact the caller did not give.
 */
export function writePageTexts(outline: SectionAnatomy[], supply: CallerSupply, ctx: CopyContext): PageTexts {
  const texts: PageTexts = new Map(outline.map((anatomy) => [anatomy.candidate.key, new Map()]));
  const textsOf = (anatomy: SectionAnatomy) => texts.get(anatomy.candidate.key)!;
  const lines = [...supply.lines];
  for (const anatomy of outline) {
    lines.push(
      ...placeCallerItems(anatomy, supply.items.get(anatomy.candidate.role) ?? [], textsOf(anatomy)),
    );
  }
  lines.push(...placeFigures(outline, supply.figures, texts));
  lines.push(...placeParagraphs(outline, supply.paragraphs, texts));
  placeLines(outline, lines, texts);
  for (const anatomy of outline) {
    removeUnsaidCards(anatomy, supply.items.get(anatomy.candidate.role)?.length ?? 0, textsOf(anatomy));
    removeUnsaidFigures(anatomy, textsOf(anatomy));
  }
  const used = new Set([...texts.values()].flatMap((filled) => [...filled.values()].flatMap(sentencesOf)));
  for (const anatomy of outline) writeGenerated(anatomy, ctx, textsOf(anatomy), used);
  for (const anatomy of outline) removeLoneIcons(anatomy, textsOf(anatomy));
  return texts;
}

/** The caller's cards for this section's role, each in the first free card that shows all of it whole. */
function placeCallerItems(anatomy: SectionAnatomy, items: ItemCopy[], filled: Map<string, string>): string[] {
  const role = anatomy.candidate.role;
  const purpose = itemPurpose[role];
  const free = purpose ? [...cardsShowing(anatomy, purpose)] : [];
  const rest: string[] = [];
  for (const item of items) {
    // An item no card can show whole goes elsewhere as a line, rather than cut in its own section.
    const card = free.find((card) => fits(card, adapted(card, item, role)));
    if (!card) {
      rest.push(lineOf(item));
      continue;
    }
    free.splice(free.indexOf(card), 1);
    const copy = adapted(card, item, role);
    fillCard(card, copy, filled, true);
    if (factCardRoles.has(role)) sealCard(card, copy, filled);
  }
  return rest.filter((line) => !placedInOwnProse(anatomy, line, filled));
}

/**
 * A line of the section's own kind that no card showed (a fourth way to reach them in a section of three)
 * takes the section's lead, or another text or note outside its cards (a footnote), when one is free and
 * large enough.
 */
function placedInOwnProse(anatomy: SectionAnatomy, line: string, filled: Map<string, string>): boolean {
  const prose = anatomy.parts.find(
    (part) =>
      part.series === null &&
      (part.purpose === 'lead' || part.purpose === 'text' || part.purpose === 'note') &&
      part.slot.tag !== 'ul' &&
      !filled.has(part.slot.elementKey) &&
      line.length <= part.slot.capacity,
  );
  if (prose) filled.set(prose.slot.elementKey, line);
  return !!prose;
}

/** The fact slots of a caller's card that the caller left empty are removed: "each", "$0", a rating. */
function sealCard(card: CardGroup, item: ItemCopy, filled: Map<string, string>): void {
  for (const part of card.parts) {
    if (!part.purpose || filled.has(part.slot.elementKey) || !factPurposes.has(part.purpose)) continue;
    if (part.purpose === 'note' && /includes/i.test(part.slot.name) && item.list?.length) continue;
    filled.set(part.slot.elementKey, '');
  }
}

/**
 * Cards of prices, figures, quotes, contacts or people with nothing of the caller's go: the caller gave
 * fewer than the library shows. Without any caller price, figure or quote, every such card goes (a price
 * to ask for, a word where a number stood or a review nobody wrote says nothing); without any caller
 * contact, one way to write is kept (the page's form); without any person, the cards keep neutral
 * written copy, but no figure such as a star rating. Billing options (monthly, yearly) go with the
 * library's plans.
 */
function removeUnsaidCards(anatomy: SectionAnatomy, given: number, filled: Map<string, string>): void {
  const role = anatomy.candidate.role;
  const purpose = itemPurpose[role];
  if (!purpose || !factCardRoles.has(role)) return;
  const cards = cardsShowing(anatomy, purpose);
  if (!given && !onlyCallerCards.has(role) && role !== 'contact') {
    for (const part of cards.flatMap((card) => card.parts)) {
      if (part.purpose === 'keep') filled.set(part.slot.elementKey, '');
    }
    return;
  }
  const unsaid = cards.filter((card) => !card.parts.some((part) => filled.has(part.slot.elementKey)));
  const kept = given || onlyCallerCards.has(role) ? 0 : 1;
  for (const card of unsaid.slice(kept)) {
    for (const part of factPartsOf(card)) filled.set(part.slot.elementKey, '');
  }
  if (role !== 'pricing') return;
  for (const part of anatomy.parts) {
    const isBillingOption = part.purpose === 'label' && part.series !== null && part.group === null;
    if (isBillingOption && /month|year|week/i.test(part.slot.current)) filled.set(part.slot.elementKey, '');
  }
}

/** A card's parts that state its fact; a card made of the section's own slots keeps its header and buttons. */
function factPartsOf(card: CardGroup): SlotPart[] {
  if (card.key !== 'section') return card.parts;
  return card.parts.filter(
    (part) => !part.purpose || factPurposes.has(part.purpose) || part.purpose === 'badge',
  );
}

/**
 * Cards of the section that show a figure ("+38% sign-ups", "Fact 1 value"), outside prices and ways to
 * reach the business: a numbered or named card with a value slot.
 */
function figureCards(anatomy: SectionAnatomy): CardGroup[] {
  if (notFigureRoles.has(anatomy.candidate.role)) return [];
  const groups = new Map<string, CardGroup>();
  for (const part of anatomy.parts) {
    if (part.group === null) continue;
    const card = groups.get(part.group) ?? {
      key: part.group,
      series: part.series ?? '',
      index: part.index,
      parts: [],
    };
    card.parts.push(part);
    groups.set(part.group, card);
  }
  return [...groups.values()].filter((card) => card.parts.some((part) => part.purpose === 'value'));
}

/** The caller's figures in the figure cards of the page, in page order; those no card shows whole come back as lines. */
function placeFigures(outline: SectionAnatomy[], figures: ItemCopy[], texts: PageTexts): string[] {
  const free = outline.flatMap((anatomy) =>
    figureCards(anatomy).map((card) => ({ card, filled: texts.get(anatomy.candidate.key)! })),
  );
  const rest: string[] = [];
  for (const figure of figures) {
    const at = free.find(
      ({ card, filled }) =>
        !card.parts.some((part) => filled.has(part.slot.elementKey)) && fits(card, figure),
    );
    if (!at) {
      rest.push(lineOf(figure));
      continue;
    }
    fillCard(at.card, figure, at.filled, true);
    sealCard(at.card, figure, at.filled);
  }
  return rest;
}

/**
 * Figures nobody gave go with their cards, and so do claims ("Loved by 12,000+ designers", a note whose
 * library copy states a number), with the loose row of faces beside them: nothing true stands in for a
 * number, a place or "You" never does.
 */
function removeUnsaidFigures(anatomy: SectionAnatomy, filled: Map<string, string>): void {
  if (notFigureRoles.has(anatomy.candidate.role)) return;
  for (const card of figureCards(anatomy)) {
    if (card.parts.some((part) => filled.has(part.slot.elementKey))) continue;
    for (const part of card.parts) filled.set(part.slot.elementKey, '');
  }
  const claims = anatomy.parts.filter(
    (part) =>
      part.group === null &&
      (part.purpose === 'value' || part.purpose === 'note') &&
      /\d/.test(part.slot.current) &&
      !filled.has(part.slot.elementKey),
  );
  for (const claim of claims) filled.set(claim.slot.elementKey, '');
  if (!claims.length) return;
  for (const part of anatomy.parts) {
    if (part.group === null && part.slot.kind === 'image' && imageKind(part.slot) === 'portrait') {
      filled.set(part.slot.elementKey, '');
    }
  }
}

/** Icons and pictures named after a removed text ("Plan 3 feature 2 icon") go with it. */
function removeLoneIcons(anatomy: SectionAnatomy, filled: Map<string, string>): void {
  const removed = new Set(
    anatomy.parts
      .filter((part) => part.slot.kind === 'text' && filled.get(part.slot.elementKey) === '')
      .map((part) => part.slot.name),
  );
  for (const part of anatomy.parts) {
    if (part.slot.kind !== 'text' && removed.has(part.slot.name.replace(/\s+(?:icon|image|photo)$/i, ''))) {
      filled.set(part.slot.elementKey, '');
    }
  }
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
function writeGenerated(
  anatomy: SectionAnatomy,
  ctx: CopyContext,
  filled: Map<string, string>,
  used: Set<string>,
): void {
  const role = anatomy.candidate.role;
  const shown = shortTextsOf(filled);
  // The page writer names the project in the navbar's and footer's brand (isFramesBrand).
  if (anatomy.parts.some((part) => isFramesBrand(part, role))) noteShown(shown, subjectName(ctx.subject));
  const cardSets = [...anatomy.series.values()];
  const purpose = itemPurpose[role];
  const own = purpose ? cardsShowing(anatomy, purpose) : [];
  if (own[0]?.key === 'section') cardSets.push(own);
  for (const cards of cardSets) {
    const titles = new Set<string>();
    cards.forEach((card, index) => {
      if (card.parts.every((part) => !part.purpose || filled.has(part.slot.elementKey))) return;
      const item = fittingItem(card, role, { index, titles, used, shown }, filled, ctx);
      if (item.title) titles.add(item.title);
      fillCard(card, item, filled, false, used, shown);
    });
  }
  const counts = new Map<string, number>();
  const nth = (key: string) => {
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return n;
  };
  const copyRole: CopyRole = role === 'cta' && isSignup(anatomy) ? 'newsletter' : role;
  // Headlines and headings first: they name the section, and a badge or eyebrow must not take their words.
  const headingsFirst = [...anatomy.parts].sort(
    (a, b) => Number(!isHeading(a.purpose)) - Number(!isHeading(b.purpose)),
  );
  for (const part of headingsFirst) {
    if (!part.purpose || filled.has(part.slot.elementKey) || isFramesBrand(part, role)) continue;
    const single = part.series !== null && part.group === null;
    const options = single
      ? seriesCopy(part, copyRole, ctx, nth(part.series!))
      : sectionCopy(part, copyRole, ctx, nth(part.purpose));
    // Nothing that fits and says something new: the element goes rather than show a cut or repeated text.
    const candidates = namedPurposes.has(part.purpose) ? [...options, subjectName(ctx.subject)] : options;
    const text =
      firstFitting(
        candidates,
        part.slot.capacity,
        used,
        repeatablePurposes.has(part.purpose) ? undefined : shown,
      ) ?? '';
    filled.set(part.slot.elementKey, text);
    for (const sentence of sentencesOf(text)) used.add(sentence);
    if (!repeatablePurposes.has(part.purpose)) noteShown(shown, text);
  }
}

const isHeading = (purpose: SlotPurpose | null) => purpose === 'headline' || purpose === 'heading';

/** The short texts a section shows, to write none of them twice there. */
function shortTextsOf(filled: Map<string, string>): Set<string> {
  const shown = new Set<string>();
  for (const text of filled.values()) noteShown(shown, text);
  return shown;
}

function noteShown(shown: Set<string>, text: string): void {
  const key = shortKey(text);
  if (key) shown.add(key);
}

/**
 * The navbar's and footer's brand is left to the page writer, which names the project there whole
 * (libs/ai/src/page-navigation.ts): measured against the library's sample name ("Lumen"), most names
 * would not fit, and the element would go.
 */
function isFramesBrand(part: SlotPart, role: SectionRole): boolean {
  return part.purpose === 'brand' && (role === 'navbar' || role === 'footer');
}

/**
 * The generated card for the `index`-th card: the first of the role's items, starting at its own,
 * whose every field fits its slot, with a title not yet used in the series nor shown in the section, and no
 * sentence already on the page.
 */
function fittingItem(
  card: CardGroup,
  role: SectionRole,
  at: { index: number; titles: Set<string>; used: Set<string>; shown: Set<string> },
  filled: Map<string, string>,
  ctx: CopyContext,
): ItemCopy {
  const tries = 8;
  const itemAt = (k: number) =>
    completed(card, generatedItem(role, card.series, at.index + k, ctx), filled, ctx);
  for (let k = 0; k < tries; k++) {
    const item = itemAt(k);
    const isNew = !item.title || (!at.titles.has(item.title) && !at.shown.has(shortKey(item.title) ?? ''));
    const says = [item.text, item.quote].flatMap((text) => (text ? sentencesOf(text) : []));
    // A card's number is its place in the row, whichever item it shows.
    if (isNew && fits(card, item, false) && !says.some((s) => at.used.has(s))) {
      return item.eyebrow ? { ...item, eyebrow: cardNumber(at.index) } : item;
    }
  }
  return itemAt(0);
}

/** Copy for one of a series of single slots: story paragraphs, highlights, navigation, billing options. */
function seriesCopy(part: SlotPart, role: CopyRole, ctx: CopyContext, n: number): Options {
  const nthOf = (list: string[]) => list[n % list.length];
  switch (part.purpose) {
    case 'text':
      // Paragraphs in order from the n-th; an earlier one may be free when a caller's line took its slot.
      return [
        ...paragraphs(ctx).slice(n),
        ...paragraphs(ctx).slice(0, n),
        `${capitalize(ctx.subject.phrase)}.`,
      ];
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
    label: generated.label,
    button: isPrice ? ctx.subject.trade.action : generated.button,
  };
}

/** "Celebration cakes" → "celebration cakes", but "Sam Patel" stays a name. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]*(?:\s+[a-z]|$)/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/**
 * Writes an item's fields into the card's empty slots; a card made of the section's own slots takes no
 * header copy. The caller's fields go in as given (the card was chosen to fit them); written ones are
 * shortened at a phrase boundary when needed, or left for the section's own copy.
 */
function fillCard(
  card: CardGroup,
  item: ItemCopy,
  filled: Map<string, string>,
  verbatim: boolean,
  used = new Set<string>(),
  shown = new Set<string>(),
): void {
  const own = card.key === 'section';
  const hasText = card.parts.some((part) => part.purpose === 'text');
  placeList(card, item.list ?? [], filled, verbatim, shown);
  for (const part of card.parts) {
    if (!part.purpose || filled.has(part.slot.elementKey)) continue;
    const field = fieldOf(part, item, { own, hasText });
    const repeatable = repeatablePurposes.has(part.purpose);
    const text =
      verbatim || !field
        ? field
        : firstFitting([field], part.slot.capacity, used, repeatable ? undefined : shown);
    if (!text) continue;
    filled.set(part.slot.elementKey, text);
    for (const sentence of sentencesOf(text)) used.add(sentence);
    if (!repeatable) noteShown(shown, text);
  }
}

/**
 * List entries into the card's free list slots, each in a slot that shows it whole: the caller's in their
 * order (the card was chosen so that all of them fit), written ones filling the slots in order.
 */
function placeList(
  card: CardGroup,
  list: string[],
  filled: Map<string, string>,
  verbatim: boolean,
  shown: Set<string>,
): void {
  const free = card.parts.filter(
    (part) => (part.purpose === 'listItem' || part.purpose === 'link') && !filled.has(part.slot.elementKey),
  );
  const whole = free.find((part) => part.slot.tag === 'ul');
  if (whole) {
    if (list.length) filled.set(whole.slot.elementKey, list.join('\n'));
    return;
  }
  if (!verbatim) {
    // Written entries the section already shows are passed over: each card lists something of its own.
    const entries = list.filter((entry) => !shown.has(shortKey(entry) ?? ''));
    for (const slot of free) {
      const entry = entries.find((text) => text.length <= slot.slot.capacity);
      if (entry === undefined) continue;
      entries.splice(entries.indexOf(entry), 1);
      filled.set(slot.slot.elementKey, entry);
      noteShown(shown, entry);
    }
    return;
  }
  for (const [entry, slot] of listSlotsFor(free, list) ?? []) filled.set(slot.slot.elementKey, entry);
}

/**
 * Each entry with a free list slot that shows it whole: in the caller's order when the slots allow it
 * (skipping slots too small), else each in the smallest slot it fits; null when one fits none.
 */
function listSlotsFor(free: SlotPart[], list: string[]): [string, SlotPart][] | null {
  const inOrder: [string, SlotPart][] = [];
  let next = 0;
  for (const entry of list) {
    const at = free.findIndex((part, i) => i >= next && entry.length <= part.slot.capacity);
    if (at < 0) break;
    inOrder.push([entry, free[at]]);
    next = at + 1;
  }
  if (inOrder.length === list.length) return inOrder;
  const slots = [...free];
  const placed: [string, SlotPart][] = [];
  for (const entry of list) {
    const slot = slots
      .filter((part) => entry.length <= part.slot.capacity)
      .sort((a, b) => a.slot.capacity - b.slot.capacity)[0];
    if (!slot) return null;
    slots.splice(slots.indexOf(slot), 1);
    placed.push([entry, slot]);
  }
  return placed;
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

/**
 * An item whose title is too long for the card's title slot: the whole title moves into the card's text
 * (before the caller's details for a price), under a shorter title made of its first words, or for a
 * price of its last ones ("Call-out visit" → "Visit", "Call-out visit: first hour").
 */
function adapted(card: CardGroup, item: ItemCopy, role: SectionRole): ItemCopy {
  return withLongEntriesAsText(card, withTitleFitted(card, item, role));
}

function withTitleFitted(card: CardGroup, item: ItemCopy, role: SectionRole): ItemCopy {
  const titleSlot = card.parts.find((part) => part.purpose === 'title')?.slot;
  const textSlot = card.parts.find((part) => part.purpose === 'text')?.slot;
  if (!item.title || !titleSlot || !textSlot || item.title.length <= titleSlot.capacity) return item;
  const isPrice = role === 'pricing';
  if (item.text && !isPrice) return item;
  const text = item.text ? `${item.title}: ${item.text}` : item.title;
  const title = isPrice
    ? trailingWords(item.title, titleSlot.capacity)
    : leadingWords(item.title, titleSlot.capacity);
  return title && text.length <= textSlot.capacity ? { ...item, title, text } : item;
}

/**
 * List entries longer than every list slot of the card move whole to its text slot when the item has no
 * text: "Full day: €3,600" keeps its card, with "From getting ready to the first dance" as its description.
 */
function withLongEntriesAsText(card: CardGroup, item: ItemCopy): ItemCopy {
  const textSlot = card.parts.find((part) => part.purpose === 'text')?.slot;
  const listSlots = card.parts.filter((part) => part.purpose === 'listItem' || part.purpose === 'link');
  if (!item.list?.length || item.text || !textSlot || !listSlots.length) return item;
  if (listSlots.some((part) => part.slot.tag === 'ul')) return item;
  const widest = Math.max(...listSlots.map((part) => part.slot.capacity));
  const long = item.list.filter((entry) => entry.length > widest);
  const text = long.join('; ');
  if (!long.length || text.length > textSlot.capacity) return item;
  return { ...item, text, list: item.list.filter((entry) => entry.length <= widest) };
}

/**
 * Whether every field of the item has a slot in the card big enough to show it whole; its list too when
 * `wholeList` (a caller's list; a written one only needs entries for the slots).
 */
function fits(card: CardGroup, item: ItemCopy, wholeList = true): boolean {
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
  const listSlots = card.parts.filter((part) => part.purpose === 'listItem' || part.purpose === 'link');
  const listFits =
    !wholeList ||
    !item.list?.length ||
    listSlots.some((part) => part.slot.tag === 'ul') ||
    listSlotsFor(listSlots, item.list) !== null;
  return listFits && checks.every(([text, purposes]) => !text || text.length <= room(purposes));
}

/** An item as one line of text, for a slot outside its kind of section. */
function lineOf(item: ItemCopy): string {
  if (item.line) return [item.line, ...(item.list ?? [])].join(' — ');
  const price = [item.value, item.label].filter(Boolean).join(' ');
  return [item.quote, item.title, price, item.text, ...(item.list ?? [])].filter(Boolean).join(' — ');
}
