import { describe, expect, it } from '@jest/globals';
import {
  defaultBreakpoints,
  type ProjectSnapshot,
  type SnapshotPage,
  type SnapshotSection,
  type TemplatePinned,
} from '#folio/content';
import { demoTemplate, starterTheme } from '#folio/seed';
import { parse } from 'node-html-parser';
import { pageSections } from './page-sections.js';
import { renderPage } from './page.js';
import { instanceKey, instantiatePrototype } from './template-instance.js';

const announcement = demoTemplate.schema.pinned.find((p) => p.id === 'announcement')!;
const promo: TemplatePinned = { ...announcement, id: 'promo', title: 'Promo bar' };
const footer: TemplatePinned = { ...announcement, id: 'footer', title: 'Footer note', placement: 'bottom' };
const projectKey = 'prjPinned001';

function setup(pinnedIds: string[]) {
  const hero = demoTemplate.schema.sectionTypes.find((t) => t.type === 'hero')!;
  const own: SnapshotSection = {
    key: 'sectHero0001',
    title: 'Hero',
    type: 'hero',
    ...instantiatePrototype(hero.prototype, 'sectHero0001'),
  };
  const page: SnapshotPage = {
    key: 'pageHome0001',
    title: 'Home',
    description: '',
    path: '',
    isHome: true,
    pinnedIds,
    sections: [own],
  };
  const snapshot: ProjectSnapshot = {
    project: {
      key: projectKey,
      title: 'Pinned',
      description: '',
      tags: [],
      preset: 'desktop',
      theme: starterTheme,
      breakpoints: defaultBreakpoints,
      swatches: [],
    },
    pages: [page],
    pinnedValues: {
      announcement: { message: 'Doors open Monday', linkUrl: 'https://example.com/open' },
      footer: { message: 'Made in Lisbon' },
    },
    templatePinned: [footer, announcement, promo],
  };
  return { snapshot, page, own };
}

const pinnedKey = (id: string) => instanceKey(projectKey, `pinned/${id}`);

function text(html: string, selector: string): string | undefined {
  return parse(html).querySelector(selector)?.textContent;
}

describe(pageSections.name, () => {
  it('puts listed top items first and bottom items last, in template order', () => {
    const { snapshot, page, own } = setup(['promo', 'footer', 'announcement']);
    const sections = pageSections(snapshot, page);
    expect(sections.map((s) => s.key)).toEqual([
      pinnedKey('announcement'),
      pinnedKey('promo'),
      own.key,
      pinnedKey('footer'),
    ]);
    expect(sections[0]).toMatchObject({ type: 'pinned', title: 'Announcement bar' });
    expect(sections[3]).toMatchObject({ type: 'pinned', title: 'Footer note' });
  });

  it("renders each pinned item with the project's values for it, and its prototype text otherwise", () => {
    const { snapshot, page } = setup(['announcement', 'promo', 'footer']);
    const { html } = renderPage(pageSections(snapshot, page), {
      preset: 'desktop',
      theme: starterTheme,
      breakpoints: defaultBreakpoints,
    });
    const messageKey = (id: string) => {
      const binding = announcement.fields.find((f) => f.name === 'message')!.binding;
      return instanceKey(pinnedKey(id), 'elementKey' in binding ? binding.elementKey : '');
    };
    const linkKey = (id: string) => {
      const binding = announcement.fields.find((f) => f.name === 'linkUrl')!.binding;
      return instanceKey(pinnedKey(id), 'elementKey' in binding ? binding.elementKey : '');
    };
    expect(text(html, `#${messageKey('announcement')}`)).toBe('Doors open Monday');
    expect(
      parse(html)
        .querySelector(`#${linkKey('announcement')}`)!
        .getAttribute('href'),
    ).toBe('https://example.com/open');
    expect(text(html, `#${messageKey('footer')}`)).toBe('Made in Lisbon');
    expect(text(html, `#${messageKey('promo')}`)).toBe('We just launched something new.');
    expect(html.indexOf('Doors open Monday')).toBeLessThan(html.indexOf('Launch something people love'));
    expect(html.indexOf('Made in Lisbon')).toBeGreaterThan(html.indexOf('Launch something people love'));

    const ids = parse(html)
      .querySelectorAll('*')
      .map((element) => element.getAttribute('id'))
      .filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows only the items the page lists, and skips ids the template no longer defines', () => {
    const { snapshot, page, own } = setup(['footer', 'retired', 'announcement']);
    expect(pageSections(snapshot, page).map((s) => s.key)).toEqual([
      pinnedKey('announcement'),
      own.key,
      pinnedKey('footer'),
    ]);
    expect(pageSections(snapshot, { ...page, pinnedIds: [] })).toEqual([own]);
    expect(pageSections({ ...snapshot, templatePinned: undefined }, page)).toEqual([own]);
  });

  it('leaves the snapshot as it was', () => {
    const { snapshot, page } = setup(['announcement', 'footer']);
    const before = structuredClone(snapshot);
    pageSections(snapshot, page);
    expect(snapshot).toEqual(before);
  });
});
