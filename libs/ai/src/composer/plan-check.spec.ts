import { describe, expect, it } from '@jest/globals';
import { type CandidateSection, type CompositionInput } from './composition.js';
import { checkedPlan, fitText, PlanRejectedError } from './plan-check.js';

const hero: CandidateSection = {
  key: 'lsHero000001',
  libraryKey: 'lbStarter001',
  title: 'Hero — split',
  role: 'hero',
  keywords: ['launch'],
  slots: [
    {
      elementKey: 'elHeadline01',
      kind: 'text',
      capacity: 40,
      name: 'Headline',
      tag: 'h1',
      current: 'Launch faster',
    },
    {
      elementKey: 'elPicture001',
      kind: 'image',
      capacity: 1,
      name: 'Picture',
      tag: null,
      current: 'A laptop',
    },
    { elementKey: 'elBadgeIcon1', kind: 'icon', capacity: 1, name: 'Badge icon', tag: null, current: 'star' },
  ],
};

function input(overrides: Partial<CompositionInput> = {}): CompositionInput {
  return {
    prompt: 'A bakery',
    text: null,
    images: [{ url: 'https://images.example.com/bread.jpg', description: null }],
    useOnlyProvidedAssets: false,
    projectTitle: 'Millstone',
    pageTitle: 'Home',
    candidates: [hero],
    ...overrides,
  };
}

/** A plan of the hero alone with these fills. */
const heroPlan = (fills: unknown[]) => ({ sections: [{ sectionKey: hero.key, fills }] });

