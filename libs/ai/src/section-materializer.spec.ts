import { describe, expect, it } from '@jest/globals';
import { type Element, walkElements } from '#folio/content';
import { type LibrarySectionDesign } from './generation.repository.js';
import { generatedImageSize, materializeSection } from './section-materializer.js';

const design: LibrarySectionDesign = {
  id: '00000000-0000-7000-8000-000000000001',
  key: 'lsHero000001',
  title: 'Hero — split',
  role: 'hero',
  tree: {
    key: 'elRoot000001',
    type: 'frame',
    tag: 'section',
    children: [
      { key: 'elHeadline01', type: 'text', tag: 'h1', text: 'Launch <em>faster</em>' },
      { key: 'elPicture001', type: 'image', src: 'https://library.example/laptop.png', alt: 'A laptop' },
      { key: 'elSide000001', type: 'image', src: 'https://library.example/side.png', alt: 'Side' },
      { key: 'elBadgeIcon1', type: 'icon', src: 'star' },
    ],
  },
  styles: {
    desktop: { elHeadline01: { 'font-size': '64px' }, elSide000001: { width: '200px' } },
    mobile: { elHeadline01: { 'font-size': '40px' } },
  },
  interactions: [
    {
      trigger: { type: 'hover', elementKey: 'elSide000001' },
      actions: [{ targetKey: 'elSide000001', keyframes: [{ opacity: '1' }], timing: { duration: 200 } }],
    },
  ],
};

const byName = (tree: Element, type: string) => [...walkElements(tree)].filter((e) => e.type === type);

describe(materializeSection.name, () => {
  const section = materializeSection(
    design,
    [
      { elementKey: 'elHeadline01', kind: 'text', text: 'Bread <baked> daily\nsince 1998' },
      {
        elementKey: 'elPicture001',
        kind: 'image',
        image: { source: 'generated', prompt: 'Loaves', alt: 'Loaves' },
      },
      { elementKey: 'elSide000001', kind: 'image', image: { source: 'none' } },
      { elementKey: 'elBadgeIcon1', kind: 'icon', icon: 'wheat' },
    ],
    { imageStyle: 'Soft watercolour', preset: 'desktop' },
  );

  it('fills text as escaped text with its line breaks, and swaps icons', () => {
    expect(byName(section.tree, 'text')[0].text).toBe('Bread &lt;baked&gt; daily<br>since 1998');
    expect(byName(section.tree, 'icon')[0].src).toBe('wheat');
  });

  it('writes one item per line into a list element', () => {
    const list = materializeSection(
      { ...design, tree: { key: 'elList000001', type: 'text', tag: 'ul', text: '<li>Old</li>' } },
      [{ elementKey: 'elList000001', kind: 'text', text: 'Sourdough\nRye & spelt' }],
      { imageStyle: null, preset: 'desktop' },
    );
    expect(list.tree.text).toBe('<li>Sourdough</li><li>Rye &amp; spelt</li>');
  });

  it('turns a generated picture into a pending asset whose prompt starts with the image style', () => {
    const [picture] = byName(section.tree, 'image');
    expect(picture.src).toBeUndefined();
    expect(section.pendingImages).toEqual([
      { assetKey: picture.asset, prompt: 'Soft watercolour. Loaves', ...generatedImageSize },
    ]);
  });

  it("names the page's colours after a generated picture's prompt when no image style is given", () => {
    const fills = [
      {
        elementKey: 'elPicture001',
        kind: 'image' as const,
        image: { source: 'generated' as const, prompt: 'Loaves', alt: 'Loaves' },
      },
    ];
    const colours = ['#9A4A24', '#5E6B4E'];
    const plain = materializeSection(design, fills, {
      imageStyle: null,
      preset: 'desktop',
      imageColours: colours,
    });
    expect(plain.pendingImages[0].prompt).toBe('Loaves. Colours: #9A4A24, #5E6B4E');
    const styled = materializeSection(design, fills, {
      imageStyle: 'Black and white film',
      preset: 'desktop',
      imageColours: colours,
    });
    expect(styled.pendingImages[0].prompt).toBe('Black and white film. Loaves');
  });

  it('removes emptied image slots with their styles and interactions', () => {
    expect(byName(section.tree, 'image')).toHaveLength(1);
    expect(Object.keys(section.styles.desktop)).toHaveLength(1);
    expect(section.interactions).toEqual([]);
  });

  it('removes elements whose text or icon is emptied, and the boxes left with nothing in them', () => {
    const card = (n: string): Element => ({
      key: `elCard${n}00000`,
      type: 'frame',
      children: [
        { key: `elTitle${n}0000`, type: 'text', text: 'Pro' },
        {
          key: `elRow${n}000000`,
          type: 'frame',
          children: [
            { key: `elIcon${n}00000`, type: 'icon', src: 'check' },
            { key: `elPoint${n}0000`, type: 'text', text: 'Custom domains' },
          ],
        },
      ],
    });
    const cards = materializeSection(
      { ...design, tree: { key: 'elRoot000001', type: 'frame', children: [card('1'), card('2')] } },
      [
        { elementKey: 'elTitle10000', kind: 'text', text: 'Loaf club' },
        { elementKey: 'elPoint10000', kind: 'text', text: '' },
        { elementKey: 'elIcon100000', kind: 'icon', icon: '' },
        { elementKey: 'elTitle20000', kind: 'text', text: '' },
        { elementKey: 'elPoint20000', kind: 'text', text: '' },
        { elementKey: 'elIcon200000', kind: 'icon', icon: '' },
      ],
      { imageStyle: null, preset: 'desktop' },
    );
    const [only] = cards.tree.children!;
    expect(cards.tree.children).toHaveLength(1);
    expect(only.children!.map((element) => element.text)).toEqual(['Loaf club']);
  });

  it('gives every element a fresh key and keeps the styles attached to them', () => {
    const keys = [...walkElements(section.tree)].map((element) => element.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.some((key) => [...walkElements(design.tree)].some((element) => element.key === key))).toBe(
      false,
    );
    const headline = byName(section.tree, 'text')[0].key;
    expect(section.styles.desktop[headline]).toEqual({ 'font-size': '64px' });
    expect(section).toMatchObject({ type: 'hero', title: 'Hero — split', librarySectionId: design.id });
  });

  it('turns the styles mobile-first for a mobile-first project', () => {
    const mobile = materializeSection(design, [], { imageStyle: null, preset: 'mobile' });
    const headline = byName(mobile.tree, 'text')[0].key;
    expect(mobile.styles.mobile[headline]).toEqual({ 'font-size': '40px' });
    expect(mobile.styles.tablet[headline]).toEqual({ 'font-size': '64px' });
    expect(byName(mobile.tree, 'text')[0].text).toBe('Launch <em>faster</em>');
  });

  it('points provided images at their URL', () => {
    const provided = materializeSection(
      design,
      [
        {
          elementKey: 'elPicture001',
          kind: 'image',
          image: { source: 'provided', url: 'https://cdn.example/bread.jpg', alt: 'Bread' },
        },
      ],
      { imageStyle: null, preset: 'desktop' },
    );
    expect(byName(provided.tree, 'image')[0]).toMatchObject({
      src: 'https://cdn.example/bread.jpg',
      alt: 'Bread',
    });
    expect(provided.pendingImages).toEqual([]);
  });
});
