// The roles a library section plays on a page (docs/design.md §9), and how the analysis recognises them.
import { type Element, plainText, walkElements } from '#folio/content';
import { wordsOf } from './element-text.js';

/** Roles a section plays on a page; the AI composer orders outlines by them. */
export const sectionRoles = [
  'navbar',
  'hero',
  'features',
  'pricing',
  'testimonials',
  'faq',
  'cta',
  'footer',
  'gallery',
  'stats',
  'team',
  'logos',
  'contact',
  'content',
] as const;
export type SectionRole = (typeof sectionRoles)[number];

/** Roles whose section is there for its pictures: without any picture it has nothing to show. */
export const pictureRoles: ReadonlySet<string> = new Set<SectionRole>(['gallery', 'logos']);

/** Words and phrases that name a role, in a section title or an element name. */
const roleNames: Record<SectionRole, readonly string[]> = {
  navbar: ['navbar', 'navigation', 'nav', 'menu', 'menubar', 'topbar', 'header'],
  hero: ['hero', 'masthead', 'jumbotron', 'splash', 'landing'],
  features: ['features', 'feature', 'benefits', 'capabilities', 'services', 'how it works', 'steps'],
  pricing: ['pricing', 'price', 'prices', 'plans', 'plan', 'tiers', 'tier'],
  testimonials: ['testimonials', 'testimonial', 'reviews', 'review', 'quote', 'quotes'],
  faq: ['faq', 'faqs', 'questions', 'question', 'answers'],
  cta: ['cta', 'call to action', 'newsletter', 'signup', 'sign up', 'subscribe'],
  footer: ['footer'],
  gallery: ['gallery', 'portfolio', 'showcase', 'photos', 'mosaic', 'lightbox'],
  stats: ['stats', 'statistics', 'numbers', 'metrics', 'metric', 'kpi', 'kpis', 'figures'],
  team: ['team', 'people', 'members', 'member', 'staff', 'founders'],
  logos: ['logos', 'logo', 'clients', 'customer', 'customers', 'partners', 'brands', 'trusted by'],
  contact: ['contact', 'enquiry', 'inquiry', 'get in touch'],
  content: ['content', 'article', 'blog', 'post', 'story', 'changelog', 'docs', 'prose', 'timeline', 'news'],
};

/** Roles a text names by word or phrase: "Pricing — three tiers" names pricing. */
function namedRoles(text: string): SectionRole[] {
  const padded = ` ${wordsOf(text).join(' ')} `;
  return sectionRoles.filter((role) => roleNames[role].some((name) => padded.includes(` ${name} `)));
}