describe(checkedPlan.name, () => {
  it('refuses what is not a plan, or a plan naming sections outside the chosen libraries', () => {
    expect(() => checkedPlan({ sections: 'hero' }, input())).toThrow(PlanRejectedError);
    expect(() => checkedPlan({ sections: [] }, input())).toThrow(/malformed/);
    expect(() => checkedPlan({ sections: [{ sectionKey: 'lsElsewhere01', fills: [] }] }, input())).toThrow(
      /not in the chosen libraries: lsElsewhere01/,
    );
  });

  it('keeps fills that fit their slot and drops the others, so those slots keep the library content', () => {
    const plan = checkedPlan(
      heroPlan([
        { elementKey: 'elHeadline01', kind: 'text', text: 'Bread worth waking up for' },
        { elementKey: 'elHeadline01', kind: 'text', text: 'A second fill of the same slot' },
        { elementKey: 'elPicture001', kind: 'text', text: 'text into an image slot' },
        { elementKey: 'elNotASlot01', kind: 'text', text: 'no such slot' },
        { elementKey: 'elBadgeIcon1', kind: 'icon', icon: 'no-such-icon-anywhere' },
        {
          elementKey: 'elPicture001',
          kind: 'image',
          image: { source: 'provided', url: 'https://elsewhere.example/x.png', alt: 'not given' },
        },
      ]),
      input(),
    );
    expect(plan.sections[0].fills).toEqual([
      { elementKey: 'elHeadline01', kind: 'text', text: 'Bread worth waking up for' },
    ]);
  });

  it('with useOnlyProvidedAssets, turns generated pictures and unfilled image slots into removed images', () => {
    const plan = checkedPlan(
      heroPlan([
        {
          elementKey: 'elPicture001',
          kind: 'image',
          image: { source: 'generated', prompt: 'Bread', alt: '' },
        },
        { elementKey: 'elBadgeIcon1', kind: 'icon', icon: 'Wheat' },
      ]),
      input({ useOnlyProvidedAssets: true }),
    );
    expect(plan.sections[0].fills).toEqual([
      { elementKey: 'elBadgeIcon1', kind: 'icon', icon: 'wheat' },
      { elementKey: 'elPicture001', kind: 'image', image: { source: 'none' } },
    ]);
  });

  it('never cuts a text: it keeps the leading sentences that fit, else removes the element', () => {
    const plan = checkedPlan(
      heroPlan([
        {
          elementKey: 'elHeadline01',
          kind: 'text',
          text: 'Bread worth waking up for. Sourdough, rye and spelt, baked before sunrise.',
        },
      ]),
      input(),
    );
    expect(plan.sections[0].fills).toEqual([
      { elementKey: 'elHeadline01', kind: 'text', text: 'Bread worth waking up for.' },
    ]);
    const unbroken = checkedPlan(
      heroPlan([
        {
          elementKey: 'elHeadline01',
          kind: 'text',
          text: 'Sourdough, rye and spelt loaves baked before sunrise every single day',
        },
      ]),
      input(),
    );
    // Neither a cut text nor the library's sample copy about another business: the element goes.
    expect(unbroken.sections[0].fills).toEqual([{ elementKey: 'elHeadline01', kind: 'text', text: '' }]);
  });

  it('removes a text stating a price the caller did not give, and keeps the prices they gave', () => {
    const plan = (text: string) =>
      checkedPlan(
        heroPlan([{ elementKey: 'elHeadline01', kind: 'text', text }]),
        input({ prompt: 'A bakery', text: 'Loaf club €12/month' }),
      ).sections[0].fills;

    expect(plan('Loaf club from €12 a month')).toEqual([
      { elementKey: 'elHeadline01', kind: 'text', text: 'Loaf club from €12 a month' },
    ]);
    expect(plan('Cakes from €30')).toEqual([{ elementKey: 'elHeadline01', kind: 'text', text: '' }]);
  });

  it('removes a text that only holds a place, unless it is a button or the caller wrote it', () => {
    const withButton: CandidateSection = {
      ...hero,
      slots: [
        ...hero.slots,
        {
          elementKey: 'elButton0001',
          kind: 'text',
          capacity: 20,
          name: 'Primary button',
          tag: 'a',
          current: 'Go',
        },
      ],
    };
    const plan = (texts: [string, string], text: string | null = null) =>
      checkedPlan(
        {
          sections: [
            {
              sectionKey: hero.key,
              fills: [
                { elementKey: 'elHeadline01', kind: 'text', text: texts[0] },
                { elementKey: 'elButton0001', kind: 'text', text: texts[1] },
              ],
            },
          ],
        },
        input({ candidates: [withButton], text }),
      ).sections[0].fills.map((fill) => fill.kind === 'text' && fill.text);

    expect(plan(['Ask us', 'Ask us →'])).toEqual(['', 'Ask us →']);
    expect(plan(['TBD', 'Book now'])).toEqual(['', 'Book now']);
    expect(plan(['Call [Your phone number]', '[Insert link]'])).toEqual(['', '']);
    expect(plan(['Lorem ipsum dolor sit amet', 'Coming soon'])).toEqual(['', 'Coming soon']);
    expect(plan(['Price on request', 'Book now'], 'Wedding flowers: price on request')).toEqual([
      'Price on request',
      'Book now',
    ]);
  });

  it('leaves out a gallery or logo strip left without any picture, and keeps one with a picture', () => {
    const gallery: CandidateSection = {
      key: 'lsGallery001',
      libraryKey: 'lbStarter001',
      title: 'Gallery — mosaic grid',
      role: 'gallery',
      keywords: [],
      slots: [
        {
          elementKey: 'elGalHead001',
          kind: 'text',
          capacity: 60,
          name: 'Heading',
          tag: 'h2',
          current: 'Work',
        },
        {
          elementKey: 'elGalImage01',
          kind: 'image',
          capacity: 1,
          name: 'Image 1',
          tag: null,
          current: 'Blobs',
        },
        {
          elementKey: 'elGalImage02',
          kind: 'image',
          capacity: 1,
          name: 'Image 2',
          tag: null,
          current: 'Hills',
        },
      ],
    };
    const withGallery = (galleryFills: unknown[], overrides: Partial<CompositionInput> = {}) =>
      checkedPlan(
        {
          sections: [
            { sectionKey: hero.key, fills: [] },
            {
              sectionKey: gallery.key,
              fills: [{ elementKey: 'elGalHead001', kind: 'text', text: 'Recent weddings' }, ...galleryFills],
            },
          ],
        },
        input({ candidates: [hero, gallery], ...overrides }),
      ).sections.map((section) => section.sectionKey);
    const none = (elementKey: string) => ({ elementKey, kind: 'image', image: { source: 'none' } });
    const provided = {
      elementKey: 'elGalImage02',
      kind: 'image',
      image: { source: 'provided', url: 'https://images.example.com/bread.jpg', alt: 'Bread' },
    };

    expect(withGallery([], { useOnlyProvidedAssets: true, images: [] })).toEqual([hero.key]);
    expect(withGallery([none('elGalImage01'), none('elGalImage02')])).toEqual([hero.key]);
    expect(withGallery([provided], { useOnlyProvidedAssets: true })).toEqual([hero.key, gallery.key]);
    // An image slot left out keeps the library's own picture.
    expect(withGallery([none('elGalImage01')])).toEqual([hero.key, gallery.key]);
  });
});

it('cuts over-long generated image prompts instead of refusing the plan', () => {
  const plan = checkedPlan(
    heroPlan([
      {
        elementKey: 'elPicture001',
        kind: 'image',
        image: { source: 'generated', prompt: 'gentle care '.repeat(100), alt: 'A clinic' },
      },
    ]),
    input(),
  );
  const fill = plan.sections[0].fills[0] as { image: { prompt: string } };
  expect(fill.image.prompt.length).toBeLessThanOrEqual(400);
  expect(fill.image.prompt).toMatch(/^gentle care gentle care .*care$/);
});

describe(fitText.name, () => {
  it('collapses spaces, keeps line breaks and leaves text that fits alone', () => {
    expect(fitText('  Open   daily \n\n\n\n 7am  ', 100)).toBe('Open daily\n\n7am');
  });

  it('shortens only at a sentence boundary, and gives null when no whole sentence fits', () => {
    expect(fitText('Open daily. Closed on bank holidays.', 20)).toBe('Open daily.');
    expect(fitText('Open daily except on bank holidays', 20)).toBeNull();
  });
});
