// What the page is about, read from the prompt: the subject, its place and audience, what it offers, its brand.
import { wordsOf } from '#folio/libraries';
import { type CompositionInput } from '../composition.js';
import { capitalize } from './copy-text.js';
import { promptSentences } from './prompt-sentences.js';
import { rolesNamedIn } from './role-words.js';

/** How a kind of business speaks to people: who they are and what a visitor does next. */
export interface Trade {
  /** "customers", "guests", "members", … */
  people: string;
  /** The main call to action: "Order now". */
  action: string;
  /** A second, softer one: "See the menu". */
  browse: string;
}

export interface PageSubject {
  /** "a neighbourhood bakery in Leeds". */
  phrase: string;
  /** "Leeds bakery": place and subject, without article or adjectives. */
  short: string;
  place: string | null;
  /** "families" in "a bakery for families". */
  audience: string | null;
  /** The project's or page's own name when it is one ("Crumb & Co"), not "Untitled" or "Home". */
  brand: string | null;
  /** How copy names the business: the brand, else "our Leeds bakery". */
  ref: string;
  /** What the prompt says is on offer ("sourdough", "pastries", "celebration cakes"). */
  offerings: string[];
  trade: Trade;
}

const trades: { words: readonly string[]; trade: Trade }[] = [
  {
    words: ['yoga', 'pilates', 'gym', 'fitness', 'dance', 'climbing', 'boxing', 'crossfit', 'swimming'],
    trade: { people: 'members', action: 'Book a class', browse: 'See the timetable' },
  },
  {
    words: ['bakery', 'cafe', 'café', 'coffee', 'restaurant', 'bistro', 'deli', 'pizzeria', 'patisserie'],
    trade: { people: 'customers', action: 'Order now', browse: 'See the menu' },
  },
  {
    words: ['pub', 'bar', 'kitchen', 'catering', 'brewery', 'food', 'bakehouse', 'takeaway', 'diner'],
    trade: { people: 'customers', action: 'Order now', browse: 'See the menu' },
  },
  {
    words: ['hotel', 'guesthouse', 'inn', 'hostel', 'cabin', 'cottage', 'campsite', 'resort', 'retreat'],
    trade: { people: 'guests', action: 'Book a stay', browse: 'See the rooms' },
  },
  {
    words: ['salon', 'barber', 'spa', 'massage', 'clinic', 'dentist', 'physio', 'therapist', 'beauty', 'vet'],
    trade: { people: 'clients', action: 'Book now', browse: 'See treatments' },
  },
  {
    words: ['app', 'software', 'saas', 'platform', 'tool', 'api', 'startup', 'extension', 'plugin'],
    trade: { people: 'users', action: 'Get started', browse: 'See features' },
  },
  {
    words: ['school', 'course', 'academy', 'workshop', 'tutor', 'tutoring', 'lessons', 'classes', 'nursery'],
    trade: { people: 'students', action: 'Enrol now', browse: 'See courses' },
  },
  {
    words: ['festival', 'conference', 'concert', 'meetup', 'summit', 'exhibition'],
    trade: { people: 'visitors', action: 'Get tickets', browse: 'See the programme' },
  },
  {
    words: ['charity', 'nonprofit', 'foundation', 'volunteers', 'volunteer', 'campaign'],
    trade: { people: 'supporters', action: 'Donate', browse: 'Get involved' },
  },
  {
    words: ['shop', 'store', 'boutique', 'florist', 'bookshop', 'market', 'jewellery', 'fashion'],
    trade: { people: 'customers', action: 'Shop now', browse: 'Browse the range' },
  },
  {
    words: ['agency', 'consultancy', 'consultant', 'studio', 'freelancer', 'photographer', 'designer'],
    trade: { people: 'clients', action: 'Book a call', browse: 'See our work' },
  },
  {
    words: ['architect', 'lawyer', 'accountant', 'plumber', 'electrician', 'builder', 'cleaner', 'gardener'],
    trade: { people: 'clients', action: 'Get a quote', browse: 'See services' },
  },
];
const anyTrade: Trade = { people: 'customers', action: 'Get in touch', browse: 'Learn more' };

const requestVerb =
  /^(?:please\s+)?(?:create|make|build|design|generate|write|draft|set up|give me|i need|i want|we need|we want)\s+/i;
const pageWord =
  /\b(?:landing|home|web|single|one|sales|product|marketing)?\s?(?:page|site|website|homepage|one-pager)\b/i;
const pageWords = new RegExp(pageWord.source, 'gi');
/** Where the subject phrase ends: "… bakery in Leeds| with prices and an FAQ". */
const phraseEnd =
  /\s(?:with|that|which|featuring|including|showing|where|who|to|so|offering|selling|serving|providing|specialising|specializing|and (?:a|an|the|some) )\b|[,;:(—–]|\s-\s/i;
const article = /^(?:a|an|the|my|our|your|their)\s+/i;
/** "Drip & Dash, an emergency plumber" or "Tasklane, our SaaS": a name of capitalised words (and "&"), then the subject. */
const namedAppositive =
  /^[A-Z][\p{L}\p{N}'’&-]*(?:\s+(?:&|[A-Z][\p{L}\p{N}'’&-]*)){0,4},\s+(?=(?:a|an|the|our|my)\s)/u;
