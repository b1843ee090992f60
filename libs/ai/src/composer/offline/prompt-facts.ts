// The facts a prompt states in free text, as agents write them ("Drop-in classes cost £12; monthly unlimited
// is £85 per month. Email hi@lumen.example"), read into the content the caller's text gives
// (caller-content.ts): prices with their periods, questions with their answers, quotes, ways to reach the
// business, people, figures, and the statements about the business that are not instructions for the page.
// Every piece is kept as written; the first sentence says what the page is about (page-subject.ts) and
// gives facts, never a statement.
import { amount, type CallerContent, noContent, type Price, pricePeriod } from './caller-content.js';
import { capitalize, singular } from './copy-text.js';
import { contactsIn } from './prompt-contacts.js';
import { promptSentences, type PromptSentence, quoteMarker, withQuotes } from './prompt-sentences.js';
import { rolesNamedIn } from './role-words.js';

/** Words naming what a person does, for people written in free text ("our groomer Ellie Jones"). */
const roleNouns =
  'founder co-founder owner chef baker manager director head ceo lead teacher instructor coach host partner groomer stylist therapist trainer photographer potter barber artist engineer examiner dentist doctor nurse tutor florist designer developer accountant bookkeeper solicitor lawyer architect mechanic plumber electrician technician vet physio hygienist receptionist consultant adviser advisor editor writer musician pianist singer brewer roaster barista sommelier winemaker farmer gardener cleaner driver guide curator principal'.split(
    ' ',
  );
/** A role noun, its first letter in either case: person patterns cannot be case-insensitive (names are capitalised). */
const roleNoun = String.raw`(?:${roleNouns.map((noun) => `[${noun[0]}${noun[0].toUpperCase()}]${noun.slice(1)}`).join('|')})`;
const personName = String.raw`\p{Lu}[\p{Ll}'’-]+(?:\p{Lu}\p{Ll}+)?(?:\s+\p{Lu}[\p{Ll}'’-]*(?:\p{Lu}[\p{Ll}'’-]+)?){1,2}`;

