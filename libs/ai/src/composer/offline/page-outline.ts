// Which sections the page has, in which order: the roles it needs, and per role the candidate that fits best.
import { type SectionRole, wordsOf } from '#folio/libraries';
import { type HeroTreatment } from '../../look/page-looks.js';
import { type CompositionInput } from '../composition.js';
import { maxPlannedSections } from '../section-plan.js';
import { type CallerContent } from './caller-content.js';
import { rolesNamedIn } from './role-words.js';
import {
  anatomyOf,
  cardsShowing,
  imageKind,
  isSignup,
  type SectionAnatomy,
  type SlotPurpose,
} from './slot-anatomy.js';

/** Page order: a generated page opens with its navbar and hero and ends with its footer. */
const pageOrder: SectionRole[] = [
  'navbar',
  'hero',
  'logos',
  'features',
  'content',
  'stats',
  'gallery',
  'team',
  'testimonials',
  'pricing',
  'faq',
  'contact',
  'cta',
  'footer',
];
/** The first to go when a request names more roles than a page holds. */
const leastNeeded: SectionRole[] = ['logos', 'content', 'stats', 'gallery', 'team', 'cta', 'testimonials'];
/** Sections of a landing page, its navbar included. */
const usualPageLength = 7;
/** Enough pictures to make a gallery worth having. */
const galleryImages = 4;

/** What a section of a role shows for each of its items: how its cards are recognised. */
export const itemPurpose: Partial<Record<SectionRole, SlotPurpose>> = {
  pricing: 'value',
  faq: 'text',
  testimonials: 'quote',
  stats: 'value',
  contact: 'value',
  team: 'title',
  features: 'title',
  gallery: 'title',
};

/** Scoring weights; relevance is 0..1, the rest count what a section would lose or invent. */
const weight = {
  relevance: 2,
  lostItem: 3,
  emptyCard: 0.25,
  inventedFigure: 0.6,
  logo: 1,
  missingImage: 0.5,
  generatedImage: 0.15,
  secondHeadline: 2,
  signupMismatch: 0.5,
  heroTreatment: 3,
};

/**
 * The sections of the page, in order: at most one per role, navbar and hero first, footer last; the hero is
 * the one of the look's treatment when the libraries have it.
 */
export function outlinePage(
  input: CompositionInput,
  content: CallerContent,
  relevance: Map<string, number>,
  hero: HeroTreatment,
): SectionAnatomy[] {
  const anatomies = input.candidates.map(anatomyOf);
  const chosen: SectionAnatomy[] = [];
  const askedForSignup = rolesNamedIn(input.prompt).includes('cta');
  for (const role of rolesOfPage(input, content)) {
    const demand = { ...demandOf(role, content, input), signup: askedForSignup };
    let best: SectionAnatomy | null = null;
    let bestScore = -Infinity;
    for (const anatomy of anatomies) {
      if (anatomy.candidate.role !== role) continue;
      let score = fitScore(anatomy, demand, relevance.get(anatomy.candidate.key) ?? 0, input);
      if (role === 'hero' && treatmentOf(anatomy) === hero) score += weight.heroTreatment;
      if (score > bestScore) [best, bestScore] = [anatomy, score];
    }
    if (best) chosen.push(best);
  }
  return chosen;
}

/** The roles the prompt names, those the caller's content needs, and a landing page's usual ones, in page order. */
function rolesOfPage(input: CompositionInput, content: CallerContent): SectionRole[] {
  const roles = new Set<SectionRole>(['navbar', 'hero', 'features', 'cta', 'footer']);
  for (const role of rolesNamedIn(input.prompt)) roles.add(role);
  if (content.prices.length) roles.add('pricing');
  if (content.questions.length) roles.add('faq');
  if (content.quotes.length) roles.add('testimonials');
  if (content.contacts.length) roles.add('contact');
  if (content.figures.length >= 2) roles.add('stats');
  if (content.people.length >= 2) roles.add('team');
  if (content.paragraphs.length >= 3) roles.add('content');
  if (input.images.length >= galleryImages) roles.add('gallery');
  // Reviews nobody gave are not written unless asked for: unprompted social proof needs the caller's figures.
  if (
    content.figures.length &&
    !['testimonials', 'stats', 'logos'].some((role) => roles.has(role as SectionRole))
  ) {
    roles.add('stats');
  }
  // Stats are the caller's numbers, reviews their customers' words: without any, nothing true to show.
  if (!content.figures.length) roles.delete('stats');
  if (!content.quotes.length) roles.delete('testimonials');
  if (roles.size < usualPageLength) roles.add('content');
  for (const role of leastNeeded) {
    if (roles.size <= maxPlannedSections) break;
    roles.delete(role);
  }
  return pageOrder.filter((role) => roles.has(role));
}

/** A dark hero says so in its title or keywords; otherwise one with a picture is image-led. */
function treatmentOf(anatomy: SectionAnatomy): HeroTreatment {
  const { title, keywords } = anatomy.candidate;
  if ([...wordsOf(title), ...keywords].includes('dark')) return 'dark';
  const pictured = anatomy.parts.some(
    (part) => part.slot.kind === 'image' && imageKind(part.slot) === 'picture',
  );
  return pictured ? 'image' : 'plain';
}

interface Demand {
  /** Whether the prompt asks for a newsletter or signup. */
  signup: boolean;
  /** Caller items a section of this role should show. */
  items: number;
  /** Caller figures it may show in value slots. */
  figures: number;
  pictures: number;
}

function demandOf(
  role: SectionRole,
  content: CallerContent,
  input: CompositionInput,
): Omit<Demand, 'signup'> {
  const items: Partial<Record<SectionRole, number>> = {
    pricing: content.prices.length,
    faq: content.questions.length,
    testimonials: content.quotes.length,
    stats: content.figures.length,
    contact: content.contacts.length,
    team: content.people.length,
    features: content.facts.length + content.listItems.length,
  };
  return {
    items: items[role] ?? 0,
    figures: role === 'stats' ? content.figures.length : 0,
    pictures: input.images.length,
  };
}

/** How well a candidate carries its role's content without losing caller items or inventing facts. */
function fitScore(
  anatomy: SectionAnatomy,
  demand: Demand,
  relevance: number,
  input: CompositionInput,
): number {
  const role = anatomy.candidate.role;
  const purpose = itemPurpose[role];
  const cards = purpose ? cardsShowing(anatomy, purpose).length : 0;
  const images = anatomy.parts
    .filter((part) => part.slot.kind === 'image')
    .map((part) => imageKind(part.slot));
  const logos = images.filter((kind) => kind === 'logo').length;
  const figureSlots = anatomy.parts.filter(
    (part) => part.purpose === 'value' && /\d/.test(part.slot.current) && role !== 'pricing',
  ).length;
  const headlines = anatomy.parts.filter((part) => part.purpose === 'headline').length;

  let score = weight.relevance * relevance;
  if (purpose) {
    score -= weight.lostItem * Math.max(0, demand.items - cards);
    score -= weight.emptyCard * Math.max(0, cards - Math.max(demand.items, 3));
  }
  score -= weight.inventedFigure * Math.max(0, figureSlots - demand.figures);
  if (role !== 'logos') score -= weight.logo * logos;
  if (role !== 'hero' && headlines > 0) score -= weight.secondHeadline;
  if (isSignup(anatomy) !== demand.signup) score -= weight.signupMismatch;
  const others = images.length - logos;
  score -= input.useOnlyProvidedAssets
    ? weight.missingImage * Math.max(0, others - demand.pictures)
    : weight.generatedImage * Math.max(0, others - 1);
  return score;
}
