import { describe, expect, it } from '@jest/globals';
import { analyzeLibrarySection } from '#folio/libraries';
import { isIconName } from '#folio/render';
import { starterLibrary } from '#folio/seed';
import { candidateOf } from '../candidates.js';
import { type CandidateSection, type CompositionInput } from '../composition.js';
import { checkedPlan } from '../plan-check.js';
import { type SectionPlan } from '../section-plan.js';
import { composeOffline, OfflineComposer } from './offline-composer.js';

const starter = starterLibrary.sections.map((section) =>
  candidateOf({ ...section, libraryKey: starterLibrary.key, analysis: analyzeLibrarySection(section) }),
);

const bakery =
  'A landing page for a neighbourhood bakery in Leeds that sells sourdough, pastries and celebration cakes';

const bakeryText = [
  'We bake everything by hand every morning, using flour from Yorkshire mills.',
  '',
  'Loaf club — €12/month: two loaves a week',
  '- Pick up any day',
  '- Pause whenever you like',
  'Pastry box: €18 — six pastries of the day',
  '',
  'Q: Do you deliver?',
  'A: Yes, within Leeds on Fridays.',
  'Can I order a birthday cake?',
  'Yes — give us three days notice.',
  '',
  'Opening hours: Mon–Sat 7am–3pm',
  'Address: 12 Briggate, Leeds',
  'hello@crumb.example',
  '',
  '- Free delivery across Leeds on orders over €20',
  '- Vegan options',
  '',
  '“Best croissants in the north.” — Sam, Headingley',
].join('\n');

function setup(overrides: Partial<CompositionInput> = {}) {
  const input: CompositionInput = {
    prompt: bakery,
    text: null,
    images: [],
    useOnlyProvidedAssets: false,
    projectTitle: 'Untitled project',
    pageTitle: 'Home',
    candidates: starter,
    ...overrides,
  };
  const plan = composeOffline(input);
  const byKey = new Map(input.candidates.map((candidate) => [candidate.key, candidate]));
  const planned = plan.sections.map((section) => ({ section, candidate: byKey.get(section.sectionKey)! }));
  const texts = plan.sections.flatMap((s) =>
    s.fills.flatMap((fill) => (fill.kind === 'text' ? [fill.text] : [])),
  );
  /** The text of the slot named `name` in the section of `role`. */
  const textOf = (role: string, name: string) => {
    const found = planned.find(({ candidate }) => candidate.role === role);
    const slot = found?.candidate.slots.find((s) => s.name === name);
    const fill = found?.section.fills.find((f) => f.elementKey === slot?.elementKey);
    return fill?.kind === 'text' ? fill.text : undefined;
  };
  return { input, plan, planned, texts, textOf, roles: planned.map(({ candidate }) => candidate.role) };
}

function imagesOf(plan: SectionPlan) {
  return plan.sections.flatMap((s) => s.fills.flatMap((fill) => (fill.kind === 'image' ? [fill.image] : [])));
}

