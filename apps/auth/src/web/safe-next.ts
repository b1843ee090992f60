const base = 'http://folio.invalid';

/**
 * Where to go after logging in or signing up: a same-origin path (`/…`, never `//…` or `/\…`), else
 * `fallback`. Keeps `next=https://evil.example` and friends from making us an open redirect.
 */
export function safeNext(value: unknown, fallback = '/account'): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || hasBackslashOrControl(value)) return fallback;
  try {
    const url = new URL(value, base);
    // Dot segments can fold the path into `//host` (`/.//evil.example`): judge the normalized path too.
    if (url.origin !== base || url.pathname.startsWith('//')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Browsers read `\` as `/` and drop tabs and newlines, which turns `/\evil` or `/\t/evil` into `//evil`. */
function hasBackslashOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x5c || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