const instruction =
  /^(?:(?:please|also|and|then|just|now)\s+)*(?:make|create|build|design|write|add|include|use|put|show|list|mention|keep|give|highlight|feature|insert|draft|generate|set up|do|don['’]t|avoid|focus|emphasi[sz]e|link|end|start|open with|close with|finish|say|note|state|tell)\b/i;
const meta =
  /\b(?:page|site|website|homepage|landing|section|sections|layout|tone|style|colou?rs?|fonts?|palette|headline|hero|footer|navbar|template|vibe|please|could you|can you|would you|i need|we need|i want|we want|i['’]d like|we['’]d like)\b/i;
/** "Mention that …", "say that …": what follows is a statement to show. */
const statementCue =
  /^(?:(?:please|also|and)\s+)*(?:mention|say|note|add|state|explain|stress|tell (?:people|visitors|customers|clients|readers|them))\s+that\s+/i;
const questionToAgent =
  /^(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:make|build|create|design|write|add|include|put|give|help|do|generate|draft|set up)\b|\b(?:page|site|website|section|layout)\b/i;

/** Reads the facts a free-text prompt states. */
export function readPromptFacts(prompt: string): CallerContent {
  const content = noContent();
  const sentences = promptSentences(prompt);
  const inFaq = readQuestions(sentences, content);
  sentences.forEach((sentence, index) => {
    if (inFaq.has(index)) return;
    const reader = new SentenceReader(sentence);
    readQuotes(reader, content);
    for (const found of contactsIn(sentence.text)) {
      reader.take(found.start, found.end);
      content.contacts.push({ key: found.key, value: found.value, line: `${found.key}: ${found.value}` });
    }
    readPrices(reader, content);
    readPeople(reader, content);
    readFigures(reader, content);
    readStatements(reader, index, content);
  });
  return content;
}

/** A sentence and the parts of it already read as facts. */
class SentenceReader {
  private readonly taken: [number, number][] = [];

  constructor(readonly sentence: PromptSentence) {}

  get text(): string {
    return this.sentence.text;
  }

  get anyTaken(): boolean {
    return this.taken.length > 0;
  }

  take(start: number, end: number): void {
    this.taken.push([start, end]);
  }

  isFree(start: number, end: number): boolean {
    return this.taken.every(([s, e]) => end <= s || e <= start);
  }
}

/**
 * Questions with their answers: a question ("FAQ: Do I need to book?") followed by its answer, the next
 * sentence and those after it that carry no contact, price or instruction. A question to whoever writes the
 * page ("Could you make me a simple site?") is none. Returns the indexes of the sentences read.
 */
function readQuestions(sentences: PromptSentence[], content: CallerContent): Set<number> {
  const read = new Set<number>();
  for (let i = 0; i < sentences.length - 1; i++) {
    const question = questionOf(sentences[i]);
    if (!question || isQuestionOrCue(sentences[i + 1])) continue;
    const answer = [withQuotes(sentences[i + 1])];
    let next = i + 2;
    for (; next < sentences.length; next++) {
      const sentence = sentences[next];
      if (isQuestionOrCue(sentence) || carriesFacts(sentence.text)) break;
      answer.push(withQuotes(sentence));
    }
    content.questions.push({ question, answer: answer.join(' ') });
    for (let k = i; k < next; k++) read.add(k);
    i = next - 1;
  }
  return read;
}

function questionOf(sentence: PromptSentence): string | null {
  const text = withQuotes(sentence);
  if (!text.endsWith('?')) return null;
  const asked = text.replace(/^[^?]*?(?:faq|questions?|q\s?&\s?a|q)\s*:\s*/i, '').trim();
  if (questionToAgent.test(asked) || asked.split(/\s+/).length < 2) return null;
  return asked;
}

function isQuestionOrCue(sentence: PromptSentence): boolean {
  return sentence.text.endsWith('?') || instruction.test(sentence.text) || meta.test(sentence.text);
}

function carriesFacts(text: string): boolean {
  return amount.test(text) || contactsIn(text).length > 0 || /^[\p{L} ]{1,30}:\s/u.test(text);
}

/**
 * Quotations said by someone: with an attribution after them ("— J. Morris", "(Sarah, Penarth)") or before
 * ("A parent wrote:"), or in a sentence about reviews. Others (a tagline in quotes) are left alone.
 */
function readQuotes(reader: SentenceReader, content: CallerContent): void {
  reader.sentence.quotes.forEach((quote, i) => {
    const mark = quoteMarker(i);
    const at = reader.text.indexOf(mark);
    const after = reader.text.slice(at + mark.length);
    const before = reader.text.slice(0, at);
    const dashed = /^\s*[—–-]\s*(.+?)\s*$/u.exec(after)?.[1];
    const bracketed = /^\s*\(([^)]+)\)/.exec(after)?.[1];
    const said =
      /((?:[Aa]|[Aa]n|[Oo]ne|[Oo]ur|[Mm]y)\s+[\p{Ll}\s-]+?|\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’.-]*)?)\s+(?:said|says|wrote|writes|told us)\s*:?\s*$/u.exec(
        before,
      );
    const by = dashed ?? bracketed ?? said?.[1];
    if (!by && !aboutReviews.test(before)) return;
    const [author, ...role] = by ? withoutFullStop(by).split(/,\s*/) : [];
    content.quotes.push({
      quote,
      author: author ? capitalize(author.trim()) : null,
      role: role.join(', ') || null,
    });
    const attributionEnd = dashed
      ? reader.text.length
      : bracketed
        ? at + mark.length + after.indexOf(')') + 1
        : at + mark.length;
    reader.take(said && !dashed && !bracketed ? said.index : at, attributionEnd);
  });
}

const aboutReviews = /\b(?:reviews?|testimonials?|quotes?|said|says|wrote|writes|words from|feedback)\b/i;

/** "Priya S." keeps its initial's full stop; "J. Morris." loses the sentence's. */
function withoutFullStop(text: string): string {
  return /(?:^|\s)\p{Lu}\.$/u.test(text) ? text : text.replace(/[.;]+$/, '');
}

/** Before an amount, words that make it a threshold rather than a price ("orders over £20"). */
const threshold = /\b(?:over|above|under|below|than|least|up to|within|save|saving|off|discount of)\s*$/i;
const priceHeading = /^.*[:;]\s*/;
const leadingFiller =
  /^(?:(?:,|;|and|or|&|plus|also|then|but|while|with)(?:\s+|$)|(?:we|i|you|they)\s+(?:also\s+)?(?:offer|run|sell|have|charge|do|teach|provide|make|bake|serve|host)\s+|(?:a|an|the|our|my|your)\s+)+/i;
const trailingLink =
  /(?:\s+(?:is|are|costs?|costing|priced|at|for|just|only|=|will be|starts?|starting|from|of))+\s*$/i;
const maxPriceNameWords = 6;

/**
 * Prices: each amount with the few words before it that name what it buys ("a monthly membership costs
 * £49/month"), its period ("per month", "for 45 minutes") and what follows it ("for adults", "(minimum one
 * hour)", "with shelf space and firing included"). "from £65" keeps its "from".
 */
