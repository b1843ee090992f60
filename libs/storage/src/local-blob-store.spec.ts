import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { LocalBlobStore } from './local-blob-store.js';

const base = 'https://folio.example';
const dirs: string[] = [];

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'folio-blobs-'));
  dirs.push(dir);
  return { dir, store: new LocalBlobStore(join(dir, 'blobs'), base) };
}

/** Every file under `dir`, relative to it. */
async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe(LocalBlobStore.name, () => {
  it('names blobs by the sha-256 of their bytes and reads them back with their type', async () => {
    const { dir, store } = await setup();
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const hash = sha256(bytes);

    const stored = await store.put(bytes, 'image/png');

    expect(stored).toEqual({
      name: `${hash}.png`,
      url: `${base}/assets/${hash}.png`,
      path: `/assets/${hash}.png`,
    });
    expect(await store.get(stored.name)).toEqual({ bytes: Buffer.from(bytes), type: 'image/png' });
    expect(await files(dir)).toEqual([`blobs/${hash.slice(0, 2)}/${hash}.png`]);
  });

  it('stores the same bytes once, under the same name', async () => {
    const { dir, store } = await setup();
    const bytes = Buffer.from('the same screenshot');

    const first = await store.put(bytes, 'image/png');
    const second = await store.put(Buffer.from(bytes), 'image/png');

    expect(second).toEqual(first);
    expect(await files(dir)).toHaveLength(1);
  });

  it('stores different bytes, or the same bytes as another type, under different names', async () => {
    const { dir, store } = await setup();

    const png = await store.put(Buffer.from('one'), 'image/png');
    const other = await store.put(Buffer.from('two'), 'image/png');
    const webp = await store.put(Buffer.from('one'), 'image/webp');

    expect(new Set([png.name, other.name, webp.name]).size).toBe(3);
    expect(webp.name).toBe(png.name.replace(/\.png$/, '.webp'));
    expect(await store.get(webp.name)).toEqual({ bytes: Buffer.from('one'), type: 'image/webp' });
    expect(await files(dir)).toHaveLength(3);
  });

  it('answers null for unknown and malformed names, and never reads outside its directory', async () => {
    const { dir, store } = await setup();
    const stored = await store.put(Buffer.from('a blob'), 'image/png');
    const hash = stored.name.slice(0, 64);
    await writeFile(join(dir, 'secret.png'), 'not a blob');

    for (const name of [
      `${'0'.repeat(64)}.png`,
      `${hash}.jpg`,
      `${hash}.PNG`,
      `${hash.toUpperCase()}.png`,
      `${hash}.svg`,
      `${hash}`,
      `${hash}.png.tmp`,
      `../${stored.name}`,
      `${hash.slice(0, 2)}/${stored.name}`,
      '../secret.png',
      '',
    ]) {
      expect([name, await store.get(name)]).toEqual([name, null]);
    }
  });

  it('takes concurrent puts of the same bytes: one complete file, no leftovers', async () => {
    const { dir, store } = await setup();
    const bytes = Buffer.alloc(2 * 1024 * 1024, 7);

    const results = await Promise.all(Array.from({ length: 20 }, () => store.put(bytes, 'image/png')));

    expect(new Set(results.map((result) => result.name)).size).toBe(1);
    const stored = await files(dir);
    expect(stored).toEqual([`blobs/${results[0].name.slice(0, 2)}/${results[0].name}`]);
    expect(sha256(await readFile(join(dir, stored[0])))).toBe(results[0].name.slice(0, 64));
  });
});
