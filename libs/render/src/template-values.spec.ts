import { describe, expect, it } from '@jest/globals';
import { defaultBreakpoints, walkElements, type SnapshotSection, type TemplateField } from '#folio/content';
import { parse } from 'node-html-parser';
import { renderSectionHtml } from './element-html.js';
import { renderPage } from './page.js';
import { type RenderContext } from './render.types.js';
import { instanceKey, instantiatePrototype } from './template-instance.js';
import { applyTemplateValues } from './template-values.js';
import { demoTemplate, starterTheme } from '#folio/seed';

const ctx: RenderContext = { preset: 'desktop', theme: starterTheme, breakpoints: defaultBreakpoints };

function sectionOf(type: string): { section: SnapshotSection; fields: TemplateField[] } {
  const sectionType = demoTemplate.schema.sectionTypes.find((t) => t.type === type)!;
  const { tree, styles, interactions } = sectionType.prototype;
  return {
    section: { key: `sect${type}01`, title: sectionType.title, type, tree, styles, interactions },
    fields: sectionType.fields,
  };
}

function keyOf(fields: TemplateField[], name: string): string {
  const binding = fields.find((f) => f.name === name)!.binding;
  if (!('elementKey' in binding)) throw new Error(`${name} is a style field`);
  return binding.elementKey;
}

describe(applyTemplateValues.name, () => {
  it('puts text fields into their elements as text, never as markup', () => {
    const { section, fields } = sectionOf('hero');
    const applied = applyTemplateValues(section, fields, {
      title: 'Fresh <script>alert(1)</script> & roasted',
      subtitle: 42,
    });
    const root = parse(renderSectionHtml(applied, ctx));
    expect(root.querySelector(`#${keyOf(fields, 'title')}`)!.textContent).toBe(
      'Fresh <script>alert(1)</script> & roasted',
    );
    expect(root.querySelectorAll('script')).toHaveLength(0);
    expect(root.querySelector(`#${keyOf(fields, 'subtitle')}`)!.textContent).toBe('42');
  });

  it('keeps html fields as sanitized markup', () => {
    const { section, fields } = sectionOf('body');
    const applied = applyTemplateValues(section, fields, {
      content: '<p>Our <strong>story</strong></p><ul><li>One</li></ul><img src=x onerror=alert(1)>',
    });
    const content = parse(renderSectionHtml(applied, ctx)).querySelector(`#${keyOf(fields, 'content')}`)!;
    expect(content.querySelector('strong')!.textContent).toBe('story');
    expect(content.querySelectorAll('li')).toHaveLength(1);
    expect(content.toString()).not.toMatch(/onerror|<img/);
  });

  it('sets image, link and label fields, and an image replaces the element’s asset', () => {
    const { section, fields } = sectionOf('hero');
    const withAsset = structuredClone(section);
    [...walkElements(withAsset.tree)].find((e) => e.key === keyOf(fields, 'image'))!.asset = 'assetOld01';
    const applied = applyTemplateValues(withAsset, fields, {
      image: 'https://images.example/hero.jpg',
      ctaLabel: 'Join the beta',
      ctaUrl: 'https://example.com/beta',
    });
    const image = [...walkElements(applied.tree)].find((e) => e.key === keyOf(fields, 'image'))!;
    expect(image.src).toBe('https://images.example/hero.jpg');
    expect(image.asset).toBeUndefined();
    const cta = parse(renderSectionHtml(applied, ctx)).querySelector(`#${keyOf(fields, 'ctaLabel')}`)!;
    expect(cta.textContent).toBe('Join the beta');
    expect(cta.getAttribute('href')).toBe('https://example.com/beta');
  });

  it('sets style fields as custom properties on the section root at every width, for either preset', () => {
    const { section, fields } = sectionOf('hero');
    const applied = applyTemplateValues(section, fields, { '--accent': '#E4572E' });
    for (const preset of ['desktop', 'mobile'] as const) {
      const css = renderPage([applied], { ...ctx, preset }).css;
      const base = css.slice(0, css.indexOf('@media'));
      expect(base).toContain(`#${section.tree.key}{`);
      expect(base).toMatch(new RegExp(`#${section.tree.key}\\{[^}]*--accent:#E4572E`));
    }
    const hostile = applyTemplateValues(section, fields, {
      '--accent': 'red}</style><script>alert(1)</script>',
    });
    expect(renderPage([hostile], ctx).css).not.toContain('script');
  });

  it('removes an element whose visible field is false', () => {
    const { section, fields } = sectionOf('hero');
    const subtitleKey = keyOf(fields, 'subtitle');
    const visibility: TemplateField = {
      name: 'showSubtitle',
      kind: 'boolean',
      required: false,
      description: '',
      binding: { elementKey: subtitleKey, target: 'visible' },
    };
    const hidden = applyTemplateValues(section, [visibility], { showSubtitle: 'false' });
    expect(parse(renderSectionHtml(hidden, ctx)).querySelector(`#${subtitleKey}`)).toBeNull();
    const shown = applyTemplateValues(section, [visibility], { showSubtitle: true });
    expect(parse(renderSectionHtml(shown, ctx)).querySelector(`#${subtitleKey}`)).not.toBeNull();
  });

  it('fills a section made from the prototype through the same field bindings, by instance keys', () => {
    const { section: prototypeSection, fields } = sectionOf('hero');
    const key = 'sectHeroInst1';
    const section = { ...prototypeSection, key, ...instantiatePrototype(prototypeSection, key) };
    const applied = applyTemplateValues(section, fields, {
      title: 'Made from the template',
      ctaUrl: 'https://example.com/start',
      '--accent': '#0B7A75',
    });
    const root = parse(renderSectionHtml(applied, ctx));
    expect(root.querySelector(`#${keyOf(fields, 'title')}`)).toBeNull();
    expect(root.querySelector(`#${instanceKey(key, keyOf(fields, 'title'))}`)!.textContent).toBe(
      'Made from the template',
    );
    expect(root.querySelector(`#${instanceKey(key, keyOf(fields, 'ctaUrl'))}`)!.getAttribute('href')).toBe(
      'https://example.com/start',
    );
    expect(renderPage([applied], ctx).css).toMatch(
      new RegExp(`#${applied.tree.key}\\{[^}]*--accent:#0B7A75`),
    );
  });

  it('ignores unknown names and unusable values, and never changes its input', () => {
    const { section, fields } = sectionOf('hero');
    const before = structuredClone(section);
    const applied = applyTemplateValues(section, fields, {
      unknown: 'x',
      title: { nested: true },
      subtitle: null,
      ['__proto__']: 'x',
      ctaLabel: 'Changed',
    });
    expect(section).toEqual(before);
    const titleText = [...walkElements(applied.tree)].find((e) => e.key === keyOf(fields, 'title'))!.text;
    expect(titleText).toBe('Launch something people love');
    expect([...walkElements(applied.tree)].find((e) => e.key === keyOf(fields, 'ctaLabel'))!.text).toBe(
      'Changed',
    );
  });
});
