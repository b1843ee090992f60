import { describe, expect, it } from '@jest/globals';
import { analyzeLibrarySection } from '#folio/libraries';
import { starterLibrary } from '#folio/seed';
import { motifOf } from '../../images/image-motif.js';
import { candidateOf } from '../candidates.js';
import { type CompositionInput } from '../composition.js';
import { checkedPlan } from '../plan-check.js';
import { composeOffline } from './offline-composer.js';

// Pages from briefs written as one prompt, facts and all, as agents write them (issue 36): the first two
// are the issue's, tried on the demo's starter library.

const starter = starterLibrary.sections.map((section) =>
  candidateOf({ ...section, libraryKey: starterLibrary.key, analysis: analyzeLibrarySection(section) }),
);

/** The page a brief makes, as the page writer gets it (after the plan check), read per section. */
function compose(projectTitle: string, prompt: string, text: string | null = null) {
  const input: CompositionInput = {
    prompt,
    text,
    images: [],
    useOnlyProvidedAssets: false,
    projectTitle,
    pageTitle: 'Home',
    candidates: starter,
  };
  const plan = checkedPlan(composeOffline(input), input);
  const sections = plan.sections.map((section) => {
    const candidate = starter.find((c) => c.key === section.sectionKey)!;
    const fills = section.fills.map((fill) => ({
      fill,
      slot: candidate.slots.find((slot) => slot.elementKey === fill.elementKey)!,
    }));
    const shown = fills.flatMap(({ fill, slot }) =>
      fill.kind === 'text' && fill.text ? [{ name: slot.name, text: fill.text }] : [],
    );
    return { role: candidate.role, candidate, fills, shown };
  });
  const textsOf = (role: string) =>
    sections.filter((s) => s.role === role).flatMap((s) => s.shown.map((slot) => slot.text));
  const shown = sections.flatMap((s) => s.shown.map((slot) => slot.text));
  const pictures = sections.flatMap((s) =>
    s.fills.flatMap(({ fill, slot }) => (fill.kind === 'image' ? [{ role: s.role, slot, fill }] : [])),
  );
  return { sections, shown, textsOf, pictures, roles: sections.map((s) => s.role) };
}

/** Short texts (three words or fewer) one section shows more than once, with the section's role. */
function repeatedWithinSections(page: ReturnType<typeof compose>): string[] {
  return page.sections.flatMap((section) => {
    const short = section.shown
      .filter(({ name }) => !/button|link|field/i.test(name))
      .map(({ text }) => text.toLowerCase())
      .filter((text) => text.split(/\s+/).length <= 3 && !text.endsWith(':'));
    return [...new Set(short.filter((text, i) => short.indexOf(text) !== i))].map(
      (text) => `${section.role}: ${text}`,
    );
  });
}

/** Every image slot of the page is drawn (a generated or provided picture) or removed with its element. */
function emptyFrames(page: ReturnType<typeof compose>): string[] {
  return page.sections.flatMap((section) =>
    section.candidate.slots
      .filter((slot) => slot.kind === 'image')
      .filter((slot) => !section.fills.some(({ fill }) => fill.elementKey === slot.elementKey))
      .map((slot) => `${section.role}: ${slot.name}`),
  );
}

const motifsOf = (page: ReturnType<typeof compose>) =>
  new Set(
    page.pictures.flatMap(({ fill }) =>
      fill.kind === 'image' && fill.image.source === 'generated' ? [motifOf(fill.image.prompt).name] : [],
    ),
  );

const placeholders = /^(?:ask(?: us)?|you|for a quote|tbd|tba|coming soon)$/i;

