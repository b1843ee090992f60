import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { startTestHttpsServer, type TestHttpsServer } from '#folio/testing';
import {
  BlockedAddressError,
  fetchWithAddressPolicy,
  InsecureRedirectError,
  safeFetch,
  safeFetchAsFetch,
} from './safe-fetch.js';

describe(safeFetch.name, () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      const redirect = /^\/redirect\?to=(.*)$/.exec(request.url ?? '');
      if (redirect) {
        response.writeHead(302, { location: decodeURIComponent(redirect[1]) }).end();
        return;
      }
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ method: request.method, url: request.url, body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/`],
    ['a private network', () => 'http://10.1.2.3/'],
    ['link-local (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${port}/`],
    ['an IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['a decimal loopback', () => `http://2130706433:${port}/`],
    ['an IPv4-compatible loopback', () => `http://[::7f00:1]:${port}/`],
    ['an IPv4-translated loopback', () => `http://[::ffff:0:7f00:1]:${port}/`],
    ['a 6to4 address of a loopback', () => `http://[2002:7f00:1::1]:${port}/`],
    ['a Teredo address', () => `http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${port}/`],
    ['the 6to4 relay anycast', () => `http://192.88.99.1:${port}/`],
  ])('refuses %s', async (_name, url) => {
    const before = hits.length;
    await expect(safeFetch(url(), { timeoutMs: 2_000 })).rejects.toBeInstanceOf(BlockedAddressError);
    expect(hits.length).toBe(before);
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    await expect(safeFetch(`http://localhost:${port}/`, { timeoutMs: 2_000 })).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it('refuses non-http schemes', async () => {
    await expect(safeFetch('file:///etc/passwd')).rejects.toThrow(/Only http and https/);
  });

  it('reaches private addresses with allowPrivate, sending method, headers and body', async () => {
    const response = await safeFetch(`http://127.0.0.1:${port}/echo`, {
      allowPrivate: true,
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST', url: '/echo', body: 'hello' });
    expect(response.url).toBe(`http://127.0.0.1:${port}/echo`);
  });

  it('follows redirects with allowPrivate, and stops after maxRedirects', async () => {
    const target = encodeURIComponent(`http://127.0.0.1:${port}/final`);
    const response = await safeFetch(`http://127.0.0.1:${port}/redirect?to=${target}`, {
      allowPrivate: true,
    });
    expect(await response.json()).toMatchObject({ method: 'GET', url: '/final' });
    expect(response.url).toBe(`http://127.0.0.1:${port}/final`);

    const loop = `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(`/redirect?to=${target}`)}`;
    await expect(safeFetch(loop, { allowPrivate: true, maxRedirects: 1 })).rejects.toThrow(
      /Too many redirects/,
    );
  });

  describe('on a redirect', () => {
    // The redirecting server stands in for a public host: only 127.0.0.1 is allowed, as if it were public.
    const onlyTheRedirector = (address: string) => address === '127.0.0.1';

    it.each([
      ['IPv6 loopback', () => `http://[::1]:${port}/final`],
      ['a private network', () => 'http://10.0.0.7/'],
      ['link-local', () => 'http://169.254.169.254/latest/meta-data/'],
    ])('refuses a redirect to %s', async (_name, to) => {
      const before = hits.length;
      const redirect = `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to())}`;
      await expect(
        fetchWithAddressPolicy(redirect, { timeoutMs: 2_000 }, onlyTheRedirector),
      ).rejects.toBeInstanceOf(BlockedAddressError);
      expect(hits.slice(before)).toEqual([expect.stringMatching(/^\/redirect/)]);
    });

    it('refuses a redirect to a host name that resolves to a private address', async () => {
      // The first address connected to (the redirector) passes; every later one must pass on its own.
      let checks = 0;
      const firstOnly = () => checks++ === 0;
      const before = hits.length;
      const to = `http://localhost:${port}/final`;
      const redirect = `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to)}`;
      await expect(fetchWithAddressPolicy(redirect, { timeoutMs: 2_000 }, firstOnly)).rejects.toBeInstanceOf(
        BlockedAddressError,
      );
      expect(hits.slice(before)).toEqual([expect.stringMatching(/^\/redirect/)]);
    });

    it('answers the redirect itself with redirect: manual', async () => {
      const before = hits.length;
      const to = 'http://10.0.0.7/';
      const response = await safeFetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to)}`, {
        allowPrivate: true,
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(to);
      expect(hits.length).toBe(before + 1);
    });
  });

  describe('from https', () => {
    let secure: TestHttpsServer;

    beforeAll(async () => {
      secure = await startTestHttpsServer((request, response) => {
        const redirect = /^\/redirect\?to=(.*)$/.exec(request.url ?? '');
        if (redirect) response.writeHead(302, { location: decodeURIComponent(redirect[1]) }).end();
        else response.writeHead(200, { 'content-type': 'text/plain' }).end('secure');
      });
    });
    afterAll(() => secure.close());

    it('refuses to follow a redirect down to plain http', async () => {
      const before = hits.length;
      const to = encodeURIComponent(`http://127.0.0.1:${port}/final`);
      await expect(
        safeFetch(`${secure.base}/redirect?to=${to}`, { allowPrivate: true }),
      ).rejects.toBeInstanceOf(InsecureRedirectError);
      expect(hits.length).toBe(before);
    });

    it('follows a redirect that stays on https', async () => {
      const to = encodeURIComponent(`${secure.base}/final`);
      const response = await safeFetch(`${secure.base}/redirect?to=${to}`, { allowPrivate: true });
      expect(await response.text()).toBe('secure');
      expect(response.url).toBe(`${secure.base}/final`);
    });
  });
});

describe(safeFetchAsFetch.name, () => {
  let server: Server;
  let base: string;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/moved') {
          response.writeHead(301, { location: '/echo' }).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ method: request.method, headers: request.headers, body }));
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses private addresses before connecting, like safeFetch', async () => {
    const before = connections;
    const fetchHook = safeFetchAsFetch({});
    await expect(fetchHook(`${base}/echo`)).rejects.toBeInstanceOf(BlockedAddressError);
    expect(connections).toBe(before);
  });

  it('carries method, headers, a form body and redirect: manual over', async () => {
    const fetchHook = safeFetchAsFetch({ allowPrivate: true });
    const posted = await fetchHook(`${base}/echo`, {
      method: 'POST',
      headers: new Headers({ accept: 'application/json' }),
      body: new URLSearchParams({ logout_token: 'x' }),
    });
    expect(await posted.json()).toMatchObject({
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': expect.stringMatching(/^application\/x-www-form-urlencoded/),
      },
      body: 'logout_token=x',
    });
    const manual = await fetchHook(`${base}/moved`, { redirect: 'manual' });
    expect(manual.status).toBe(301);
  });

  it('stops when the caller aborts', async () => {
    const fetchHook = safeFetchAsFetch({ allowPrivate: true });
    await expect(fetchHook(`${base}/echo`, { signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
  });
});
