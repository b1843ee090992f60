// Parts every target's requests share: header values, credentials and body encodings, valid or broken.
import fc, { type Arbitrary } from 'fast-check';
import { type FuzzContext } from './fuzz-context.js';
import { deeplyNestedJson, hostileString } from './hostile-values.js';

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));

/** A header value as HTTP allows it on the wire (visible ASCII and spaces), odd or long. */
export const headerText: Arbitrary<string> = fc.oneof(
  fc.string({ unit: printable, maxLength: 60 }),
  fc.constantFrom('', ' ', '*/*', 'null', 'undefined', '%00', '\\u0000', 'x'.repeat(8_000)),
);

/** How a request authenticates with an API key: usually the real one, sometimes a broken credential. */
export function apiKeyHeaders(context: FuzzContext): Arbitrary<Record<string, string>> {
  return fc.oneof(
    { arbitrary: fc.constant({ 'x-service-key': context.apiKey }), weight: 12 },
    { arbitrary: fc.constant({ authorization: `Bearer ${context.apiKey}` }), weight: 2 },
    { arbitrary: fc.constant({}), weight: 1 },
    {
      arbitrary: fc.oneof(
        headerText.map((text) => ({ 'x-service-key': text })),
        headerText.map((text) => ({ authorization: text })),
        headerText.map((text) => ({ authorization: `Bearer ${text}` })),
        headerText.map((text) => ({ 'x-service-key': `folio_sk_${text}` })),
        fc.constant({ 'x-service-key': `${context.apiKey}x` }),
        fc.constant({ authorization: `Basic ${Buffer.from(`${context.apiKey}:`).toString('base64')}` }),
        fc.constant({ 'x-service-key': context.apiKey, authorization: 'Bearer folio_at_wrong' }),
      ),
      weight: 2,
    },
  );
}

/** Content types: the right one mostly, otherwise charsets, near misses and nonsense. */
export function contentType(right: string): Arbitrary<Record<string, string>> {
  return fc.oneof(
    { arbitrary: fc.constant({ 'content-type': right }), weight: 10 },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            `${right}; charset=utf-8`,
            `${right}; charset=latin1`,
            `${right}; charset=utf-16`,
            `${right}; charset=nope`,
            `${right.toUpperCase()}`,
            `${right};;;`,
            'application/json',
            'application/x-www-form-urlencoded',
            'application/jsonx',
            'application/merge-patch+json',
            'text/plain',
            'text/html',
            'multipart/form-data; boundary=fuzz',
            'application/octet-stream',
            '',
            '/',
          ),
          headerText,
        )
        .map((value) => ({ 'content-type': value })),
      weight: 2,
    },
    { arbitrary: fc.constant({}), weight: 1 },
  );
}

/** A body as JSON text: usually the value itself, otherwise broken, padded, huge or not JSON at all. */
export function jsonBody(value: Arbitrary<unknown>): Arbitrary<string | Uint8Array<ArrayBuffer>> {
  return fc.oneof(
    { arbitrary: value.map((v) => JSON.stringify(v) ?? 'undefined'), weight: 20 },
    { arbitrary: value.map((v) => `\ufeff${JSON.stringify(v)}`), weight: 1 },
    {
      arbitrary: fc.tuple(value, fc.nat()).map(([v, cut]) => {
        const text = JSON.stringify(v) ?? '';
        return text.slice(0, cut % (text.length + 1));
      }),
      weight: 1,
    },
    { arbitrary: value.map((v) => `${JSON.stringify(v)}${JSON.stringify(v)}`), weight: 1 },
    { arbitrary: hostileString, weight: 1 },
    { arbitrary: deeplyNestedJson, weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '{"a":1,"a":2}',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '[]',
        'null',
        '0',
        '"string"',
        '1e999999',
        '{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
        `{"pad":"${'x'.repeat(1_100_000)}"}`,
      ),
      weight: 1,
    },
    {
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => new Uint8Array(bytes)),
      weight: 1,
    },
  );
}

/** A query string of these parameters (an array repeats one; non-strings go as JSON), sometimes with oddities. */
export function queryString(params: Arbitrary<Record<string, unknown>>): Arbitrary<string> {
  return fc
    .tuple(
      params,
      fc.oneof(
        { arbitrary: fc.constant(''), weight: 6 },
        fc.constantFrom('&&&', '&=', '&a', '&%ZZ=1', '&x=%', '&a[b]=c', '&a[]=1&a[]=2', '&;', '&%00=%00'),
      ),
    )
    .map(([values, tail]) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(values)) {
        for (const one of Array.isArray(value) ? value : [value])
          search.append(name, typeof one === 'string' ? one : (JSON.stringify(one) ?? String(one)));
      }
      const text = `${search}${tail}`;
      return text ? `?${text}` : '';
    });
}

/** A path segment: usually a real key, otherwise odd, percent-encoded or raw. */
export function pathSegment(valid: Arbitrary<string>): Arbitrary<string> {
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: hostileString.map((text) => percentEncoded(text.slice(0, 2_000))), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '%',
        '%ZZ',
        '%00',
        '%2e%2e',
        '..',
        '.',
        '%2F',
        'a%2Fb',
        ';',
        '~',
        '%E2%80%AE',
        '%C0%AE',
      ),
      weight: 1,
    },
  );
}

/** Every byte of the text's UTF-8 percent-encoded (lone surrogates, which encodeURIComponent refuses, as U+FFFD). */
export function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}