describe(composeOffline.name, () => {
  it('plans the sections the prompt asks for, the navbar and hero first and the footer last', () => {
    const { roles } = setup({
      prompt: 'A landing page for a neighbourhood bakery in Leeds with our prices and an FAQ',
    });

    expect(roles).toEqual(expect.arrayContaining(['pricing', 'faq']));
    expect(roles.slice(0, 2)).toEqual(['navbar', 'hero']);
    expect(roles.at(-1)).toBe('footer');
    expect(new Set(roles).size).toBe(roles.length);
  });

  it("puts every price, answer, quote, list item and fact of the caller's text on the page verbatim", () => {
    const { roles, texts, textOf } = setup({
      prompt: 'A page for Crumb & Co, a bakery in Leeds',
      text: bakeryText,
    });

    // The text alone calls for these sections.
    expect(roles).toEqual(expect.arrayContaining(['pricing', 'faq', 'testimonials', 'contact']));
    const given = [
      'We bake everything by hand every morning, using flour from Yorkshire mills.',
      'Loaf club',
      '€12',
      '/month',
      'two loaves a week',
      'Pick up any day',
      'Pause whenever you like',
      'Pastry box',
      '€18',
      'six pastries of the day',
      'Do you deliver?',
      'Yes, within Leeds on Fridays.',
      'Can I order a birthday cake?',
      'Yes — give us three days notice.',
      'Mon–Sat 7am–3pm',
      '12 Briggate, Leeds',
      'hello@crumb.example',
      'Free delivery across Leeds on orders over €20',
      'Vegan options',
      '“Best croissants in the north.”',
      'Sam',
      'Headingley',
    ];
    expect(given.filter((fact) => !texts.includes(fact))).toEqual([]);
    expect(textOf('pricing', 'Plan 1 name')).toBe('Loaf club');
    expect(textOf('pricing', 'Plan 1 price')).toBe('€12');
  });

  it('writes a default page of about six sections, every text slot filled with copy about the subject', () => {
    const { planned, texts, textOf } = setup();

    expect(planned.length).toBeGreaterThanOrEqual(5);
    expect(planned.length).toBeLessThanOrEqual(7);
    for (const { section, candidate } of planned) {
      const filled = new Set(section.fills.map((fill) => fill.elementKey));
      // The navbar's and footer's brand is named by the page writer (page-navigation.spec), not the plan.
      const framesBrand = (name: string) =>
        ['navbar', 'footer'].includes(candidate.role) && /^brand/i.test(name);
      const empty = candidate.slots.filter(
        (slot) => slot.kind === 'text' && !filled.has(slot.elementKey) && !framesBrand(slot.name),
      );
      expect({ section: candidate.title, empty: empty.map((slot) => slot.name) }).toEqual({
        section: candidate.title,
        empty: [],
      });
    }
    expect(textOf('hero', 'Headline')).toMatch(/bakery/i);
    expect(texts.join('\n')).toMatch(/sourdough/i);
    expect(texts.filter((text) => /lorem|ipsum/i.test(text))).toEqual([]);
    // Nothing of the library's sample product (Lumen, its dollar prices and figures) is left.
    expect(texts.filter((text) => /lumen|[$€£]\s?\d|\d%/i.test(text))).toEqual([]);
  });

  it('asks for a quote, with no plan to ask about, when pricing is wanted but no price is given', () => {
    const { roles, texts, textOf } = setup({ prompt: `${bakery}, with a pricing section` });

    expect(roles).toContain('pricing');
    expect(texts.filter((text) => /[$€£]\s?\d|\d\s?[€£]/.test(text))).toEqual([]);
    expect(textOf('pricing', 'Subheading')).toMatch(/quote/i);
    // No card of a plan nobody named, priced "Ask us / for a quote": an empty text removes its element.
    for (const plan of ['Plan 1', 'Plan 2', 'Plan 3']) {
      expect(
        [`${plan} name`, `${plan} price`, `${plan} period`].map((slot) => textOf('pricing', slot)),
      ).toEqual(['', '', '']);
    }
    expect(texts.filter((text) => /^(?:ask us|for a quote)$/i.test(text))).toEqual([]);
  });

  it("uses only the caller's images when asked to, the hero's first, each before any repeats", () => {
    const images = [
      { url: 'https://images.example/loaves.jpg', description: 'Fresh loaves on the counter' },
      { url: 'https://images.example/shop.jpg', description: null },
    ];
    const { input, plan, planned } = setup({ images, useOnlyProvidedAssets: true });

    const placed = imagesOf(plan);
    expect(placed.filter((image) => image.source === 'generated')).toEqual([]);
    const urls = placed.flatMap((image) => (image.source === 'provided' ? [image.url] : []));
    expect(new Set(urls)).toEqual(new Set(images.map((image) => image.url)));
    expect(urls.slice(0, 2).sort()).toEqual(images.map((image) => image.url).sort());
    const hero = planned[1];
    const heroImage = hero.candidate.slots.find((slot) => slot.kind === 'image')!;
    expect(hero.section.fills.find((fill) => fill.elementKey === heroImage.elementKey)).toMatchObject({
      image: { source: 'provided' },
    });
    // The plan check keeps every fill (it only adds removals for image slots left without a picture).
    const checked = checkedPlan(plan, input);
    plan.sections.forEach((section, i) =>
      expect(checked.sections[i].fills).toEqual(expect.arrayContaining(section.fills)),
    );
  });

  it('generates the other pictures from the subject once every provided image is used', () => {
    const images = [{ url: 'https://images.example/team.jpg', description: 'Our team' }];
    const { plan, planned } = setup({
      prompt: `${bakery}. Meet the team: Head baker: Ada Lowe. Pastry chef: Ben Ortiz.`,
      images,
    });

    const team = planned.find(({ candidate }) => candidate.role === 'team')!;
    expect(team.section.fills).toContainEqual(
      expect.objectContaining({ image: { source: 'provided', url: images[0].url, alt: 'Our team' } }),
    );
    const generated = imagesOf(plan).filter((image) => image.source === 'generated');
    expect(generated.length).toBeGreaterThan(0);
    for (const image of generated) expect(image.source === 'generated' && image.prompt).toMatch(/bakery/i);
  });

  it('chooses lucide icons that match the copy of their card', () => {
    const onlyIconGrid = starter.filter(
      (candidate) =>
        candidate.role === 'hero' || candidate.role === 'footer' || candidate.title.includes('icon grid'),
    );
    const text = ['Delivery: Free delivery across Leeds every Friday', 'Opening hours: Mon–Sat 7am–3pm'].join(
      '\n',
    );
    const { planned } = setup({ candidates: onlyIconGrid, text });

    const features = planned.find(({ candidate }) => candidate.role === 'features')!;
    const iconBeside = (title: string) => {
      const titleSlot = features.candidate.slots.find((slot) =>
        features.section.fills.some(
          (f) => f.elementKey === slot.elementKey && f.kind === 'text' && f.text === title,
        ),
      )!;
      const iconSlot = features.candidate.slots.find(
        (slot) => slot.name === titleSlot.name.replace('title', 'icon'),
      )!;
      const fill = features.section.fills.find((f) => f.elementKey === iconSlot.elementKey);
      return fill?.kind === 'icon' ? fill.icon : undefined;
    };
    expect(['truck', 'van', 'truck-electric', 'package']).toContain(iconBeside('Delivery'));
    expect(iconBeside('Opening hours')).toMatch(/clock/);
    const icons = features.section.fills.flatMap((fill) => (fill.kind === 'icon' ? [fill.icon] : []));
    expect(icons.filter((icon) => !isIconName(icon))).toEqual([]);
  });

  it('gives the same plan for the same input, quickly, and one the plan check keeps unchanged', () => {
    const overrides = { projectTitle: 'Crumb & Co', text: bakeryText };
    const { input, plan } = setup(overrides);

    expect(setup(overrides).plan).toEqual(plan);
    expect(checkedPlan(plan, input)).toEqual(plan);
    const runs = 20;
    const started = performance.now();
    for (let i = 0; i < runs; i++) composeOffline(input);
    expect((performance.now() - started) / runs).toBeLessThan(200);
  });

  it('fills the slots of libraries whose elements have no names, by their tags and sizes', () => {
    const unnamed: CandidateSection[] = starter.map((candidate) => ({
      ...candidate,
      slots: candidate.slots.map((slot) => ({ ...slot, name: '' })),
    }));
    const { input, plan, planned } = setup({ candidates: unnamed });

    expect(planned.slice(0, 2).map(({ candidate }) => candidate.role)).toEqual(['navbar', 'hero']);
    for (const { section, candidate } of planned) {
      const texts = candidate.slots.filter((slot) => slot.kind === 'text').length;
      expect(section.fills.filter((fill) => fill.kind === 'text')).toHaveLength(texts);
    }
    expect(checkedPlan(plan, input)).toEqual(plan);
  });
});

describe(OfflineComposer.name, () => {
  it('composes without a network and stops when the request is aborted', async () => {
    const input = setup().input;
    const composer = new OfflineComposer();

    await expect(composer.compose(input, new AbortController().signal)).resolves.toEqual(
      composeOffline(input),
    );
    const aborted = new AbortController();
    aborted.abort();
    await expect(composer.compose(input, aborted.signal)).rejects.toThrow();
  });
});
