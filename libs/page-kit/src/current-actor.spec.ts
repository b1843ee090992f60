import { describe, expect, it } from '@jest/globals';
import { readCookie } from './current-actor.js';

describe(readCookie.name, () => {
  it.each([
    [undefined, undefined],
    ['folio_session=abc', 'abc'],
    ['a=1; folio_session=abc%2Fd; b=2', 'abc/d'],
    ['xfolio_session=nope; folio_sessionx=nope', undefined],
    ['folio_session=%E0%A4%A', undefined],
  ])('%j → %j', (header, expected) => {
    expect(readCookie(header, 'folio_session')).toBe(expected);
  });
});