describe('a page from a brief written as one prompt', () => {
  const lumen = () =>
    compose(
      'Lumen Yoga',
      'A landing page for Lumen Yoga, a yoga studio in Leeds. Drop-in classes cost £12; monthly unlimited is £85 per month. Email hi@lumen.example, phone 0113 496 0000. Include pricing and an FAQ.',
    );
  const pottery = () =>
    compose(
      'Clay Corner',
      'Create a website for Clay Corner, a pottery studio in Bristol. We run wheel-throwing taster sessions for £45 and a six-week beginners course for £210. Studio membership is £60 a month. Email us at hello@claycorner.example. Include our story, pricing and a gallery.',
    );

  it("puts the prompt's prices with their periods in the pricing section, and its e-mail and phone in the contact section (Lumen Yoga)", () => {
    const page = lumen();

    expect(page.roles).toEqual(expect.arrayContaining(['pricing', 'faq', 'contact']));
    expect(page.textsOf('pricing')).toEqual(
      expect.arrayContaining(['Drop-in classes', '£12', 'Monthly unlimited', '£85', 'per month']),
    );
    expect(page.textsOf('contact')).toEqual(expect.arrayContaining(['hi@lumen.example', '0113 496 0000']));
    expect(page.shown.filter((text) => placeholders.test(text))).toEqual([]);
  });

  it('shows no stand-in, no word twice in a row of a section, no empty picture frame (pottery studio in Bristol)', () => {
    const page = pottery();

    expect(page.roles).toEqual(expect.arrayContaining(['content', 'pricing', 'gallery', 'contact']));
    expect(page.textsOf('pricing')).toEqual(expect.arrayContaining(['£45', '£210', '£60', 'a month']));
    expect(page.textsOf('contact')).toContain('hello@claycorner.example');
    expect(page.shown.filter((text) => placeholders.test(text))).toEqual([]);
    // "Bristol · Bristol · You": the caller gave no figure, so the story shows none.
    expect(page.textsOf('content').filter((text) => /^(?:bristol|you|ask)$/i.test(text))).toEqual([]);
    expect(repeatedWithinSections(page)).toEqual([]);
    expect(emptyFrames(page)).toEqual([]);
    const story = page.pictures.filter(({ role }) => role === 'content');
    expect(story.map(({ fill }) => fill.kind === 'image' && fill.image.source)).toEqual(['generated']);
  });

  it('draws pictures of the subject: a vase for the pottery studio, a plant for the yoga studio', () => {
    expect(motifsOf(pottery())).toEqual(new Set(['vase']));
    expect(motifsOf(lumen())).toEqual(new Set(['plant']));
  });

  it('places the facts of briefs of other subjects, each in its section', () => {
    const barber = compose(
      'Sharp Edge',
      'A page for Sharp Edge, a barber shop in Glasgow run by two brothers. Haircut £18, beard trim £10 and a hot towel shave for £25. Walk-ins welcome Mon–Sat 9am–6pm. Call 0141 496 0102 or email book@sharpedge.example. We are at 27 Byres Road, Glasgow G11 5RD. Our barbers: Ali Khan (owner) and Sam Reid. "Best fade in the West End." — Chris, Partick',
    );

    expect(barber.textsOf('pricing')).toEqual(
      expect.arrayContaining(['Haircut', '£18', 'Beard trim', '£10', '£25']),
    );
    expect(barber.textsOf('contact')).toEqual(
      expect.arrayContaining(['Mon–Sat 9am–6pm', '0141 496 0102', 'book@sharpedge.example']),
    );
    // The contact section shows three ways to reach them: the fourth goes whole to another section.
    expect(barber.shown).toContain('Address: 27 Byres Road, Glasgow G11 5RD');
    expect(barber.textsOf('testimonials')).toEqual(
      expect.arrayContaining(['"Best fade in the West End."', 'Chris', 'Partick']),
    );
    expect(barber.shown).toEqual(expect.arrayContaining(['Ali Khan', 'Sam Reid']));
    expect(barber.shown.filter((text) => placeholders.test(text))).toEqual([]);
    expect(repeatedWithinSections(barber)).toEqual([]);

    const charity = compose(
      'Open Door',
      "Homepage for Open Door, a night shelter charity in Newcastle. We've given 14,000 beds since 2016 and have 85 volunteers. Donate online or call 0191 498 0221. FAQ: Can I volunteer for one night only? Yes, sign up for any single shift. Do you take clothes? Only coats and boots in winter.",
    );
    expect(charity.roles).toEqual(expect.arrayContaining(['faq']));
    expect(charity.textsOf('faq')).toEqual(
      expect.arrayContaining([
        'Can I volunteer for one night only?',
        'Yes, sign up for any single shift.',
        'Do you take clothes?',
        'Only coats and boots in winter.',
      ]),
    );
    expect(charity.shown).toEqual(expect.arrayContaining(['14,000', '85', '0191 498 0221']));
    expect(charity.shown.filter((text) => placeholders.test(text))).toEqual([]);
  });

  it('numbers written rows in order, though each row shows points of its own', () => {
    const page = compose(
      'Shiftly',
      'Landing page for Shiftly, our rota app for small cafés, with features and pricing',
    );

    expect(page.textsOf('features').filter((text) => /^\d\d$/.test(text))).toEqual(['01', '02', '03']);
    expect(repeatedWithinSections(page)).toEqual([]);
  });

  it("keeps the text's fact where the prompt says the same thing otherwise", () => {
    const page = compose(
      'Lumen Yoga',
      'A landing page for Lumen Yoga, a yoga studio in Leeds. Drop-in classes cost £12. Email hi@lumen.example.',
      'Drop-in classes: £13\nEmail: studio@lumen.example',
    );

    expect(page.shown).toEqual(expect.arrayContaining(['£13', 'studio@lumen.example']));
    expect(page.shown.filter((text) => text === '£12' || text === 'hi@lumen.example')).toEqual([]);
  });

  it('removes the cards of a pricing section asked for without any price, rather than asking for one in each', () => {
    const page = compose('Lumen Yoga', 'A landing page for Lumen Yoga, a yoga studio in Leeds, with pricing');

    expect(page.roles).toContain('pricing');
    const pricing = page.sections.find((s) => s.role === 'pricing')!;
    expect(pricing.shown.filter(({ name }) => /^plan \d/i.test(name))).toEqual([]);
    expect(page.textsOf('pricing').join(' ')).toMatch(/quote/i);
    expect(page.shown.filter((text) => placeholders.test(text))).toEqual([]);
  });

  it('shows a team section asked for without names with no invented people, and one with names with just those', () => {
    const inventedRoles = /^(Founder|Team lead|Specialist|Support)$/;
    const unnamed = compose('Kiln & Co', 'A page for Kiln & Co, a pottery studio in Bristol. Meet the team.');
    expect(unnamed.roles).toContain('team');
    expect(unnamed.textsOf('team').filter((text) => inventedRoles.test(text))).toEqual([]);

    const named = compose(
      'Kiln & Co',
      'A page for Kiln & Co, a pottery studio in Bristol. Meet the team: Founder: Iona Vale. Teacher: Sam Reyes.',
    );
    const team = named.textsOf('team');
    expect(team).toEqual(expect.arrayContaining(['Iona Vale', 'Sam Reyes']));
    expect(team.filter((text) => inventedRoles.test(text) && !/Founder/.test(text))).toEqual([]);
  });
});
