import { describe, expect, it } from '@jest/globals';
import { type ProjectSnapshot, type SnapshotPage } from '#folio/content';
import { locateSection } from './section-document.js';

function page(key: string, isHome: boolean, sectionKeys: string[]): SnapshotPage {
  return {
    key,
    title: key,
    description: '',
    path: key,
    isHome,
    pinnedIds: [],
    sections: sectionKeys.map((sectionKey) => ({ key: sectionKey, title: sectionKey }) as never),
  } as SnapshotPage;
}

const snapshot = (pages: SnapshotPage[]) => ({ pages }) as unknown as ProjectSnapshot;

describe(locateSection.name, () => {
  it('finds a section on any page and marks the home page’s first section as the thumbnail', () => {
    const pages = snapshot([page('about', false, ['a1', 'a2']), page('home', true, ['h1', 'h2'])]);
    expect(locateSection(pages, 'h1')).toMatchObject({ page: { key: 'home' }, isThumbnail: true });
    expect(locateSection(pages, 'h2')?.isThumbnail).toBe(false);
    expect(locateSection(pages, 'a1')).toMatchObject({ page: { key: 'about' }, isThumbnail: false });
  });

  it('takes the first page when none is home, and answers null for a section the version lacks', () => {
    const pages = snapshot([page('one', false, ['o1']), page('two', false, ['t1'])]);
    expect(locateSection(pages, 'o1')?.isThumbnail).toBe(true);
    expect(locateSection(pages, 't1')?.isThumbnail).toBe(false);
    expect(locateSection(pages, 'gone')).toBeNull();
  });
});
