// Element text (HTML) read as the words a person sees: for analysis, outlines and search snippets.

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const isControl = (code: number) => code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;

/**
 * Common named entities and every numeric one decoded; unknown names, out-of-range numbers and control
 * characters other than whitespace stay as written (callers may use those as markers).
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] !== '#') return namedEntities[name.toLowerCase()] ?? match;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isInteger(code) && code <= 0x10ffff && !isControl(code)
      ? String.fromCodePoint(code)
      : match;
  });
}

/** The visible text of an element's HTML: tags dropped (as word breaks), entities decoded, whitespace collapsed. */
export function plainText(html: string | undefined): string {
  if (!html) return '';
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
