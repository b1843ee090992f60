/**
 * Guards for author-controlled CSS: values and property names from element styles, themes and template
 * variables are written into a `<style>` element, so none may close a block, start a comment or end the
 * style element. Unsafe declarations are dropped, never repaired.
 */

const propertyPattern = /^(--|-)?[A-Za-z][A-Za-z0-9-]*$/;
const plainValue = /^[^<{};"'()/\\\n\r]*$/;

export function isSafeCssProperty(property: string): boolean {
  return propertyPattern.test(property);
}

/** True when `value` stays one declaration value: balanced quotes and parentheses, no `{ } ;` outside strings, no comments, no `<`. */
export function isSafeCssValue(value: string): boolean {
  if (plainValue.test(value)) return value.trim() !== '';
  if (value.includes('<') || value.trim() === '') return false;
  let quote = '';
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\n' || c === '\r') return false;
      continue;
    }
    switch (c) {
      case '"':
      case "'":
        quote = c;
        break;
      case '(':
        depth++;
        break;
      case ')':
        if (--depth < 0) return false;
        break;
      case '{':
      case '}':
      case ';':
        return false;
      case '/':
        if (value[i + 1] === '*') return false;
        break;
    }
  }
  return quote === '' && depth === 0;
}

/** `property:value` pairs joined with `;`, unsafe ones left out. */
export function declarationBlock(declarations: Record<string, unknown>): string {
  let block = '';
  for (const property in declarations) {
    const value = declarations[property];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value);
    if (!isSafeCssProperty(property) || !isSafeCssValue(text)) continue;
    block += block ? `;${property}:${text}` : `${property}:${text}`;
  }
  return block;
}

/** An identifier usable after `#` or `.` in a selector (CSS.escape for the characters keys may hold). */
export function cssIdent(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name)) return name;
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    const code = name.charCodeAt(i);
    if (/[A-Za-z0-9_-]/.test(c) && !(i === 0 && /[0-9-]/.test(c))) out += c;
    else if (code >= 0x80) out += c;
    else out += `\\${code.toString(16)} `;
  }
  return out;
}
