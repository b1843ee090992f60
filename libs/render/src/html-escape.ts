/** Escaping for text and attribute values written into HTML. */

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(value: string): string {
  return /[&<>"']/.test(value) ? value.replace(/[&<>"']/g, (c) => htmlEscapes[c]) : value;
}

/** JSON safe inside an inline `<script>`: no `</script>`, no `<!--`, no line separators that older parsers reject. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
