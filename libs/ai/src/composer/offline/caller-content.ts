// The caller's `text` read as page content: prices, questions and answers, quotes, facts, list items, paragraphs.

export interface Price {
  /** The line as written, for placing it whole when no plan is left. */
  line: string;
  name: string | null;
  /** "€12", verbatim. */
  amount: string;
  /** "/month", "per person", verbatim. */
  period: string | null;
  details: string | null;
  /** List items written right under the price line: what the plan includes. */
  includes: string[];
}

export interface QuestionAnswer {
  question: string;
  answer: string;
}

export interface Quote {
  /** With its quotation marks, as written. */
  quote: string;
  author: string | null;
  role: string | null;
}

/** A "Key: value" line (or a lone e-mail address or phone number, keyed by what it is). */
export interface Fact {
  key: string;
  value: string;
  line: string;
  /** For a person written in free text: what the prompt says about them ("Ellie Jones has 9 years …"). */
  details?: string;
}

export interface CallerContent {
  prices: Price[];
  questions: QuestionAnswer[];
  quotes: Quote[];
  /** Ways to reach the business: e-mail, phone, address, opening hours, social accounts. */
  contacts: Fact[];
  /** Facts whose value is a figure ("Loaves a week: 1,200"): stats. */
  figures: Fact[];
  /** Facts naming a person by their role ("Head baker: Sam Patel"). */
  people: Fact[];
  /** Any other fact. */
  facts: Fact[];
  listItems: string[];
  paragraphs: string[];
}

/** A price as written: "€12", "£1,200", "30 EUR". */
export const amount =
  /(?:[$€£¥₹]\s?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*\s?(?:€|£|(?:EUR|GBP|USD|CHF|eur|gbp|usd|chf)\b))/;
/** What an amount is for, right after it: "/month", "per night", "a week", "for 45 minutes", "each". */
export const pricePeriod =
  /^\s*(\/\s?[a-z]+|per\s+[a-z]+\b|(?:a|an|each)\s+(?:day|night|week|month|year|person|guest|hour|session|class|visit|box|loaf|seat|user|editor|head)\b|for\s+(?:a|an|one|\d+)\s+(?:minutes?|hours?|days?|nights?|weeks?|months?|years?|sessions?|classes?|lessons?)\b|each\b)/i;
