import { describe, expect, it } from '@jest/globals';
import { type Element, walkElements, type SnapshotSection } from '#folio/content';
import { renderSectionHtml } from './element-html.js';
import { exportSection, type ExportedSection } from './section-export.js';
import { iconPaths } from './icons.js';
import { type AssetRef, type ExportedElement, type RenderContext } from './render.types.js';
import { sampleProjects, snapshotSection } from '#folio/seed';

const northwind = sampleProjects[0];
const ctx: RenderContext = {
  preset: northwind.preset,
  theme: northwind.theme,
  breakpoints: northwind.breakpoints,
};
const designs = northwind.pages[0].sections;
const hero = snapshotSection(designs.find((d) => d.role === 'hero')!);
const features = snapshotSection(
  designs.find((d) => d.role === 'features' && (d.interactions ?? []).length > 0)!,
);
const all = { includeCss: true, includeInteractions: true, includeHtml: true, includeModels: true };
const none = { includeCss: false, includeInteractions: false, includeHtml: false, includeModels: false };

describe(exportSection.name, () => {
  it('yields the compact tree, real per-breakpoint CSS, interactions, HTML and the model when asked', () => {
    const exported = exportSection(features, ctx, { ...all, model: { title: 'Why Northwind' } });
    expect(exported).toMatchObject({ sectionKey: features.key, title: features.title, type: features.type });
    expect(exported.css!.map((c) => [c.breakpoint, c.media])).toEqual([
      ['desktop', ''],
      ['tablet', '(max-width: 1023px)'],
      ['mobile', '(max-width: 767px)'],
    ]);
    expect(exported.css![2].css).toMatch(/^#\w+[,{]/);
    expect(exported.interactions!.map((i) => i.trigger)).toEqual(features.interactions.map((i) => i.trigger));
    expect(exported.html).toBe(renderSectionHtml(features, ctx));
    expect(exported.models).toEqual({ title: 'Why Northwind' });
  });

  it('leaves out what the flags do not ask for, but always lists assets', () => {
    const exported = exportSection(hero, ctx, none);
    expect(Object.keys(exported).sort()).toEqual(['assets', 'elementTree', 'sectionKey', 'title', 'type']);
    expect(exported.assets.length).toBeGreaterThan(0);
  });

  it('lists images with URLs and dimensions, icons by name, and the fonts the text styles use', () => {
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
    expect(shapes).toEqual(icons.map((e) => ({ kind: 'shape', elementKey: e.key, icon: e.src })));
    for (const shape of shapes) expect(iconPaths(shape.icon!)).toMatch(/^<(path|circle|rect|line|polyline)/);
    // Northwind's headings use Fraunces: listed by family (with its file once the theme has one).
    expect(assets.filter((a) => a.kind === 'font').map((a) => a.family)).toEqual(['Fraunces']);
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
    expect(ready.assets.find((a) => a.elementKey === imageKey)).toEqual({
      kind: 'image',
      elementKey: imageKey,
      url: 'https://cdn.example/hero.webp',
      width: 1500,
      height: 1200,
    });
    const pending = exportSection(
      { ...hero, tree },
      { ...ctx, assets: { assetHero01: { ...asset, status: 'pending' } } },
      none,
    );
    expect(pending.assets.find((a) => a.elementKey === imageKey)).toMatchObject({ status: 'pending' });
  });

  it('omits what goes without saying, and every section rebuilds to the renderer’s HTML from its export alone', () => {
    for (const project of sampleProjects) {
      const projectCtx: RenderContext = {
        preset: project.preset,
        theme: project.theme,
        breakpoints: project.breakpoints,
      };
      for (const design of project.pages.flatMap((page) => page.sections)) {
        const section = snapshotSection(design);
        const exported = exportSection(section, projectCtx, none);
        const elements = [...walkCompact(exported.elementTree)];
        expect(
          elements.some((e) => e.type === 'frame' || e.type === 'text' || e.children?.length === 0),
        ).toBe(false);
        const rebuilt = rebuildSection(exported);
        expect(rebuilt.tree).toEqual(section.tree);
        expect(renderSectionHtml(rebuilt, projectCtx)).toBe(renderSectionHtml(section, projectCtx));
      }
    }
  });
});

// What a consumer of the export does to get the renderer's input back: implied types, media URLs from assets.
function* walkCompact(element: ExportedElement): Generator<ExportedElement> {
  yield element;
  for (const child of element.children ?? []) yield* walkCompact(child);
}

function rebuildSection(exported: ExportedSection): SnapshotSection {
  const urls = new Map(exported.assets.filter((a) => a.url).map((a) => [a.elementKey, a.url]));
  const expand = (element: ExportedElement): Element => {
    const { children, type, ...rest } = element;
    const full: Element = { ...rest, type: type ?? (element.text === undefined ? 'frame' : 'text') };
    const src = urls.get(element.key);
    if (src && full.src === undefined) full.src = src;
    if (children) full.children = children.map(expand);
    return full;
  };
  return {
    key: exported.sectionKey,
    title: exported.title,
    type: exported.type,
    tree: expand(exported.elementTree),
    styles: {},
    interactions: [],
  };
}
