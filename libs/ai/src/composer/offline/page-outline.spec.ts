import { describe, expect, it } from '@jest/globals';
import { analyzeLibrarySection } from '#folio/libraries';
import { starterLibrary } from '#folio/seed';
import { type HeroTreatment } from '../../look/page-looks.js';
import { candidateOf } from '../candidates.js';
import { type CompositionInput } from '../composition.js';
import { parseCallerContent } from './caller-content.js';
import { outlinePage } from './page-outline.js';
import { rankSections } from './section-ranking.js';

const starter = starterLibrary.sections.map((section) =>
  candidateOf({ ...section, libraryKey: starterLibrary.key, analysis: analyzeLibrarySection(section) }),
);

function setup(prompt: string, hero: HeroTreatment, text: string | null = null) {
  const input: CompositionInput = {
    prompt,
    text,
    images: [],
    useOnlyProvidedAssets: false,
    projectTitle: 'Untitled project',
    pageTitle: 'Home',
    candidates: starter,
  };
  const outline = outlinePage(input, parseCallerContent(text), rankSections(input), hero);
  return { roles: outline.map((anatomy) => anatomy.candidate.role), outline };
}

describe(outlinePage.name, () => {
  it.each([
    ['A landing page for a bicycle repair shop in Bristol'],
    ['A page for a jazz trio that plays weddings, with prices and questions'],
  ])('opens with a navbar and ends with a footer: %s', (prompt) => {
    const { roles } = setup(prompt, 'plain', 'Q: Do you travel?\nA: Yes, across the UK.\nEvening set: £450');
    expect(roles[0]).toBe('navbar');
    expect(roles[1]).toBe('hero');
    expect(roles.at(-1)).toBe('footer');
    expect(roles.filter((role) => role === 'navbar')).toHaveLength(1);
  });

  it("takes the hero the look's treatment asks for", () => {
    const prompt = 'A landing page for a florist selling bouquets';
    const heroOf = (hero: HeroTreatment) => setup(prompt, hero).outline[1].candidate.title;
    expect(heroOf('image')).toMatch(/image/i);
    expect(heroOf('dark')).toMatch(/dark/i);
    expect(heroOf('plain')).not.toMatch(/image|dark/i);
  });
});
