import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '#folio/config';
import { BlobStore, parseBlobName } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';
import { createBlobStore } from './storage.module.js';

const hash = 'ab'.repeat(32);

describe(BlobStore.name, () => {
  const store = new LocalBlobStore('/unused', 'https://folio.example');

  it('puts asset URLs under the public base URL', () => {
    expect(store.url(`${hash}.png`)).toBe(`https://folio.example/assets/${hash}.png`);
  });

  it('finds the blob name in its own asset URLs only', () => {
    const ours = {
      [`https://folio.example/assets/${hash}.png`]: `${hash}.png`,
      [`https://FOLIO.example:443/assets/${hash}.webp?v=1#top`]: `${hash}.webp`,
    };
    for (const [url, name] of Object.entries(ours)) expect([url, store.nameOf(url)]).toEqual([url, name]);
    for (const url of [
      `http://folio.example/assets/${hash}.png`,
      `https://folio.example:8443/assets/${hash}.png`,
      `https://cdn.example/assets/${hash}.png`,
      `https://folio.example/sites/assets/${hash}.png`,
      `https://folio.example/assets/${hash}.svg`,
      `https://folio.example/assets/x/${hash}.png`,
      `https://folio.example/assets/`,
      `/assets/${hash}.png`,
      'not a url',
    ]) {
      expect([url, store.nameOf(url)]).toEqual([url, null]);
    }
  });

  it('keeps a path in the public base URL', () => {
    const below = new LocalBlobStore('/unused', 'https://example.com/folio');
    expect(below.url(`${hash}.gif`)).toBe(`https://example.com/folio/assets/${hash}.gif`);
    expect(below.nameOf(`https://example.com/folio/assets/${hash}.gif`)).toBe(`${hash}.gif`);
    expect(below.nameOf(`https://example.com/assets/${hash}.gif`)).toBeNull();
  });
});

describe(parseBlobName.name, () => {
  it('reads the hash and type of each extension', () => {
    expect(parseBlobName(`${hash}.png`)).toEqual({ hash, type: 'image/png' });
    expect(parseBlobName(`${hash}.jpg`)).toEqual({ hash, type: 'image/jpeg' });
    expect(parseBlobName(`${hash}.webp`)).toEqual({ hash, type: 'image/webp' });
    expect(parseBlobName(`${hash}.gif`)).toEqual({ hash, type: 'image/gif' });
    expect(parseBlobName(`${hash}.avif`)).toEqual({ hash, type: 'image/avif' });
    expect(parseBlobName(`${hash}.jpeg`)).toBeNull();
    expect(parseBlobName(`${hash}0.png`)).toBeNull();
    expect(parseBlobName(`${hash}.png\n`)).toBeNull();
  });
});

describe(createBlobStore.name, () => {
  it('stores in STORAGE_DIR (default $DATA_DIR/blobs) unless S3_BUCKET names a bucket', () => {
    const local = createBlobStore(loadConfig({ DATA_DIR: '/tmp/folio' }, { seedDemo: false }));
    expect(local).toBeInstanceOf(LocalBlobStore);
    expect(local.url(`${hash}.png`)).toBe(`http://localhost:3000/assets/${hash}.png`);

    const s3 = createBlobStore(
      loadConfig(
        { S3_BUCKET: 'folio-blobs', PUBLIC_BASE_URL: 'https://folio.example/' },
        { seedDemo: false },
      ),
    );
    expect(s3).toBeInstanceOf(S3BlobStore);
    expect(s3.url(`${hash}.png`)).toBe(`https://folio.example/assets/${hash}.png`);
  });
});
