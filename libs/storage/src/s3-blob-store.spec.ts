import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import S3rver from 's3rver';
import { loadConfig } from '#folio/config';
import { S3BlobStore } from './s3-blob-store.js';
import { createBlobStore } from './storage.module.js';

// The S3 store against s3rver, a fake S3 server on the local filesystem. It knows one access key and
// refuses others, but does not verify SigV4 signatures themselves.

const bucket = 'folio-blobs';
/** The account s3rver knows. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let directory: string;
let server: S3rver;
let endpoint: string;
/** Keys of the objects PutObject created, in order. */
const created: string[] = [];
const stores: S3BlobStore[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'folio-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  server.on('event', (event) => {
    for (const record of event.Records)
      if (record.eventName === 'ObjectCreated:Put') created.push(record.s3.object.key);
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const store of stores) store.onApplicationShutdown();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

/** A store as the app builds it from the environment: custom endpoint (path-style by default), static keys. */
function setup(env: Record<string, string> = {}) {
  const config = loadConfig(
    {
      PUBLIC_BASE_URL: 'https://folio.example',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      ...env,
    },
    { seedDemo: false },
  );
  const store = createBlobStore(config) as S3BlobStore;
  expect(store).toBeInstanceOf(S3BlobStore);
  stores.push(store);
  return { store };
}

async function headObject(key: string) {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  try {
    return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  } finally {
    client.destroy();
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe(S3BlobStore.name, () => {
  it('uploads a blob under its content name, with its type and immutable caching, and reads it back', async () => {
    const { store } = setup();
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 1]);
    const name = `${sha256(bytes)}.png`;

    expect(await store.put(bytes, 'image/png')).toEqual({
      name,
      url: `https://folio.example/assets/${name}`,
      path: `/assets/${name}`,
    });

    expect(created).toContain(name);
    const head = await headObject(name);
    expect(head).toMatchObject({
      ContentType: 'image/png',
      CacheControl: 'public, max-age=31536000, immutable',
      ContentLength: bytes.length,
    });
    const read = await store.get(name);
    expect(read?.type).toBe('image/png');
    expect(Buffer.from(read!.bytes)).toEqual(Buffer.from(bytes));
  });

  it('skips the upload when the bucket already holds the bytes', async () => {
    const { store } = setup();
    const bytes = Buffer.from('a jpeg, say');

    const first = await store.put(bytes, 'image/jpeg');
    const uploads = created.length;
    const second = await setup().store.put(Buffer.from(bytes), 'image/jpeg');

    expect(second).toEqual(first);
    expect(first.name).toMatch(/^[0-9a-f]{64}\.jpg$/);
    expect(created.length).toBe(uploads);
  });

  it('stores different bytes under different names', async () => {
    const { store } = setup();
    const one = await store.put(Buffer.from('one'), 'image/webp');
    const two = await store.put(Buffer.from('two'), 'image/webp');
    expect(one.name).not.toBe(two.name);
    expect(Buffer.from((await store.get(two.name))!.bytes).toString()).toBe('two');
  });

  it('answers null for unknown and malformed names', async () => {
    const { store } = setup();
    const stored = await store.put(Buffer.from('known'), 'image/gif');
    for (const name of [
      `${'0'.repeat(64)}.gif`,
      stored.name.replace('.gif', '.png'),
      `../${stored.name}`,
      '',
    ]) {
      expect([name, await store.get(name)]).toEqual([name, null]);
    }
  });

  it('takes concurrent puts of the same bytes', async () => {
    const { store } = setup();
    const bytes = Buffer.alloc(256 * 1024, 3);
    const results = await Promise.all(Array.from({ length: 8 }, () => store.put(bytes, 'image/avif')));
    expect(new Set(results.map((result) => result.name))).toEqual(new Set([`${sha256(bytes)}.avif`]));
    expect(Buffer.from((await store.get(results[0].name))!.bytes)).toEqual(bytes);
  });

  it('signs its requests with the configured access key', async () => {
    const { store } = setup({ S3_ACCESS_KEY_ID: 'UNKNOWN' });
    // HeadObject's 403 could be a missing object under a key without s3:ListBucket, so the upload is tried;
    // that refusal names the key.
    await expect(store.put(Buffer.from('refused'), 'image/png')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    await expect(store.get(`${'0'.repeat(64)}.png`)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });
});
