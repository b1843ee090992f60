// Text PostgreSQL refuses: text and jsonb cannot hold a NUL character, and jsonb cannot hold a UTF-16
// surrogate without its other half (JSON allows both). Edges refuse such input instead of failing on it.

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnstorableText(text: string): boolean {
  return text.includes('\0') || loneSurrogate.test(text);
}

/** How every edge words it, after the value's path. */
export const unstorableTextMessage =
  'contains a NUL character or an unpaired surrogate, which cannot be stored';
