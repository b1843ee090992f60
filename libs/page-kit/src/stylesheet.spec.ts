import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { fmt, hashedStylesheet } from './stylesheet.js';

const base = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'assets', 'base.css'));

describe('hashedStylesheet', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-ui-'));
  const app = join(dir, 'app.css');
  writeFileSync(app, '.app {\n  color: red;\n}\n');

  it('serves base.css followed by the app files, under a content-hashed URL', () => {
    const sheet = hashedStylesheet('/app-assets/app.css', app);
    expect(sheet.body.toString()).toBe(`${base.toString()}.app {\n  color: red;\n}\n`);
    expect(sheet.version).toBe(createHash('sha256').update(sheet.body).digest('hex').slice(0, 12));
    expect(sheet.version).toMatch(/^[0-9a-f]{12}$/);
    expect(sheet.href).toBe(`/app-assets/app.css?v=${sheet.version}`);
  });

  it('changes the version when an app file changes', () => {
    const other = join(dir, 'other.css');
    writeFileSync(other, '.app {\n  color: blue;\n}\n');
    expect(hashedStylesheet('/a.css', other).version).not.toBe(hashedStylesheet('/a.css', app).version);
  });
});

describe('fmt', () => {
  it('formats dates in UTC', () => {
    const date = new Date('2026-03-04T05:06:07Z');
    expect(fmt.iso(date)).toBe('2026-03-04T05:06:07.000Z');
    expect(fmt.dateTime(date)).toBe('Mar 4, 2026, 05:06 AM UTC');
  });

  it('groups the digits of numbers', () => {
    expect(fmt.number(1_000_000)).toBe('1,000,000');
  });
});
