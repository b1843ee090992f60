import { describe, expect, it } from '@jest/globals';
import { matchesEtag, RenderCache } from './render-cache.js';

describe(RenderCache.name, () => {
  it('keeps at most its capacity, dropping the least recently used entry', () => {
    const cache = new RenderCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
    cache.deleteWhere((key) => key === 'a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
  });
});

describe(matchesEtag.name, () => {
  it.each([
    [undefined, false],
    ['"v1-abc"', true],
    ['"v1-other", "v1-abc"', true],
    ['W/"v1-abc"', true],
    ['*', true],
    ['"v2-abc"', false],
  ])('If-None-Match %j → %s', (header, expected) => {
    expect(matchesEtag(header, '"v1-abc"')).toBe(expected);
    expect(matchesEtag(header, 'W/"v1-abc"')).toBe(expected);
  });
});