const placeWords =
  /\b(?:in|from|near|based in)\s+((?:[A-Z][\p{L}'’-]*)(?:\s+(?:upon\s+)?[A-Z][\p{L}'’-]*)*)/u;
const audienceWords = /\bfor\s+(.+)$/i;
/** Words that describe rather than name the subject; the short name leaves them out. */
const describing = new Set(
  'neighbourhood neighborhood local small friendly family independent new modern cosy cozy little boutique award winning traditional artisan premium simple beautiful busy'.split(
    ' ',
  ),
);
const offeringVerbs =
  /\b(?:sells?|selling|offers?|offering|serves?|serving|makes?|making|bakes?|baking|specialis(?:es|ing) in|specializ(?:es|ing) in|known for|provides?|providing|teaches|teaching|runs|running|featuring|including|with)\s+([^.!?\n]+)/gi;
/** Where a list of offerings ends: "sourdough and cakes| to people who …". */
const listEnd = /\s(?:that|which|so|to|for|who|with|featuring|including)\s|[;:(—–]|\s-\s/i;
const genericTitle =
  /^(?:untitled|new|my|home|homepage|landing|index|main|draft|test)?\s*(?:project|page|site|website|landing page)?\s*\d*$/i;

/** The page's subject as copy can use it. */
export function readSubject(
  input: Pick<CompositionInput, 'prompt' | 'projectTitle' | 'pageTitle'>,
): PageSubject {
  const phrase = subjectPhrase(input.prompt);
  const place = placeWords.exec(phrase)?.[1] ?? null;
  const withoutPlace = place ? phrase.replace(placeWords, '').trim() : phrase;
  const audience = audienceWords.exec(withoutPlace)?.[1]?.replace(article, '') ?? null;
  const core = withoutPlace.replace(audienceWords, '').replace(article, '').trim();
  const named = core
    .split(/\s+/)
    .filter((word) => !describing.has(word.toLowerCase()))
    .join(' ');
  const short = [place, named || core].filter(Boolean).join(' ') || 'business';
  const brand = brandOf(input.projectTitle) ?? brandOf(input.pageTitle);
  return {
    phrase: phrase || short,
    short,
    place,
    audience,
    brand,
    ref: brand ?? `our ${short}`,
    offerings: offeringsIn(input.prompt),
    trade: tradeOf(input.prompt),
  };
}

/** "a neighbourhood bakery in Leeds" from "Create a landing page for a neighbourhood bakery in Leeds, with …". */
function subjectPhrase(prompt: string): string {
  const sentence = (prompt.split(/[.!?\n]/).find((part) => part.trim()) ?? '')
    .trim()
    .replace(requestVerb, '');
  const afterPage = /\b(?:page|site|website|homepage|one-pager)\s+(?:for|about|of)\s+(.+)/i.exec(sentence);
  const rest = afterPage
    ? afterPage[1]
    : sentence.replace(pageWords, ' ').replace(/^\s*(?:for|about)\s+/i, '');
  // "Millstone, a bakery in Leeds": the name comes from the titles; the phrase is what follows it.
  const cut = rest.replace(namedAppositive, '').split(phraseEnd)[0];
  return cut
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:for|about)\s+/i, '');
}

function brandOf(title: string): string | null {
  const clean = title.trim();
  if (!clean || genericTitle.test(clean) || clean.length > 40 || clean.split(/\s+/).length > 5) return null;
  return clean;
}

function tradeOf(prompt: string): Trade {
  const words = new Set(wordsOf(prompt));
  return trades.find(({ words: named }) => named.some((word) => words.has(word)))?.trade ?? anyTrade;
}

/**
 * "sourdough, pastries and celebration cakes" after "sells"; requests for sections ("an FAQ") are left
 * out, as are sentences stating facts (a number: "We offer a taster for £35") and questions with their
 * answers ("Can kids climb? Yes, with an adult."): their sections show them.
 */
function offeringsIn(prompt: string): string[] {
  const sentences = promptSentences(prompt).map((sentence) => sentence.text);
  const said = sentences.filter((text, i) => !/\d|\?$/.test(text) && !sentences[i - 1]?.endsWith('?'));
  const found: string[] = [];
  for (const match of said.join('\n').matchAll(offeringVerbs)) {
    const parts = match[1].split(listEnd)[0].split(/,\s*|\s+(?:and|&|or|plus)\s+/);
    // "with packages, a gallery and kind words from brides" lists the page's sections, not what is offered.
    if (parts.some((part) => rolesNamedIn(part).length)) continue;
    for (const part of parts) {
      const item = part
        .replace(/^(?:with|also|plus)\s+/i, '')
        .replace(article, '')
        .replace(/^(?:fresh|some|lots of|plenty of)\s+/i, '')
        .trim();
      const words = item.split(/\s+/);
      if (!item || words.length > 4 || pageWord.test(item)) continue;
      if (!found.some((known) => known.toLowerCase() === item.toLowerCase())) found.push(item);
    }
  }
  return found.slice(0, 8);
}

/** The subject's name as a title: the brand, else "Leeds bakery" capitalised. */
export function subjectName(subject: PageSubject): string {
  return subject.brand ?? capitalize(subject.short);
}
