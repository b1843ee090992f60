import { describe, expect, it } from '@jest/globals';
import { defaultBreakpoints, defaultTheme, type ProjectSnapshot, type SnapshotSection } from '#folio/content';
import { publishDifference } from './publish-difference.js';

const section = (key: string, text: string): SnapshotSection => ({
  key,
  title: `Section ${key}`,
  type: 'content',
  tree: {
    key: `${key}-root`,
    type: 'frame',
    tag: 'section',
    children: [{ key: `${key}-h`, type: 'text', tag: 'h2', text }],
  },
  styles: {},
  interactions: [],
});

const snapshot = (
  pages: { key: string; title?: string; sections: SnapshotSection[] }[],
): ProjectSnapshot => ({
  project: {
    key: 'pProject0001',
    title: 'Café',
    description: '',
    tags: [],
    preset: 'desktop',
    theme: defaultTheme,
    breakpoints: defaultBreakpoints,
    swatches: [],
  },
  pages: pages.map((page, index) => ({
    key: page.key,
    title: page.title ?? `Page ${page.key}`,
    description: '',
    path: index === 0 ? '' : page.key,
    isHome: index === 0,
    pinnedIds: [],
    sections: page.sections,
  })),
  pinnedValues: {},
});

describe(publishDifference.name, () => {
  it('names sections changed, added and removed, and pages added, removed and retitled', () => {
    const published = snapshot([
      { key: 'home', sections: [section('a', 'Hello'), section('b', 'Menu'), section('c', 'Story')] },
      { key: 'gone', sections: [section('d', 'Old')] },
      { key: 'visit', sections: [section('e', 'Hours')] },
    ]);
    const draft = snapshot([
      { key: 'home', sections: [section('a', 'Hello again'), section('b', 'Menu'), section('f', 'New')] },
      { key: 'visit', title: 'Visit us', sections: [section('e', 'Hours')] },
      { key: 'new', sections: [section('g', 'Fresh')] },
    ]);
    const difference = publishDifference(published, draft);
    expect(difference.sections.map(({ kind, sectionKey }) => [kind, sectionKey])).toEqual([
      ['changed', 'a'],
      ['added', 'f'],
      ['removed', 'c'],
      ['added', 'g'],
    ]);
    expect(difference.pagesAdded).toEqual(['Page new']);
    expect(difference.pagesRemoved).toEqual(['Page gone']);
    expect(difference.pagesRetitled).toEqual(['Visit us']);
    expect(difference.themeChanged).toBe(false);
  });

  it('shows everything as new before the first publish, and nothing when the draft is what is published', () => {
    const draft = snapshot([{ key: 'home', sections: [section('a', 'Hello')] }]);
    expect(publishDifference(null, draft)).toMatchObject({
      sections: [{ kind: 'added', sectionKey: 'a' }],
      pagesAdded: [],
      pagesRemoved: [],
    });
    expect(publishDifference(draft, structuredClone(draft)).sections).toEqual([]);
  });

  it('notices a theme change', () => {
    const published = snapshot([{ key: 'home', sections: [section('a', 'Hello')] }]);
    const draft = structuredClone(published);
    draft.project.theme = {
      ...draft.project.theme,
      colors: { ...draft.project.theme.colors, primary: '#123456' },
    };
    expect(publishDifference(published, draft).themeChanged).toBe(true);
  });
});
