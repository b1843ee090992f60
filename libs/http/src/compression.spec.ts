import { describe, expect, it } from '@jest/globals';
import { preferredEncoding } from './compression.js';

describe(preferredEncoding.name, () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip;q=1.0, br;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR; Q=0.7 , GZIP;q=0.3', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0.5, identity', null],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['', null],
    ['gzip;q=nonsense', null],
  ])('%j → %s', (acceptEncoding, expected) => {
    expect(preferredEncoding(acceptEncoding)).toBe(expected);
  });
});
