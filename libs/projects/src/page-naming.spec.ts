import { describe, expect, it } from '@jest/globals';
import { maxTitleLength, slugify, uniquePageName } from './page-naming.js';

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
