import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PNG } from 'pngjs';
import { BlobStore, type StoredBlob } from '#folio/storage';
import { startTestApp, type TestApp } from '#folio/testing';

// Blobs put through the app's BlobStore (the local directory, the default) and read back over HTTP.

let app: TestApp;
let database: TestApp['database'];
let png: Buffer;
let stored: StoredBlob;
let hash: string;

/** A 3×2 PNG with pixels of different colors. */
function samplePng(): Buffer {
  const image = new PNG({ width: 3, height: 2 });
  image.data.set([
    255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255, 200, 200, 200, 255, 1, 2, 3, 255,
  ]);
  return PNG.sync.write(image);
}

beforeAll(async () => {
  app = await startTestApp({ app: 'api', ownAddress: true });
  database = app.database;
  png = samplePng();
  hash = createHash('sha256').update(png).digest('hex');
  stored = await app.get(BlobStore).put(png, 'image/png');
});
afterAll(() => app?.close());

describe('GET /assets/:name', () => {
  it('serves a stored PNG at the URL the store handed out, cached for good under its hash', async () => {
    expect(stored).toEqual({
      name: `${hash}.png`,
      url: `${database.config.publicBaseUrl}/assets/${hash}.png`,
      path: `/assets/${hash}.png`,
    });

    const response = await fetch(stored.url);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBe(`"${hash}"`);
    expect(response.headers.get('content-length')).toBe(String(png.length));
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(png)).toBe(true);
    expect(PNG.sync.read(body)).toMatchObject({ width: 3, height: 2 });
  });

  it('answers 304 without a body when If-None-Match names the hash', async () => {
    for (const ifNoneMatch of [`"${hash}"`, `W/"${hash}"`, `"other", "${hash}"`, '*']) {
      const response = await fetch(stored.url, { headers: { 'if-none-match': ifNoneMatch } });
      expect([ifNoneMatch, response.status]).toEqual([ifNoneMatch, 304]);
      expect(response.headers.get('etag')).toBe(`"${hash}"`);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe('');
    }
    const changed = await fetch(stored.url, { headers: { 'if-none-match': `"${'0'.repeat(64)}"` } });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await fetch(stored.url, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(png.length));
    expect(response.headers.get('etag')).toBe(`"${hash}"`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('');
  });

  it('answers 404 with a JSON error for unknown and malformed names, on GET and HEAD', async () => {
    const base = `${database.config.publicBaseUrl}/assets/`;
    const unknown = [`${'0'.repeat(64)}.png`, `${hash}.jpg`];
    for (const name of [
      ...unknown,
      `${hash.toUpperCase()}.png`,
      `${hash}.svg`,
      'logo.png',
      '..%2F..%2Fsecrets.json',
      `%2E%2E%2F${hash}.png`,
    ]) {
      const response = await fetch(`${base}${name}`);
      expect([name, response.status]).toEqual([name, 404]);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
      // A malformed name is refused by its format, before the store is asked.
      const message = unknown.includes(name) ? 'No asset has this name.' : 'Nothing is at this address.';
      expect(await response.json()).toEqual({ error: 'not_found', message });

      const head = await fetch(`${base}${name}`, { method: 'HEAD' });
      expect([name, head.status]).toEqual([name, 404]);
    }
  });
});
