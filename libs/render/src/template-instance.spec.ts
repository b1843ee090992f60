import { describe, expect, it } from '@jest/globals';
import {
  defaultBreakpoints,
  publicKeySchema,
  type SnapshotSection,
  type TemplateSectionType,
  walkElements,
} from '#folio/content';
import { demoTemplate, starterTheme } from '#folio/seed';
import { parse } from 'node-html-parser';
import { renderPage } from './page.js';
import { type RenderContext } from './render.types.js';
import { instanceKey, instantiatePrototype } from './template-instance.js';
import { applyTemplateValues } from './template-values.js';

const ctx: RenderContext = { preset: 'desktop', theme: starterTheme, breakpoints: defaultBreakpoints };

function sectionType(type: string): TemplateSectionType {
  return demoTemplate.schema.sectionTypes.find((t) => t.type === type)!;
}

/** A page section made from the template's `type`, as the template API stores it. */
function instance(type: string, key: string, values: Record<string, unknown> = {}): SnapshotSection {
  const { title, fields, prototype } = sectionType(type);
  return applyTemplateValues({ key, title, type, ...instantiatePrototype(prototype, key) }, fields, values);
}

function elementKeys(section: { tree: SnapshotSection['tree'] }): string[] {
  return [...walkElements(section.tree)].map((element) => element.key);
}

describe(instanceKey.name, () => {
  it('is the same for the same owner and prototype key, a valid public key, and differs per owner', () => {
    const key = instanceKey('sectOwner001', 'protoTitle01');
    expect(instanceKey('sectOwner001', 'protoTitle01')).toBe(key);
    expect(key).toMatch(/^[A-Za-z][A-Za-z0-9]{11}$/);
    expect(publicKeySchema.safeParse(key).success).toBe(true);
    expect(instanceKey('sectOwner002', 'protoTitle01')).not.toBe(key);
    expect(instanceKey('sectOwner001', 'protoTitle02')).not.toBe(key);
  });

  it('gives valid, distinct keys across many owners', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => instanceKey(`owner${i}`, 'pinned/announcement'));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => publicKeySchema.safeParse(key).success)).toBe(true);
  });
});

describe(instantiatePrototype.name, () => {
  it('rekeys the tree, the styles of every breakpoint and the interactions, leaving the prototype as it was', () => {
    const { prototype } = sectionType('gallery');
    const before = structuredClone(prototype);
    const copy = instantiatePrototype(prototype, 'sectGallery1');
    expect(prototype).toEqual(before);

    const originals = elementKeys(prototype);
    expect(elementKeys(copy)).toEqual(originals.map((key) => instanceKey('sectGallery1', key)));
    const keys = new Set(elementKeys(copy));
    for (const [breakpoint, byElement] of Object.entries(copy.styles)) {
      expect(Object.keys(byElement)).toEqual(
        Object.keys(prototype.styles[breakpoint]).map((key) => instanceKey('sectGallery1', key)),
      );
      for (const key of Object.keys(byElement)) expect(keys.has(key)).toBe(true);
    }
    expect(copy.interactions.length).toBeGreaterThan(0);
    for (const interaction of copy.interactions) {
      expect(keys.has(interaction.trigger.elementKey)).toBe(true);
      for (const action of interaction.actions) expect(keys.has(action.targetKey)).toBe(true);
    }
    copy.tree.children![0].name = 'Changed';
    Object.values(copy.styles)[0][copy.tree.key] = { color: 'red' };
    copy.interactions[0].actions[0].timing.duration = 1;
    expect(prototype).toEqual(before);
  });

  it('lets one prototype appear twice on a page without duplicate ids, each with its own --accent', () => {
    const first = instance('hero', 'sectHeroOne1', { title: 'First', '--accent': '#E4572E' });
    const second = instance('hero', 'sectHeroTwo2', { title: 'Second', '--accent': '#2E86E4' });
    const gallery = [instance('gallery', 'sectGallA001'), instance('gallery', 'sectGallB002')];
    const rendered = renderPage([first, second, ...gallery], ctx);

    const ids = parse(rendered.html)
      .querySelectorAll('*')
      .map((element) => element.getAttribute('id'))
      .filter((id) => id !== undefined);
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);

    const binding = sectionType('hero').fields.find((field) => field.name === 'title')!.binding;
    const titleKey = (section: SnapshotSection) =>
      instanceKey(section.key, 'elementKey' in binding ? binding.elementKey : '');
    const root = parse(rendered.html);
    expect(root.querySelector(`#${titleKey(first)}`)!.textContent).toBe('First');
    expect(root.querySelector(`#${titleKey(second)}`)!.textContent).toBe('Second');

    const base = rendered.css.slice(0, rendered.css.indexOf('@media'));
    expect(base).toMatch(new RegExp(`#${first.tree.key}\\{[^}]*--accent:#E4572E`));
    expect(base).toMatch(new RegExp(`#${second.tree.key}\\{[^}]*--accent:#2E86E4`));
    expect(base).not.toMatch(new RegExp(`#${first.tree.key}\\{[^}]*--accent:#2E86E4`));

    // Each gallery's scroll reveal is wired to its own elements.
    for (const section of gallery) {
      expect(rendered.script).toContain(section.interactions[0].trigger.elementKey);
    }
  });
});
