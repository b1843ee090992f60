import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PublishService } from '#folio/publishing';
import { newApiKey, newProject, newUser, postMcp, startTestApp, type TestApp } from '#folio/testing';
import { minCompressedBytes } from './compression.js';

// Compressed answers over real HTTP, on the standalone app (api and auth behind one port, each app's own
// createHttpApp): an embed script the size of the demo's, an MCP JSON answer, a page of the auth app.

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire, not decoded (fetch would decode them). */
  body: Buffer;
}

/** A GET, or a POST of `body`, whose answer is kept as sent. */
function rawRequest(url: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end(body);
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'] as string;
  return decoders[encoding](answer.body).toString('utf8');
}

/** Prose that compresses as real copy does, not as one sentence repeated: words drawn pseudo-randomly. */
function prose(seed: number, words: number): string {
  const vocabulary =
    'coffee roast origin harvest espresso brew grind aroma farm bean cup morning light dark blend single ' +
    'washed natural honey altitude Ethiopia Colombia Kenya Guatemala subscription delivery weekly fresh';
  const list = vocabulary.split(' ');
  let state = seed;
  return Array.from({ length: words }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return list[state % list.length];
  }).join(' ');
}

let app: TestApp;
let embedUrl: string;
let key: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'standalone' });
  const owner = await newUser(app);
  const sections = Array.from({ length: 60 }, (_, n) => ({ title: `Section ${n}`, text: prose(n + 1, 220) }));
  const project = await newProject(app, owner, { pages: [{ sections }] });
  await app.get(PublishService).publish(owner.actor, project.projectKey, { destination: 'embed' });
  embedUrl = `${app.baseUrl}/embed/${project.projectKey}/${project.pages[0].pageKey}.js`;
  key = (await newApiKey(app, owner, { scopes: ['list:project'] })).text;
});
afterAll(() => app?.close());

describe('compressed answers', () => {
  it('sends an embed script of the demo’s size as brotli or gzip, by Accept-Encoding, the same script decoded', async () => {
    const identity = await rawRequest(embedUrl, { 'accept-encoding': 'identity' });
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body.byteLength).toBeGreaterThan(90_000);
    const script = identity.body.toString('utf8');

    const sizes: Record<string, number> = { identity: identity.body.byteLength };
    for (const encoding of ['br', 'gzip']) {
      const compressed = await rawRequest(embedUrl, { 'accept-encoding': encoding });
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(decoded(compressed)).toBe(script);
      expect(compressed.body.byteLength).toBeLessThan(identity.body.byteLength / 4);
      sizes[encoding] = compressed.body.byteLength;
    }
    process.stdout.write(`embed script bytes: ${JSON.stringify(sizes)}\n`);

    // Quality values decide; brotli first when a browser names both.
    const weighed = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.2, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
    ] as const;
    for (const [accept, expected] of weighed) {
      expect((await rawRequest(embedUrl, { 'accept-encoding': accept })).headers['content-encoding']).toBe(
        expected,
      );
    }
  });

  it('compresses a cached embed script once, at the strongest setting, instead of again on every request', async () => {
    const script = (await rawRequest(embedUrl, { 'accept-encoding': 'identity' })).body;
    const perRequest = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    const [first, second] = [
      await rawRequest(embedUrl, { 'accept-encoding': 'br' }),
      await rawRequest(embedUrl, { 'accept-encoding': 'br' }),
    ];
    expect(first.body.byteLength).toBeLessThan(perRequest.byteLength);
    expect(second.body.equals(first.body)).toBe(true);
    expect(brotliDecompressSync(first.body).equals(script)).toBe(true);
  });

  it('keeps revalidation: the compressed script has the ETag of the plain one and answers 304 to it', async () => {
    const identity = await rawRequest(embedUrl, { 'accept-encoding': 'identity' });
    const compressed = await rawRequest(embedUrl, { 'accept-encoding': 'br' });
    const etag = compressed.headers.etag as string;
    expect(etag).toMatch(/^"v1-/);
    expect(etag).toBe(identity.headers.etag);

    const revalidated = await rawRequest(embedUrl, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.byteLength).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect(revalidated.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses a JSON answer of the api and a page of the auth app; leaves small answers alone', async () => {
    const toolsList = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const plain = await postMcp(app.baseUrl, toolsList, {
      'x-service-key': key,
      'accept-encoding': 'identity',
    });
    const tools = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();

    const compressed = await rawRequest(
      `${app.baseUrl}/v2/mcp`,
      { 'content-type': 'application/json', 'x-service-key': key, 'accept-encoding': 'gzip' },
      JSON.stringify(toolsList),
    );
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(compressed))).toEqual(JSON.parse(tools));

    const loginPage = await rawRequest(`${app.baseUrl}/login`, { 'accept-encoding': 'br' });
    expect(loginPage.status).toBe(200);
    expect(loginPage.headers['content-type']).toMatch(/^text\/html/);
    expect(loginPage.headers['content-encoding']).toBe('br');
    expect(decoded(loginPage)).toContain('</html>');

    const health = await rawRequest(`${app.baseUrl}/healthz`, { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.body.byteLength).toBeLessThan(minCompressedBytes);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
