import { describe, expect, it } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, SplicedGzip } from './spliced-gzip.js';

describe(SplicedGzip.name, () => {
  const before = Buffer.from(`{"result":${JSON.stringify({ text: 'a long answer '.repeat(5_000) })},"id":`);
  const after = Buffer.from('}');
  const gzip = new SplicedGzip(before, after);

  it.each(['1', '"a string id"', '-42', '""'])('gzips the text with %s spliced in', (id) => {
    const body = Buffer.concat(gzip.body(Buffer.from(id))!);
    expect(gunzipSync(body).toString()).toBe(`${before}${id}${after}`);
    // Compressed once: far smaller than the text.
    expect(body.length).toBeLessThan(before.length / 20);
  });

  it('decodes as a fetch client decodes it (DecompressionStream)', async () => {
    const body = Buffer.concat(gzip.body(Buffer.from('7'))!);
    const response = new Response(body, { headers: { 'content-encoding': 'gzip' } });
    const text = await new Response(response.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(text).toBe(`${before}7${after}`);
  });

  it('refuses a piece longer than one stored block', () => {
    expect(gzip.body(Buffer.alloc(70_000))).toBeNull();
  });

  it.each([
    ['gzip, deflate', true],
    ['br;q=1, gzip;q=0.5', true],
    ['identity', false],
    ['gzip;q=0', false],
    [undefined, false],
  ])('takes Accept-Encoding %s as accepting gzip: %s', (accept, expected) => {
    expect(acceptsGzip({ 'accept-encoding': accept })).toBe(expected);
  });
});
