import { describe, expect, it } from '@jest/globals';
import { canonicalPath, encodedPath } from './request-path.js';

describe(canonicalPath.name, () => {
  it.each([
    ['/sites/harbour/', '/sites/harbour/'],
    ['/embed/pN4w8dC0ffee/hM3nuPageK3y.js', '/embed/pN4w8dC0ffee/hM3nuPageK3y.js'],
    ['/', '/'],
    ['/sites', '/sites'],
    // The letter case of the first segment, not of the rest.
    ['/Sites/Harbour/', '/sites/Harbour/'],
    ['/EMBED/p/q.js', '/embed/p/q.js'],
    // Escapes, decoded once.
    ['/%73ites/harbour/', '/sites/harbour/'],
    ['/%53ITES/harbour', '/sites/harbour'],
    ['/sites%2Fharbour%2F', '/sites/harbour/'],
    ['/%2573ites/', '/%73ites/'],
    // Doubled slashes, and backslashes as browsers read them.
    ['//sites//harbour//', '/sites/harbour/'],
    ['/sites\\harbour', '/sites/harbour'],
    ['/sites%5Charbour', '/sites/harbour'],
    // Dot segments, never above the root.
    ['/./sites/harbour/.', '/sites/harbour/'],
    ['/x/../sites/harbour', '/sites/harbour'],
    ['/sites/../login', '/login'],
    ['/sites/%2e%2e/login', '/login'],
    ['/sites/%2E%2E%2Flogin', '/login'],
    ['/sites/harbour/..', '/sites/'],
    ['/../../account', '/account'],
    ['/..', '/'],
  ])('reads %s as %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it('reads no path from a broken escape or UTF-8 sequence', () => {
    expect(canonicalPath('/sites/%zz/')).toBeNull();
    expect(canonicalPath('/sites/%E0%A4%A/')).toBeNull();
    expect(canonicalPath('/%C0%AFsites/')).toBeNull();
  });

  it('leaves a letter that only Unicode case folding relates to an ASCII one as it is', () => {
    // U+0130 (İ) lowers to "i̇", U+017F (ſ) stays: neither spells a route prefix.
    expect(canonicalPath('/S%C4%B0TES/x')).toBe('/si̇tes/x');
    expect(canonicalPath('/%C5%BFites/x')).toBe('/ſites/x');
  });
});

describe(encodedPath.name, () => {
  it('escapes what would change the meaning of the path in a URL', () => {
    expect(encodedPath('/sites/harbour/')).toBe('/sites/harbour/');
    expect(encodedPath('/sites/a?b#c d/')).toBe('/sites/a%3Fb%23c%20d/');
  });
});
