import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared rules (tokens, typography, buttons, forms, cards…); `npm run build` copies it into dist/ too. */
const baseCssPath = join(dirname(fileURLToPath(import.meta.url)), 'assets', 'base.css');

export interface HashedStylesheet {
  /** Where it is served. */
  path: string;
  /** base.css followed by the app's own files, served as one stylesheet. */
  body: Buffer;
  /** The first 12 hex digits of the body's SHA-256. */
  version: string;
  /** `urlPath?v=<version>`, to be served with a long cache. */
  href: string;
}

/** One stylesheet for `urlPath`: the shared base.css, then `files` (absolute paths), with a content-hashed URL. */
export function hashedStylesheet(urlPath: string, ...files: string[]): HashedStylesheet {
  const body = Buffer.concat([baseCssPath, ...files].map((file) => readFileSync(file)));
  const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { path: urlPath, body, version, href: `${urlPath}?v=${version}` };
}

const dateTimeFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** Date and number helpers every view gets in `it.fmt`; apps add their own. */
export const fmt = {
  dateTime: (date: Date) => dateTimeFormat.format(date),
  iso: (date: Date) => date.toISOString(),
  number: (value: number) => value.toLocaleString('en'),
};
