import { describe, expect, it } from '@jest/globals';
import { safeNext } from './safe-next.js';

describe(safeNext.name, () => {
  it.each([
    ['/account/keys', '/account/keys'],
    ['/interaction/abc?x=1#top', '/interaction/abc?x=1#top'],
    ['https://evil.example', '/account'],
    ['//evil.example', '/account'],
    ['/\\evil.example', '/account'],
    ['/\t/evil.example', '/account'],
    ['/.//evil.example', '/account'],
    ['/a/..//evil.example', '/account'],
    ['/%2e%2e//evil.example', '/account'],
    ['/a/../keys', '/keys'],
    ['javascript:alert(1)', '/account'],
    ['account', '/account'],
    ['', '/account'],
    [undefined, '/account'],
    [['/a', '/b'], '/account'],
  ])('%j → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});