const price =
  /(?:^|[\s(])[$€£¥₹]\s?\d|\d\s?(?:€|£)|\b(?:usd|eur|gbp)\b|\/\s?(?:mo|month|yr|year)\b|\bper (?:month|year|user|seat|editor)\b/i;
/** A figure with a unit or separator ("98%", "12k+", "4.9/5", "18,204"); a bare "2019" is more likely a year. */
const statValue = /^[~≈<>+−-]?\d[\d.,]*\s?(?:%|[kmb]\+?|×|x|\+|s|ms|pt|\/\d+(?:\.\d+)?)?$/i;
const email = /[\w.+-]+@[\w-]+\.[\w.]+/;
const phone = /\+?\d[\d ().-]{7,}\d/;

function iconsInButtons(elements: Element[]): number {
  return elements
    .filter((e) => e.type === 'button')
    .reduce((sum, button) => sum + [...walkElements(button)].filter((e) => e.type === 'icon').length, 0);
}

/** What the element tree shows, counted once. */
function readStructure(tree: Element) {
  const elements = [...walkElements(tree)];
  const texts = elements
    .filter((e) => e.type === 'text' || e.type === 'button')
    .map((e) => ({ element: e, text: plainText(e.text) }))
    .filter(({ text }) => text.length > 0);
  const prose = texts.filter(({ element }) => element.tag !== 'pre' && element.tag !== 'code');
  const images = elements.filter((e) => e.type === 'image');
  const isLogo = (e: Element) => namedRoles(`${e.name ?? ''} ${e.alt ?? ''}`).includes('logos');
  const tagged = (tag: string) => elements.filter((e) => e.tag === tag).length;
  return {
    rootTag: tree.tag ?? '',
    texts: texts.length,
    // Code samples are not prose: they neither lengthen an article nor crowd a call to action.
    words: prose.reduce((sum, { text }) => sum + wordsOf(text).length, 0),
    paragraphs: prose.filter(({ text }) => wordsOf(text).length >= 30).length,
    prices: texts.filter(({ text }) => price.test(text)).length,
    questions: texts.filter(({ text }) => text.endsWith('?')).length,
    quotes: texts.filter(
      ({ element, text }) => element.tag === 'blockquote' || (/^[“"«]/.test(text) && text.length > 30),
    ).length,
    statValues: texts.filter(({ text }) => text.length <= 10 && statValue.test(text) && /\D/.test(text))
      .length,
    contactDetails: texts.filter(({ text }) => email.test(text) || phone.test(text)).length,
    copyright: texts.some(({ text }) => text.includes('©')),
    logoImages: images.filter(isLogo).length,
    pictures: images.filter((e) => !isLogo(e)).length,
    // Icons inside buttons are links (social, menu); standalone ones illustrate content.
    standaloneIcons: elements.filter((e) => e.type === 'icon').length - iconsInButtons(elements),
    buttons: elements.filter((e) => e.type === 'button' && plainText(e.text)).length,
    headline: elements.some((e) => e.tag === 'h1'),
    subheadings: tagged('h2'),
    cardTitles: tagged('h3'),
    labels: tagged('label'),
    figures: tagged('figure'),
    navs: tagged('nav'),
    articles: tagged('article'),
  };
}

/** Points each role earns from the shape of the tree, independent of any naming. */
function structureScores(tree: Element): Partial<Record<SectionRole, number>> {
  const s = readStructure(tree);
  const scores: Partial<Record<SectionRole, number>> = {};
  const add = (role: SectionRole, points: number) => (scores[role] = (scores[role] ?? 0) + points);

  if (s.rootTag === 'footer') add('footer', 5);
  if (s.copyright) add('footer', 2);
  if (s.rootTag === 'header' || s.rootTag === 'nav') add('navbar', 5);
  else if (s.navs > 0 && !s.headline && s.subheadings === 0 && s.words < 40) add('navbar', 3);
  if (s.headline) add('hero', s.buttons > 0 ? 5 : 4);
  if (s.words >= 250) add('content', 4);
  if (s.articles > 0) add('content', 2);
  if (s.paragraphs >= 2) add('content', 2);
  if (s.prices >= 2) add('pricing', 5);
  if (s.questions >= 3) add('faq', 5);
  if (s.quotes > 0) add('testimonials', s.quotes >= 2 ? 4 : 2);
  if (s.statValues >= 3) add('stats', 3);
  if (s.logoImages >= 3) add('logos', 3);
  if ((s.pictures >= 4 && s.pictures * 2 >= s.texts) || s.figures >= 3) add('gallery', 3);
  if (s.labels >= 2) add('contact', 3);
  if (s.contactDetails > 0) add('contact', Math.min(s.contactDetails, 2));
  if (s.standaloneIcons >= 3 && s.cardTitles >= 3) add('features', 2);
  if (!s.headline && s.subheadings > 0 && s.buttons > 0 && s.texts <= 6 && s.words < 60) add('cta', 3);
  return scores;
}

/** The title's head ("Pricing" in "Pricing — three tiers") outweighs its rest, the root's name and element names. */
const weights = { titleHead: 6, titleRest: 2, rootName: 3, elementName: 0.25, elementNamesCap: 2 };
/** Below this, nothing names or shapes the section clearly: it is plain content. */
const minimumScore = 2;

/**
 * The role of a section, from the words of its title (the part before a dash or colon counts most), the
 * names of its elements, and its structure: many prices make pricing, many questions an FAQ, a footer tag
 * a footer, a headline (h1) a hero, long text an article.
 */
export function inferSectionRole(title: string, tree: Element): SectionRole {
  const scores = new Map<SectionRole, number>(sectionRoles.map((role) => [role, 0]));
  const add = (role: SectionRole, points: number) => scores.set(role, scores.get(role)! + points);

  const [head, ...rest] = title.split(/\s[—–|-]\s|:\s/);
  for (const role of namedRoles(head)) add(role, weights.titleHead);
  for (const role of namedRoles(rest.join(' '))) add(role, weights.titleRest);
  for (const role of namedRoles(tree.name ?? '')) add(role, weights.rootName);

  const byElementNames = new Map<SectionRole, number>();
  for (const element of walkElements(tree)) {
    if (element === tree) continue;
    for (const role of namedRoles(element.name ?? '')) {
      byElementNames.set(role, (byElementNames.get(role) ?? 0) + weights.elementName);
    }
  }
  for (const [role, points] of byElementNames) add(role, Math.min(points, weights.elementNamesCap));
  for (const [role, points] of Object.entries(structureScores(tree))) add(role as SectionRole, points);

  let best: SectionRole = 'content';
  for (const role of sectionRoles) if (scores.get(role)! > scores.get(best)!) best = role;
  return scores.get(best)! >= minimumScore ? best : 'content';
}
