import { describe, expect, it } from '@jest/globals';
import { InvalidInputError } from '#folio/errors';
import {
  claimPagePaths,
  maxTitleLength,
  numberedPageTitle,
  type PathClaim,
  slugify,
  uniquePageName,
} from './page-naming.js';

describe(slugify.name, () => {
  it('makes lower-case ASCII words joined by hyphens', () => {
    expect(slugify('Northwind Coffee Roasters!')).toBe('northwind-coffee-roasters');
    expect(slugify('  Crème brûlée — Menu ')).toBe('creme-brulee-menu');
    expect(slugify('東京')).toBe('');
  });
});

describe(uniquePageName.name, () => {
  const page = (title: string, path: string) => ({ title, path });

  it('keeps a free title and makes its path', () => {
    expect(uniquePageName('About us', [page('Home', '')])).toEqual({ title: 'About us', path: 'about-us' });
  });

  it('numbers a title another page has, whatever its case', () => {
    const existing = [page('Home', ''), page('untitled', 'untitled'), page('Untitled 2', 'untitled-2')];
    expect(uniquePageName('Untitled', existing)).toEqual({ title: 'Untitled 3', path: 'untitled-3' });
  });

  it('numbers a path another page has even when the title is free', () => {
    expect(uniquePageName('Pricing!', [page('Pricing plans', 'pricing')])).toEqual({
      title: 'Pricing!',
      path: 'pricing-2',
    });
  });

  it('uses "page" for titles without letters or digits', () => {
    expect(uniquePageName('★★★', [page('☆', 'page')])).toEqual({ title: '★★★', path: 'page-2' });
  });

  it('keeps numbered titles within the length limit', () => {
    const long = 'x'.repeat(maxTitleLength);
    const named = uniquePageName(long, [page(long, 'x')]);
    expect(named.title).toHaveLength(maxTitleLength);
    expect(named.title.endsWith(' 2')).toBe(true);
  });
});

describe(numberedPageTitle.name, () => {
  it('names a page by its place, counted from 1', () => {
    expect(numberedPageTitle(0)).toBe('Page 1');
    expect(numberedPageTitle(2)).toBe('Page 3');
  });
});

describe(claimPagePaths.name, () => {
  const claim = (index: number, key: string, fields: Partial<PathClaim> = {}): PathClaim => ({
    index,
    key,
    home: false,
    ...fields,
  });
  const existing = [
    { key: 'pgA', path: '' },
    { key: 'pgB', path: 'x' },
  ];

  it('lets existing pages swap paths, naming both as moving, and keeps a page without a path where it is', () => {
    expect(
      claimPagePaths(existing, [
        claim(0, 'pgB', { currentPath: 'x', path: '' }),
        claim(1, 'pgA', { currentPath: '', path: 'x' }),
        claim(2, 'pgC', { currentPath: 'kept' }),
      ]),
    ).toEqual({ paths: ['', 'x', 'kept'], moving: ['pgB', 'pgA'] });
  });

  it('refuses a path another page keeps, whatever its case, naming every such claim', () => {
    const refused = (() => {
      try {
        claimPagePaths(existing, [claim(0, 'pgNew', { path: 'X' }), claim(3, 'pgOther', { path: '' })]);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as InvalidInputError).problems).toEqual([
      { path: 'pages[0].path', message: '"X" is already the path of page pgB.' },
      { path: 'pages[3].path', message: 'the site root is already the path of page pgA.' },
    ]);
  });

  it('makes a new page its path from its title, apart from existing and claimed ones; home takes a free root', () => {
    expect(
      claimPagePaths(
        [{ key: 'pgAbout', path: 'about' }],
        [
          claim(0, 'pgHome', { title: 'Welcome', home: true }),
          claim(1, 'pgMore', { title: 'About' }),
          claim(2, 'pgAb', { path: 'about-2' }),
          claim(3, 'pgNone'),
        ],
      ).paths,
    ).toEqual(['', 'about-3', 'about-2', 'page']);
    expect(claimPagePaths(existing, [claim(0, 'pgHome', { title: 'Welcome', home: true })]).paths).toEqual([
      'welcome',
    ]);
  });
});
