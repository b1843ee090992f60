/** "Atlas Team Blocks": a team-limited library of product-style sections for the Atlas team. */
import { changelogSections } from './atlas-team/changelog.js';
import { docsSections } from './atlas-team/docs.js';
import { dashboardHeroSections } from './atlas-team/hero.js';
import { metricsSections } from './atlas-team/metrics.js';
import { k } from './keys.js';
import { sectionKey } from './section-builder.js';
import { type LibrarySeed, type SectionDesign } from './seed-content.types.js';

export const teamLibrary: LibrarySeed = {
  key: k('library/atlas-team-blocks'),
  title: 'Atlas Team Blocks',
  description:
    'Product-marketing blocks for the Atlas team: a dashboard hero, a release changelog, live metric tiles and a developer docs callout.',
  sections: [...dashboardHeroSections, ...metricsSections, ...changelogSections, ...docsSections],
};

/** A section of this library by its readable id (`changelog`), for deriving project sections. */
export function teamSection(id: string): SectionDesign {
  const key = sectionKey(`atlas-team/${id}`);
  const section = teamLibrary.sections.find((candidate) => candidate.key === key);
  if (!section) throw new Error(`teamLibrary has no section "${id}"`);
  return section;
}
