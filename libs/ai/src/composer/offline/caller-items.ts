// The caller's content dealt out to the page's sections: prices to pricing, questions to the FAQ, and so on.
import { type SectionRole } from '#folio/libraries';
import { type CallerContent, type Fact } from './caller-content.js';
import { leadingWords } from './copy-text.js';

/** One card's copy; a field left out is written by the copy writer. */
export interface ItemCopy {
  title?: string;
  text?: string;
  value?: string;
  label?: string;
  quote?: string;
  list?: string[];
  button?: string;
  eyebrow?: string;
  /** The caller's own line for it ("Phone: 0117 496 0321"), placed whole when no card of its kind shows it. */
  line?: string;
}

export interface CallerSupply {
  /** Cards per role, in the caller's order. */
  items: Map<SectionRole, ItemCopy[]>;
  /** The caller's figures when the page has no stats section: for the figure cards of other sections. */
  figures: ItemCopy[];
  paragraphs: string[];
  /** Caller content no section of the page is for, as whole lines to place wherever one fits. */
  lines: string[];
}

/** A card title made from a list item, to stand over the item itself. */
const listTitleLength = 24;
/** Labels this short fit every label slot (the library analysis gives no text slot less). */
const shortLabel = 12;

/** Every piece of the caller's content, as cards of the roles the page has, or as a line to place elsewhere. */
export function supplyFor(content: CallerContent, roles: ReadonlySet<SectionRole>): CallerSupply {
  const items = new Map<SectionRole, ItemCopy[]>();
  const lines: string[] = [];
  const deal = (role: SectionRole, cards: ItemCopy[], asLines: string[]) => {
    if (!cards.length) return;
    if (roles.has(role)) items.set(role, [...(items.get(role) ?? []), ...cards]);
    else lines.push(...asLines);
  };
  const factCard = (fact: Fact): ItemCopy => ({ title: fact.key, text: fact.value });
  const figureCard = (fact: Fact): ItemCopy => ({ value: fact.value, label: fact.key, line: fact.line });

  deal(
    'pricing',
    content.prices.map((price) => ({
      title: price.name ?? undefined,
      value: price.amount,
      label: price.period ?? undefined,
      text: price.details ?? undefined,
      list: price.includes,
      line: price.line,
    })),
    content.prices.flatMap((price) => [price.line, ...price.includes]),
  );
  deal(
    'faq',
    content.questions.map(({ question, answer }) => ({ title: question, text: answer })),
    content.questions.map(({ question, answer }) => `${question} ${answer}`),
  );
  deal(
    'testimonials',
    content.quotes.map((quote) => ({
      quote: quote.quote,
      title: quote.author ?? undefined,
      label: quote.role ?? undefined,
    })),
    content.quotes.map((quote) => [quote.quote, quote.author, quote.role].filter(Boolean).join(' — ')),
  );
  const general = [...content.facts];
  if (roles.has('contact')) {
    deal(
      'contact',
      content.contacts.map((f) => ({ label: contactLabel(f.key), value: f.value, line: f.line })),
      [],
    );
  } else general.push(...content.contacts);
  const figures = roles.has('stats') ? [] : content.figures.map(figureCard);
  if (roles.has('stats')) deal('stats', content.figures.map(figureCard), []);
  if (roles.has('team')) {
    deal(
      'team',
      content.people.map((f) => ({
        title: f.value,
        label: f.key || undefined,
        text: f.details,
        line: f.details ?? (f.key ? `${f.value}, ${f.key}` : f.value),
      })),
      [],
    );
  }
  const people = roles.has('team') ? [] : content.people;
  deal(
    'features',
    [
      ...general.map(factCard),
      // A person without a team section: their name over what they do, or what the prompt says of them.
      ...people.map((f) => ({ title: f.value, text: f.details ?? (f.key || undefined) })),
      ...content.listItems.map((item) =>
        item.length <= listTitleLength
          ? { title: item }
          : { title: leadingWords(item, listTitleLength), text: item },
      ),
    ],
    [...general.map((fact) => fact.line), ...people.map((f) => f.details ?? f.value), ...content.listItems],
  );
  return { items, figures, paragraphs: content.paragraphs, lines };
}

/** "Opening hours" fits no 12-character label: "Hours" does. */
function contactLabel(key: string): string {
  if (key.length <= shortLabel) return key;
  if (/hours|open/i.test(key)) return 'Hours';
  if (/mail/i.test(key)) return 'Email';
  if (/phone|tel|call/i.test(key)) return 'Phone';
  if (/address|visit|find|location/i.test(key)) return 'Address';
  return leadingWords(key, shortLabel);
}