function readPrices(reader: SentenceReader, content: CallerContent): void {
  const text = reader.text;
  const amounts = [...text.matchAll(new RegExp(amount.source, 'g'))].filter((m) =>
    reader.isFree(m.index, m.index + m[0].length),
  );
  let previousEnd = 0;
  amounts.forEach((m, i) => {
    const before = text.slice(previousEnd, m.index);
    if (threshold.test(before)) return;
    const from = /\bfrom\s*$/i.exec(before);
    const start = from ? previousEnd + from.index : m.index;
    let end = m.index + m[0].length;
    const per = pricePeriod.exec(text.slice(end));
    if (per) end += per[0].length;
    const nextAmount = amounts[i + 1]?.index ?? text.length;
    const details = detailsAfter(text.slice(end, nextAmount), nextAmount < text.length);
    const detailsEnd = details ? end + details.offset + details.text.length : end;
    const name = priceName(text.slice(previousEnd, start));
    const nameStart = name ? text.lastIndexOf(name.written, start) : start;
    const price: Price = {
      line: capitalize(text.slice(nameStart, detailsEnd).trim()),
      name: name ? capitalize(name.written) : null,
      amount: from ? `${from[0]}${m[0]}` : m[0],
      period: per ? per[1] : null,
      details: details?.text ?? null,
      includes: [],
    };
    content.prices.push(price);
    reader.take(nameStart, detailsEnd);
    previousEnd = detailsEnd;
  });
}

/** What a price buys, from the words before its amount back to the previous price or a heading's colon. */
function priceName(before: string): { written: string } | null {
  let words = before.replace(priceHeading, '').trim();
  words = words.replace(leadingFiller, '').replace(trailingLink, '').trim();
  words = words.replace(/[,;:—–-]+$/, '').trim();
  const count = words.split(/\s+/).length;
  if (!words || count > maxPriceNameWords || !/^[\p{L}\d]/u.test(words)) return null;
  if (/\b(?:we|i|you|they|it)\b/i.test(words)) return null;
  return { written: words };
}

/** "for adults", "(minimum one hour)", "with …", up to the next price's words or the clause's end. */
function detailsAfter(rest: string, priceFollows: boolean): { text: string; offset: number } | null {
  let clause = rest.split(/[;.]|,\s/)[0];
  if (priceFollows) {
    const join = [...clause.matchAll(/\s(?:and|or|&|plus)\s/g)].at(-1);
    if (join && rest.startsWith(clause)) clause = clause.slice(0, join.index);
  }
  const found = /^\s*((?:for|with|including|includes|incl\.)\s.+|\([^)]+\))/i.exec(clause);
  if (!found) return null;
  return { text: found[1].trim(), offset: clause.indexOf(found[1]) };
}

/**
 * People: "The team is Dan Price (owner), Kez Ahmed and Tom Birch", "run by Maya Okafor", "our groomer
 * Ellie Jones", "The owner is Hannah Reid", "I'm Fiona MacLeod, a piano teacher". Their role is what the
 * prompt says they do, or none; what the sentence says about one of them ("Ellie Jones has 9 years of
 * experience …") becomes their details.
 */
