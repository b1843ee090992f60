// Everything the caller gave for the page: the facts of `text` (caller-content.ts) and those the prompt
// states (prompt-facts.ts). Where both say the same thing, the text's is kept.
import { type CompositionInput } from '../composition.js';
import { type CallerContent, type Fact, parseCallerContent, type Price } from './caller-content.js';
import { type PageSubject } from './page-subject.js';
import { readPromptFacts } from './prompt-facts.js';

/** The caller's content from text and prompt; the prompt's copy of something the text says is left out. */
export function briefContent(
  input: Pick<CompositionInput, 'prompt' | 'text'>,
  subject: Pick<PageSubject, 'phrase' | 'brand'>,
): CallerContent {
  const text = parseCallerContent(input.text);
  const prompt = readPromptFacts(input.prompt);
  const named = `${subject.brand ?? ''}\n${subject.phrase}`;
  const kinds = new Set(text.contacts.map(contactKind));
  return {
    prices: [...text.prices, ...prompt.prices.filter((price) => !text.prices.some(samePrice(price)))],
    questions: [
      ...text.questions,
      ...prompt.questions.filter((q) => !text.questions.some((t) => same(t.question, q.question))),
    ],
    quotes: [
      ...text.quotes,
      ...prompt.quotes.filter((q) => !text.quotes.some((t) => same(t.quote, q.quote))),
    ],
    contacts: [...text.contacts, ...prompt.contacts.filter((fact) => !kinds.has(contactKind(fact)))],
    figures: [
      ...text.figures,
      ...prompt.figures.filter((f) => !text.figures.some((t) => t.value === f.value)),
    ],
    // A person the subject already names ("a pottery studio run by Maya Okafor") needs no card of their own.
    people: [
      ...text.people,
      ...prompt.people.filter(
        (person) => !named.includes(person.value) && !text.people.some((t) => t.value === person.value),
      ),
    ],
    facts: [...text.facts, ...prompt.facts],
    listItems: [...text.listItems, ...prompt.listItems],
    paragraphs: [
      ...text.paragraphs,
      ...prompt.paragraphs.filter((paragraph) => !input.text?.includes(paragraph.replace(/[.!]$/, ''))),
    ],
  };
}

/** Both say the same, whatever the case, spacing and punctuation. */
function same(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return plain(a) === plain(b);
}

/** The text's price for the same thing: by name, or by amount and period when either has no name. */
function samePrice(price: Price): (other: Price) => boolean {
  return (other) =>
    price.name && other.name
      ? same(price.name, other.name)
      : same(price.amount, other.amount) && same(price.period ?? '', other.period ?? '');
}

/** What way of reaching the business a contact is: the text's e-mail replaces the prompt's. */
function contactKind(fact: Fact): string {
  if (/@[\w-]+\./.test(fact.value) && !/\s/.test(fact.value)) return 'email';
  if (/^(?:phone|other phone|mobile|tel|telephone|call)$/i.test(fact.key)) return 'phone';
  if (/hours|open/i.test(fact.key)) return 'hours';
  if (/address|visit|find|location|where/i.test(fact.key)) return 'address';
  return fact.key.toLowerCase();
}
