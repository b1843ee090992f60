import { describe, expect, it } from '@jest/globals';
import { isCrossOrigin, isSameOrigin } from './csrf.js';

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
