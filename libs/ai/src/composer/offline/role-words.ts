// The words a prompt uses to ask for a kind of section ("with prices and an FAQ").
import { type SectionRole, wordsOf } from '#folio/libraries';

/** Phrases naming a role in a request; narrower than the library analysis's, which reads section titles. */
const roleWords: Partial<Record<SectionRole, readonly string[]>> = {
  features: ['features', 'services', 'benefits', 'what we offer', 'how it works', 'offerings'],
  pricing: ['pricing', 'prices', 'price', 'price list', 'plans', 'tiers', 'packages', 'rates', 'fees'],
  testimonials: [
    'testimonials',
    'testimonial',
    'reviews',
    'review',
    'what customers say',
    'what people say',
    'kind words',
  ],
  faq: ['faq', 'faqs', 'questions', 'q a', 'frequently asked'],
  gallery: ['gallery', 'photos', 'pictures', 'portfolio', 'showcase'],
  stats: ['stats', 'statistics', 'numbers', 'figures', 'metrics', 'key facts'],
  team: ['team', 'staff', 'founders', 'meet the'],
  logos: ['logos', 'clients', 'partners', 'brands', 'trusted by'],
  contact: ['contact', 'get in touch', 'address', 'opening hours', 'location', 'enquiries', 'booking form'],
  content: ['our story', 'about us', 'history', 'blog', 'article'],
  cta: ['newsletter', 'signup', 'sign up', 'subscribe', 'call to action', 'cta'],
};

/** Roles the text asks for by name. */
export function rolesNamedIn(text: string): SectionRole[] {
  const padded = ` ${wordsOf(text).join(' ')} `;
  return (Object.keys(roleWords) as SectionRole[]).filter((role) =>
    roleWords[role]!.some((phrase) => padded.includes(` ${wordsOf(phrase).join(' ')} `)),
  );
}
