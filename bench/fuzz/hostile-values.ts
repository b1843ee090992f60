// Building blocks of hostile input: strings, numbers, keys, URLs and JSON shapes that break naive code.
// They never contain the markers the response checks look for (stack frames, paths, SQL keywords), so a
// marker in an answer was produced by the server, not echoed from the request.
import fc, { type Arbitrary } from 'fast-check';

/** Strings that have broken parsers, databases and templates before. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\r\n\r\nHTTP/1.1 200 OK',
  "' OR '1'='1",
  '"; DROP TABLE "Project"; --',
  '%s%s%n%x',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%ZZ',
  '%',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '\\',
  '\\u0000',
  '*',
  ':',
  '#',
  '?',
  '\t\v\f',
] as const;

/** Object keys that trip prototype pollution and naive `obj[key]` lookups. */
export const hostileKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  '$where',
  'a.b',
  'a[0]',
  '\u0000',
  '_type',
  'id',
] as const;

export const nastyString: Arbitrary<string> = fc.constantFrom(...nastyStrings);

/** A long run of one character or of a short pattern: mostly a few KiB, sometimes a few hundred. */
export const longString: Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('a', 'é', '😀', '\u0000', '<b>', "'", 'ab1'),
    fc.oneof({ arbitrary: fc.integer({ min: 1_000, max: 10_000 }), weight: 9 }, fc.constant(100_000)),
  )
  .map(([unit, times]) => unit.repeat(times));

/**
 * Any string: printable, full Unicode, control characters, nasty classics, and mixes; long ones rarely,
 * since a body has many strings and one long one is enough to test a length limit.
 */
export const hostileString: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 16 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 12 },
  {
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
      maxLength: 8,
    }),
    weight: 4,
  },
  { arbitrary: nastyString, weight: 16 },
  {
    arbitrary: fc.tuple(nastyString, fc.string({ maxLength: 10 }), nastyString).map((p) => p.join('')),
    weight: 8,
  },
  { arbitrary: longString, weight: 1 },
);

/** Numbers a schema may not expect: negative, fractional, huge, unsafe integers, -0. */
export const hostileNumber: Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** URLs of every scheme and of addresses a server must never fetch. */
export const hostileUrl: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    'ftp://example.invalid/a.png',
    'gopher://127.0.0.1:6379/_FLUSHALL',
    'http://127.0.0.1/',
    'http://localhost:5432/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'https://[::ffff:127.0.0.1]/a.png',
    'https://0x7f000001/a.png',
    'https://user:secret@images.invalid/a.png',
    'https://images.invalid/a.png',
    'https://images.invalid/' + 'a'.repeat(3_000),
    '//evil.invalid/a',
    '/relative/path',
    'https://',
    'https://exa mple.invalid/',
    'https://xn--80ak6aa92e.invalid/',
    'HTTPS://IMAGES.INVALID/A.PNG',
    'cursor://callback',
    'about:blank',
  ),
  fc
    .webUrl({ validSchemes: ['https'] })
    .map((url) => url.replace(/^https:\/\/[^/]+/, 'https://fuzz.invalid')),
  hostileString,
);

/** A JSON value nested `depth` levels deep (arrays or objects), as text: JSON.stringify would recurse. */
export const deeplyNestedJson: Arbitrary<string> = fc
  .tuple(fc.constantFrom(10, 100, 1_000, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** A plain object with exactly these own keys, including `__proto__` as an own property. */
export function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** Any JSON value, a few levels deep, with hostile strings and keys. */
export const hostileJson: Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ maxLength: 8 })), tie('value')), {
        maxLength: 4,
      })
      .map(objectOf),
  ),
})).value;

/** A value of the wrong type, or a hostile one of the right type: for any field of a schema. */
export const anyValue: Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: hostileNumber, weight: 1 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 1 },
  { arbitrary: hostileJson, weight: 1 },
);

/**
 * A value for a field: usually one of `valid` (so requests get past validation and reach the code
 * behind it), otherwise anything at all.
 */
export function fieldValue<T>(valid: Arbitrary<T>): Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: anyValue, weight: 1 });
}

/**
 * An object with these optional fields, sometimes with extra hostile keys (prototype pollution,
 * unknown fields) mixed in.
 */
export function hostileRecord(
  fields: Record<string, Arbitrary<unknown>>,
): Arbitrary<Record<string, unknown>> {
  const extra = fc.array(fc.tuple(fc.constantFrom(...hostileKeys), anyValue), { maxLength: 2 });
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, extra),
    )
    .map(([record, extras]) => objectOf([...Object.entries(record), ...(extras as [string, unknown][])]));
}

/**
 * How an object of a schema is drawn. `typed`: every field has a value of its type (hostile content
 * inside: Unicode, markup, injections), required fields are present, no unknown keys, so it gets past
 * validation into the code behind. `hostile`: any field may hold any value, unknown and
 * prototype-pollution keys join in. Targets draw both, to reach deep and stay broad.
 */
export type Mix = 'typed' | 'hostile';

export const mixes: readonly Mix[] = ['typed', 'hostile'];

/** An object of these fields (each given by the arbitrary of its valid values), drawn as `mix` says. */
export function recordOf(
  mix: Mix,
  fields: Record<string, Arbitrary<unknown>>,
  required: string[] = [],
): Arbitrary<Record<string, unknown>> {
  if (mix === 'typed') return fc.record(fields, { requiredKeys: required });
  return hostileRecord(
    Object.fromEntries(Object.entries(fields).map(([name, valid]) => [name, fieldValue(valid)])),
  );
}

/** Both mixes of an object built by `build`, half and half. */
export function eitherMix<T>(build: (mix: Mix) => Arbitrary<T>): Arbitrary<T> {
  return fc.oneof(...mixes.map(build));
}

/** A public key as the server makes them (a letter then 5–31 letters or digits), or a near miss. */
export const keyLike: Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{5,31}$/),
  fc.constantFrom('a', 'aaaaa', '1abcdef', 'a'.repeat(33), 'abc-def', 'abc def', 'ÅBCDEFG'),
);
