import { describe, expect, it } from '@jest/globals';
import { isCrossOrigin, isSameOrigin, maskCsrfToken, unmaskCsrfToken } from './csrf.js';

const origin = 'https://folio.example';

describe(isSameOrigin.name, () => {
  it.each([
    [{ origin }, true],
    [{ origin, 'sec-fetch-site': 'cross-site' }, true],
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{ origin: 'https://evil.example' }, false],
    [{ origin: 'https://folio.example.evil.example' }, false],
    [{ origin: 'http://folio.example' }, false],
    [{ origin: 'null' }, false],
    [{ origin: 'null', 'sec-fetch-site': 'same-origin' }, true],
    [{ origin: 'null', 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{}, false],
  ])('%j → %s', (headers, expected) => {
    expect(isSameOrigin(headers, origin)).toBe(expected);
  });
});

describe(isCrossOrigin.name, () => {
  it.each([
    [{ origin }, false],
    [{ origin, 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'same-origin' }, false],
    [{ origin: 'https://evil.example' }, true],
    [{ origin: 'http://folio.example' }, true],
    [{ origin: 'null', 'sec-fetch-site': 'cross-site' }, true],
    [{ 'sec-fetch-site': 'same-site' }, true],
    [{ 'sec-fetch-site': 'none' }, false],
    [{ origin: 'null' }, false],
    [{}, false],
  ])('%j → %s', (headers, expected) => {
    expect(isCrossOrigin(headers, origin)).toBe(expected);
  });
});

describe(maskCsrfToken.name, () => {
  const token = `${'a1'.repeat(32)}.${'b2'.repeat(32)}`;

  it('gives the same token different bytes every time, each unmasking to it', () => {
    const masks = Array.from({ length: 20 }, () => maskCsrfToken(token));
    expect(new Set(masks).size).toBe(20);
    for (const mask of masks) {
      expect(mask).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(mask).not.toContain(token.slice(0, 8));
      expect(unmaskCsrfToken(mask)).toBe(token);
    }
  });

  it('unmasks nothing, or something else, from text that is no mask of the token', () => {
    const mask = maskCsrfToken(token);
    for (const text of ['', 'a', token, `${mask.slice(0, -4)}AAAA`, mask.slice(2)])
      expect(unmaskCsrfToken(text)).not.toBe(token);
  });
});
