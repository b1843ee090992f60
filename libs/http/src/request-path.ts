// One reading of a request path that covers every other: what a router, a proxy or a browser may take it for.

/**
 * `pathname` percent-decoded once, with `\` read as `/` (as browsers do), empty and `.` segments dropped,
 * `..` segments resolved, and its first segment in lower case: `/Sites//a/%2e%2e/b/` → `/sites/b/`. A
 * trailing slash stays. Null when the path does not decode (a broken escape or UTF-8 sequence).
 *
 * Express routes the raw path and nginx a decoded, merged and resolved one; a rule on this reading holds for
 * both, whatever the letter case of the route prefix, its escapes, duplicate slashes or dot segments.
 */
export function canonicalPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const segments: string[] = [];
  const parts = decoded.split(/[/\\]/);
  for (const part of parts) {
    if (part === '..') segments.pop();
    else if (part !== '' && part !== '.') segments.push(part);
  }
  if (segments.length > 0) segments[0] = segments[0].toLowerCase();
  const last = parts.at(-1);
  const trailingSlash = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${segments.join('/')}${trailingSlash ? '/' : ''}`;
}

/** `canonicalPath`'s result as a URL path again: each segment percent-encoded. */
export function encodedPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