const separators = /^[\s:—–,|-]+|[\s:—–,|-]+$/g;
const maxPriceNameWords = 5;
const listItem = /^\s*(?:[-*•–]|\d{1,2}[.)])\s+(.+)$/;
const fact = /^([^:]{1,40}?):\s+(.+)$/;
const question = /^\s*(?:Q\s*[:.]\s*)(.+)$/i;
const answer = /^\s*(?:A\s*[:.]\s*)(.+)$/i;
const quoted = /^([“"«„][^”"»]{8,}[”"»])\s*(?:[—–-]\s*(.+))?$/;
const attribution = /^\s*[—–-]\s*(.+)$/;
const email = /^[\w.+-]+@[\w-]+\.[\w.]+$/;
const phone = /^\+?\d[\d ().-]{6,}\d$/;
const contactKey =
  /\b(?:e-?mail|phone|tel|telephone|call|mobile|whatsapp|address|visit|find us|location|where|hours|opening|open|instagram|facebook|twitter|tiktok|linkedin|website|web)\b/i;
const figureValue = /^[~≈<>+]?\d[\d.,]*\s?(?:%|[kmb]\+?|×|x|\+|★|\/\d+(?:\.\d+)?)?$/i;
const personKey =
  /\b(?:founder|co-founder|owner|chef|baker|manager|director|head|ceo|lead|teacher|instructor|coach|host|partner)\b/i;

/** Content with nothing in it yet. */
export function noContent(): CallerContent {
  return {
    prices: [],
    questions: [],
    quotes: [],
    contacts: [],
    figures: [],
    people: [],
    facts: [],
    listItems: [],
    paragraphs: [],
  };
}

/** Reads the caller's text; every piece is kept verbatim so it can appear on the page as given. */
export function parseCallerContent(text: string | null): CallerContent {
  const content = noContent();
  const lines = (text ?? '').split(/\r?\n/).map((line) => line.trim());
  let paragraph: string[] = [];
  let lastPrice: Price | null = null;
  const endParagraph = () => {
    if (paragraph.length) content.paragraphs.push(paragraph.join(' '));
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) {
      endParagraph();
      lastPrice = null;
      continue;
    }
    const item = listItem.exec(line)?.[1];
    if (item && lastPrice) {
      lastPrice.includes.push(item);
      continue;
    }
    const asked = question.exec(line)?.[1] ?? (line.endsWith('?') && !item ? line : null);
    if (asked) {
      const [reply, next] = answerAfter(lines, i + 1);
      if (reply) {
        endParagraph();
        content.questions.push({ question: asked, answer: reply });
        i = next - 1;
        continue;
      }
    }
    const price = priceOf(item ?? line);
    if (price) {
      endParagraph();
      content.prices.push(price);
      lastPrice = price;
      continue;
    }
    lastPrice = null;
    if (item) {
      endParagraph();
      content.listItems.push(item);
      continue;
    }
    const quote = quoted.exec(line);
    if (quote) {
      endParagraph();
      const by = quote[2] ?? attribution.exec(lines[i + 1] ?? '')?.[1] ?? null;
      if (!quote[2] && by) i++;
      const [author, ...role] = by ? by.split(/,\s*/) : [];
      content.quotes.push({ quote: quote[1], author: author ?? null, role: role.join(', ') || null });
      continue;
    }
    // "Classes:" over a list heads it; on its own in the hero it would say nothing.
    if (line.endsWith(':') && listItem.test(lines[i + 1] ?? '')) {
      endParagraph();
      continue;
    }
    const keyed = factOf(line);
    if (keyed) {
      endParagraph();
      sortFact(content, keyed);
      continue;
    }
    paragraph.push(line);
  }
  endParagraph();
  return content;
}

/** The answer to a question: an "A:" line or the lines after it, up to a blank line or the next question. */
function answerAfter(lines: string[], start: number): [string | null, number] {
  const parts: string[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (!line || question.test(line) || (parts.length && line.endsWith('?'))) break;
    if (listItem.test(line) && !parts.length) break;
    parts.push(parts.length ? line : (answer.exec(line)?.[1] ?? line));
  }
  return [parts.length ? parts.join(' ') : null, i];
}

function priceOf(line: string): Price | null {
  const found = amount.exec(line);
  if (!found) return null;
  const before = line.slice(0, found.index).replace(separators, '');
  // "Free delivery on orders over €20" mentions an amount; a price line names its item in a few words first.
  if (before.split(/\s+/).length > maxPriceNameWords) return null;
  let after = line.slice(found.index + found[0].length);
  const per = pricePeriod.exec(after);
  if (per) after = after.slice(per[0].length);
  const details = after.replace(separators, '');
  return {
    line,
    name: before || null,
    amount: found[0],
    period: per ? per[1] : null,
    details: details || null,
    includes: [],
  };
}

function factOf(line: string): Fact | null {
  if (email.test(line)) return { key: 'Email', value: line, line };
  if (phone.test(line)) return { key: 'Phone', value: line, line };
  const keyed = fact.exec(line);
  if (!keyed || /^https?$/i.test(keyed[1]) || keyed[1].split(/\s+/).length > 5) return null;
  return { key: keyed[1].trim(), value: keyed[2].trim(), line };
}

function sortFact(content: CallerContent, keyed: Fact): void {
  if (contactKey.test(keyed.key) || email.test(keyed.value) || phone.test(keyed.value)) {
    content.contacts.push(keyed);
  } else if (figureValue.test(keyed.value)) {
    content.figures.push(keyed);
  } else if (personKey.test(keyed.key)) {
    content.people.push(keyed);
  } else {
    content.facts.push(keyed);
  }
}
