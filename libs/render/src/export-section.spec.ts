import { describe, expect, it } from '@jest/globals';
import { walkElements, type SnapshotSection } from '#folio/content';
import { renderSectionHtml } from './element-html.js';
import { exportSection } from './export-section.js';
import { type AssetRef, type RenderContext } from './render.types.js';
import { sectionCss } from './section-css.js';
import { sampleProjects } from '#folio/seed';

const northwind = sampleProjects[0];
const ctx: RenderContext = {
  preset: northwind.preset,
  theme: northwind.theme,
  breakpoints: northwind.breakpoints,
};
const designs = northwind.pages[0].sections;
const toSection = (d: (typeof designs)[number]): SnapshotSection => ({
  key: d.key,
  title: d.title,
  type: d.role,
  tree: d.tree,
  styles: d.styles,
  interactions: d.interactions ?? [],
});
const hero = toSection(designs.find((d) => d.role === 'hero')!);
const features = toSection(designs.find((d) => d.role === 'features' && (d.interactions ?? []).length > 0)!);
const all = { includeCss: true, includeInteractions: true, includeHtml: true, includeModels: true };
const none = { includeCss: false, includeInteractions: false, includeHtml: false, includeModels: false };

describe(exportSection.name, () => {
  it('yields the tree, real per-breakpoint CSS, interactions, HTML and the model when asked', () => {
    const exported = exportSection(features, ctx, { ...all, model: { title: 'Why Northwind' } });
    expect(exported.sectionKey).toBe(features.key);
    expect(exported.title).toBe(features.title);
    expect(exported.elementTree).toEqual(features.tree);
    expect(exported.css).toEqual(sectionCss(features, ctx));
    expect(exported.css!.map((c) => [c.breakpoint, c.media])).toEqual([
      ['desktop', ''],
      ['tablet', '(max-width: 1023px)'],
      ['mobile', '(max-width: 767px)'],
    ]);
    expect(exported.css![2].css).toMatch(/^#\w+\{/);
    expect(exported.interactions).toEqual(features.interactions);
    expect(exported.html).toBe(renderSectionHtml(features, ctx));
    expect(exported.models).toEqual({ title: 'Why Northwind' });
  });

  it('leaves out what the flags do not ask for, but always lists assets', () => {
    const exported = exportSection(hero, ctx, none);
    expect(Object.keys(exported).sort()).toEqual(['assets', 'elementTree', 'sectionKey', 'title']);
    expect(exported.assets.length).toBeGreaterThan(0);
  });

  it('lists images with URLs and dimensions, icons as inline SVG, and the fonts the text styles use', () => {
    const { assets } = exportSection(hero, ctx, none);
    const images = [...walkElements(hero.tree)].filter((e) => e.type === 'image');
    const icons = [...walkElements(hero.tree)].filter((e) => e.type === 'icon');
    expect(assets.filter((a) => a.kind === 'image').map((a) => a.elementKey)).toEqual(
      images.map((e) => e.key),
    );
    for (const image of assets.filter((a) => a.kind === 'image')) {
      expect(image.url).toMatch(/^data:image\/svg\+xml,/);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
    const shapes = assets.filter((a) => a.kind === 'shape');
    expect(shapes.map((a) => a.elementKey)).toEqual(icons.map((e) => e.key));
    for (const shape of shapes) expect(shape.svg).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    // Northwind's headings use Fraunces, a theme font without a file: listed by family, no URL.
    expect(assets.filter((a) => a.kind === 'font')).toEqual([
      { kind: 'font', url: null, width: null, height: null, family: 'Fraunces' },
    ]);
  });

  it('prefers a ready asset’s URL and size over the element’s own source', () => {
    const imageKey = [...walkElements(hero.tree)].find((e) => e.type === 'image')!.key;
    const tree = structuredClone(hero.tree);
    [...walkElements(tree)].find((e) => e.key === imageKey)!.asset = 'assetHero01';
    const asset: AssetRef = {
      key: 'assetHero01',
      kind: 'image',
      url: 'https://cdn.example/hero.webp',
      width: 1500,
      height: 1200,
      status: 'ready',
    };
    const ready = exportSection({ ...hero, tree }, { ...ctx, assets: { assetHero01: asset } }, none);
    expect(ready.assets.find((a) => a.elementKey === imageKey)).toMatchObject({
      url: 'https://cdn.example/hero.webp',
      width: 1500,
      height: 1200,
    });
    const pending = exportSection(
      { ...hero, tree },
      { ...ctx, assets: { assetHero01: { ...asset, status: 'pending' } } },
      none,
    );
    expect(pending.assets.find((a) => a.elementKey === imageKey)!.url).toMatch(/^data:image\/svg\+xml,/);
  });
});
