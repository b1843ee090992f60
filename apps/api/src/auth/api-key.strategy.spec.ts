import { describe, expect, it } from '@jest/globals';
import { presentedApiKey } from './api-key.strategy.js';

const key = `folio_sk_${'a'.repeat(40)}`;
const other = `folio_at_${'b'.repeat(40)}`;

describe(presentedApiKey.name, () => {
  it.each([
    ['x-service-key', { 'x-service-key': key }],
    ['Authorization: Bearer', { authorization: `Bearer ${key}` }],
    ['a lower-case scheme and extra spaces', { authorization: `bearer   ${key}  ` }],
    ['both headers carrying the same key', { 'x-service-key': key, authorization: `Bearer ${key}` }],
    [
      'x-service-key beside another Authorization scheme',
      { 'x-service-key': key, authorization: 'Basic Zm9vOmJhcg==' },
    ],
  ])('reads the key from %s', (_, headers) => {
    expect(presentedApiKey(headers)).toEqual({ key });
  });

  it('refuses two different keys instead of picking one', () => {
    expect(presentedApiKey({ 'x-service-key': key, authorization: `Bearer ${other}` })).toEqual({
      failure: 'conflicting',
    });
  });

  it.each([
    ['no header', {}],
    ['empty values', { 'x-service-key': ' ', authorization: 'Bearer ' }],
    ['a bare Bearer', { authorization: 'Bearer' }],
    ['another scheme only', { authorization: `Basic ${key}` }],
    ['a scheme that merely starts with Bearer', { authorization: `Bearerish ${key}` }],
  ])('finds no key in %s', (_, headers) => {
    expect(presentedApiKey(headers)).toEqual({ failure: 'missing' });
  });

  it('passes a malformed value on, for verification to refuse as invalid', () => {
    expect(presentedApiKey({ authorization: 'Bearer not a key' })).toEqual({ key: 'not a key' });
  });
});
