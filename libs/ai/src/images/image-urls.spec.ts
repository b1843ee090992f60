import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestHttpsServer, type TestHttpsServer } from '#folio/testing';
import { imageUrlProblems } from './image-urls.js';

const mebibyte = 1024 * 1024;
const pngBytes = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe(imageUrlProblems.name, () => {
  let server: TestHttpsServer;
  let base: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = await startTestHttpsServer((request, response) => {
      requests.push(`${request.method} ${request.url} ${request.headers.range ?? ''}`.trim());
      response.on('error', () => {});
      const head = request.method === 'HEAD';
      switch (request.url) {
        case '/photo.png':
          return response
            .writeHead(200, { 'content-type': 'image/png', 'content-length': pngBytes.length })
            .end(pngBytes);
        case '/page.html':
          return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>hi</p>');
        case '/huge.png':
          return response
            .writeHead(200, { 'content-type': 'image/png', 'content-length': Math.round(14.2 * mebibyte) })
            .end();
        case '/no-head.png':
          if (head) return response.writeHead(405).end();
          return response
            .writeHead(206, { 'content-type': 'image/jpeg', 'content-range': 'bytes 0-0/2048' })
            .end(pngBytes.subarray(0, 1));
        case '/streamed.png': {
          if (head) return response.writeHead(405).end();
          // Ignores the range and sends 11 MiB without saying so up front.
          response.writeHead(200, { 'content-type': 'image/png' });
          for (let i = 0; i < 11; i++) response.write(Buffer.alloc(mebibyte));
          return response.end();
        }
        case '/to-http.png':
          return response.writeHead(302, { location: `${base.replace('https:', 'http:')}/photo.png` }).end();
        case '/slow.png':
          return; // never answers
        default:
          return response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      }
    });
    base = server.base;
  });
  afterAll(() => server?.close());

  const check = (urls: string[], allowPrivate = true) =>
    imageUrlProblems(
      urls.map((url) => ({ url })),
      { allowPrivate, pathPrefix: 'ai.images' },
    );

  it('accepts https images, asking for headers only', async () => {
    requests.length = 0;
    expect(await check([`${base}/photo.png`, `${base}/no-head.png`])).toEqual([]);
    expect(requests.sort()).toEqual(['GET /no-head.png bytes=0-0', 'HEAD /no-head.png', 'HEAD /photo.png']);
  });

  it('names each refused image by its path and says what is wrong with it', async () => {
    const problems = await check([
      `${base}/photo.png`,
      `${base}/page.html`,
      `${base}/huge.png`,
      `${base}/missing.png`,
      `${base.replace('https:', 'http:')}/photo.png`,
      `${base}/streamed.png`,
      `${base}/to-http.png`,
    ]);
    expect(problems).toEqual([
      { path: 'ai.images[1].url', message: 'is text/html, not an image' },
      { path: 'ai.images[2].url', message: 'is 14.2 MB; the limit is 10 MB' },
      { path: 'ai.images[3].url', message: 'answered 404' },
      { path: 'ai.images[4].url', message: 'expected a public https URL' },
      { path: 'ai.images[5].url', message: 'is larger than 10 MB, the limit' },
      { path: 'ai.images[6].url', message: 'redirects to plain http; use a public https image URL' },
    ]);
  });

  it('refuses a private address without sending it a request', async () => {
    requests.length = 0;
    const localhost = base.replace('127.0.0.1', 'localhost');
    expect(await check([`${base}/photo.png`, `${localhost}/photo.png`], false)).toEqual([
      { path: 'ai.images[0].url', message: 'is not a public address; use a public https image URL' },
      { path: 'ai.images[1].url', message: 'is not a public address; use a public https image URL' },
    ]);
    expect(requests).toEqual([]);
  });

  it('gives up on a host that does not answer within 5 s', async () => {
    const started = Date.now();
    expect(await check([`${base}/slow.png`, `${base}/photo.png`])).toEqual([
      { path: 'ai.images[0].url', message: 'did not answer within 5 s' },
    ]);
    expect(Date.now() - started).toBeLessThan(7_000);
  });
});