function readPeople(reader: SentenceReader, content: CallerContent): void {
  const text = reader.text;
  const add = (name: string, role: string | null, at: number) => {
    if (!reader.isFree(at, at + name.length) || content.people.some((p) => p.value === name)) return;
    const about = new RegExp(
      String.raw`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\s+(?:has|is|was|teaches|holds|trained|brings|leads|runs|looks after)\s[^]+$`,
      'u',
    ).exec(text)?.[0];
    content.people.push({
      key: role ? capitalize(role) : '',
      value: name,
      line: withQuotes(reader.sentence),
      ...(about ? { details: withQuotes(reader.sentence, about) } : {}),
    });
    reader.take(at, at + name.length);
  };
  const list = new RegExp(
    String.raw`\b(?:(?:[Tt]he\s+)?(?:[Tt]eam|[Ss]taff|[Cc]rew)|(${roleNoun}s|[Pp]artners))\s*(?:is|are|:|includes?|—)\s*((?:${personName}(?:\s*\([^)]+\))?(?:,\s*|\s+and\s+|\s*&\s*)?){2,})`,
    'gu',
  );
  for (const m of text.matchAll(list)) {
    const listRole = m[1] ? singular(m[1].toLowerCase()) : null;
    for (const item of m[2].matchAll(new RegExp(String.raw`(${personName})(?:\s*\(([^)]+)\))?`, 'gu'))) {
      add(item[1], item[2] ?? listRole, m.index + m[0].indexOf(item[0]));
    }
  }
  const patterns: { pattern: RegExp; name: number; role: (m: RegExpExecArray) => string | null }[] = [
    {
      pattern: new RegExp(String.raw`\b(founded|started|owned|run|led|managed)\s+by\s+(${personName})`, 'gu'),
      name: 2,
      role: (m) => (/founded|started/.test(m[1]) ? 'founder' : m[1] === 'owned' ? 'owner' : null),
    },
    {
      pattern: new RegExp(
        String.raw`\b((?:[Mm]anaging\s+|[Hh]ead\s+|[Ss]enior\s+|[Ll]ead\s+)?${roleNoun})(?:\s+is|\s*:)?\s+(${personName})`,
        'gu',
      ),
      name: 2,
      role: (m) => m[1],
    },
    {
      pattern: new RegExp(String.raw`(${personName})\s*\(((?:[^)]*\s)?${roleNoun}[^)]*)\)`, 'gu'),
      name: 1,
      role: (m) => m[2],
    },
    {
      pattern: new RegExp(
        String.raw`\b(?:I['’]m|I am|[Mm]y name is)\s+(${personName})(?:,\s+(?:a|an|the)\s+([\p{Ll}\s-]*?${roleNoun}))?`,
        'gu',
      ),
      name: 1,
      role: (m) => m[2] ?? null,
    },
  ];
  for (const { pattern, name, role } of patterns) {
    for (const m of text.matchAll(pattern)) add(m[name], role(m), m.index + m[0].indexOf(m[name]));
  }
}

/** Words before a number that make it something other than a figure ("age 6", "since 2011", "Unit 4"). */
const notAFigure =
  /\b(?:age|aged|ages|grade|level|number|no|nr|unit|flat|room|suite|since|in|from|by|at|until|till|under|within|for|every|each|per|to|than|up|of|on)\s*$/i;
const figure =
  /(?<![\p{L}\p{N}£$€.,/:+-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(%|\+|k\+?)?\s+((?:of\s+(?:the\s+|our\s+)?)?(?:[\p{Ll}][\p{Ll}'’-]*)(?:\s+(?!(?:and|or|with|who|which|that|to|for|in|at|on|from|by|since|a|an|the|per|every|each)\b)[\p{Ll}][\p{Ll}'’-]*){0,2})(\s+of\s+[\p{Ll}][\p{Ll}'’-]*)?(\s+since\s+\d{4})?/gu;
const notFigureUnits = /^(?:am|pm|minutes?|mins?|hours?|hrs?|seconds?|days? a week|x)\b/i;

/** Figures: a number and what it counts ("220 problems", "300+ clients since 2015", "20 years of teaching"). */
function readFigures(reader: SentenceReader, content: CallerContent): void {
  for (const m of reader.text.matchAll(figure)) {
    const end = m.index + m[0].length;
    if (!reader.isFree(m.index, end) || notAFigure.test(reader.text.slice(0, m.index))) continue;
    if (notFigureUnits.test(m[3])) continue;
    const value = `${m[1]}${m[2] ?? ''}`;
    const label = `${m[3]}${m[4] ?? ''}${m[5] ?? ''}`;
    content.figures.push({ key: capitalize(label), value, line: `${value} ${label}` });
    reader.take(m.index, end);
  }
}

/**
 * Statements about the business, shown as the caller wrote them: a sentence after the first that states
 * no other fact and asks nothing of the page ("Gas Safe registered, number 612345."), or what follows
 * "mention that" ("… that most repairs are ready the same day").
 */
function readStatements(reader: SentenceReader, index: number, content: CallerContent): void {
  const text = withQuotes(reader.sentence);
  const cue = statementCue.exec(text);
  if (cue) {
    const said = text
      .slice(cue[0].length)
      .replace(/[.!]+$/, '')
      .split(/,?\s+and\s+that\s+/i);
    content.paragraphs.push(...said.map((part) => `${capitalize(part.trim())}.`));
    return;
  }
  if (index === 0 || reader.anyTaken || reader.sentence.quotes.length) return;
  if (instruction.test(text) || meta.test(text) || text.endsWith('?') || text.split(/\s+/).length < 3) return;
  if (rolesNamedIn(text).length && text.split(/\s+/).length <= 6) return;
  content.paragraphs.push(/[.!]$/.test(text) ? text : `${text}.`);
}
