/** "Folio Starter": the public, AI-enabled section library every account can build pages from. */
import { k } from './keys.js';
import { sectionKey } from './section-builder.js';
import { type LibrarySeed, type SectionDesign } from './seed-content.types.js';
import { contactSections } from './starter/contact.js';
import { contentSections } from './starter/content.js';
import { ctaSections } from './starter/cta.js';
import { faqSections } from './starter/faq.js';
import { featureSections } from './starter/features.js';
import { footerSections } from './starter/footer.js';
import { gallerySections } from './starter/gallery.js';
import { heroSections } from './starter/hero.js';
import { logosSections } from './starter/logos.js';
import { navbarSections } from './starter/navbar.js';
import { pricingSections } from './starter/pricing.js';
import { statsSections } from './starter/stats.js';
import { teamSections } from './starter/team.js';
import { testimonialSections } from './starter/testimonials.js';

export const starterLibrary: LibrarySeed = {
  key: k('library/folio-starter'),
  title: 'Folio Starter',
  description:
    'Modern marketing sections for any product or service: navigation, heroes, features, pricing, social proof, FAQs, calls to action, galleries, team, contact, articles and footers. Responsive on desktop, tablet and mobile.',
  sections: [
    ...navbarSections,
    ...heroSections,
    ...logosSections,
    ...featureSections,
    ...statsSections,
    ...testimonialSections,
    ...pricingSections,
    ...faqSections,
    ...gallerySections,
    ...teamSections,
    ...contentSections,
    ...contactSections,
    ...ctaSections,
    ...footerSections,
  ],
};

/** A section of this library by its readable id (`hero-split`), for deriving project sections. */
export function starterSection(id: string): SectionDesign {
  const key = sectionKey(`starter/${id}`);
  const section = starterLibrary.sections.find((candidate) => candidate.key === key);
  if (!section) throw new Error(`starterLibrary has no section "${id}"`);
  return section;
}
