import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { rawRequest } from '#folio/testing';
import { sitesOriginGate } from './sites-origin.js';

// The gate alone in front of an app that answers every request, over real HTTP from 127.0.0.1: which host
// and which path it lets through, for each reading of a request's path and host. The whole app behind it
// is in apps/api/src/delivery/sites-origin.e2e-spec.ts.

const publicBaseUrl = 'http://folio.test';
const sitesBaseUrl = 'http://sites.test';

interface Gated {
  url: string;
  server: Server;
}

async function gated(options: { trustForwardedHost: boolean; trustProxy: string[] }): Promise<Gated> {
  const app = express();
  app.set('trust proxy', options.trustProxy);
  app.use(sitesOriginGate({ publicBaseUrl, sitesBaseUrl, trustForwardedHost: options.trustForwardedHost })!);
  app.use((req, res) => {
    res.type('text/plain').send(`app answered ${req.path}`);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const answered = (body: string) => body.startsWith('app answered');

describe(sitesOriginGate.name, () => {
  let byHost: Gated;
  let forwarded: Gated;
  let forwardedUntrusted: Gated;

  beforeAll(async () => {
    byHost = await gated({ trustForwardedHost: false, trustProxy: ['loopback'] });
    forwarded = await gated({ trustForwardedHost: true, trustProxy: ['loopback'] });
    forwardedUntrusted = await gated({ trustForwardedHost: true, trustProxy: ['10.0.0.0/8'] });
  });

  afterAll(async () => {
    for (const { server } of [byHost, forwarded, forwardedUntrusted]) {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const send = (to: Gated, path: string, headers: Record<string, string>, method = 'GET') =>
    rawRequest(to.url, { method, path, headers });

  it('serves on the sites host only reads of delivery paths written canonically', async () => {
    const served = [
      '/sites/harbour/',
      '/sites/harbour/menu',
      '/sites/harbour/sitemap.xml',
      '/embed/p1234567/q1234567.js',
      '/favicon.ico',
      '/robots.txt',
    ];
    const refused = [
      '/login',
      '/account',
      '/v2/mcp',
      '/Sites/harbour/',
      '/SITES/harbour/',
      '/%73ites/harbour/',
      '//sites/harbour/',
      '/sites//harbour/',
      '/./sites/harbour/',
      '/sites/../login',
      '/sites/%2e%2e/login',
      '/sites/%2E%2E%2Flogin',
      '/sites/harbour/../../account',
      '/embed/..%2F..%2Flogin',
      '/sites\\..\\login',
      '/sites/%zz/',
      '/assets/..%2F..%2Fetc%2Fpasswd',
    ];
    for (const method of ['GET', 'HEAD']) {
      for (const path of served) {
        const answer = await send(byHost, path, { host: 'sites.test' }, method);
        expect([method, path, answer.status]).toEqual([method, path, 200]);
      }
      for (const path of refused) {
        const answer = await send(byHost, path, { host: 'sites.test' }, method);
        expect([method, path, answer.status]).toEqual([method, path, 404]);
      }
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await send(byHost, '/sites/harbour/', { host: 'sites.test' }, method);
      expect([method, answer.status]).toEqual([method, 404]);
    }
  });

  it('sends every spelling of a site or embed path on the main host to its canonical address on the sites host', async () => {
    const moved: [string, string][] = [
      ['/sites/harbour/', '/sites/harbour/'],
      ['/Sites/harbour/', '/sites/harbour/'],
      ['/SITES/harbour/?utm=x', '/sites/harbour/?utm=x'],
      ['/EMBED/p1234567/q1234567.js?shadowdom=1', '/embed/p1234567/q1234567.js?shadowdom=1'],
      ['/%73ites/harbour/', '/sites/harbour/'],
      ['/%65mbed/p1234567/q1234567.js', '/embed/p1234567/q1234567.js'],
      ['//sites//harbour/', '/sites/harbour/'],
      ['/./sites/harbour/', '/sites/harbour/'],
      ['/x/../sites/harbour/', '/sites/harbour/'],
      ['/x/%2e%2e/sites/harbour/', '/sites/harbour/'],
      ['/sites/a%3Fb/', '/sites/a%3Fb/'],
    ];
    for (const method of ['GET', 'HEAD']) {
      for (const [path, canonical] of moved) {
        const answer = await send(byHost, path, { host: 'folio.test' }, method);
        expect([method, path, answer.status, answer.headers.location]).toEqual([
          method,
          path,
          308,
          `${sitesBaseUrl}${canonical}`,
        ]);
      }
    }
  });

  it('answers 404 on the main host for site paths a router may still take, and lets everything else through', async () => {
    for (const [method, path] of [
      ['POST', '/sites/harbour/'],
      ['POST', '/Sites/harbour/'],
      ['DELETE', '/%65mbed/p/q.js'],
      ['GET', '/sites/../login'],
      ['GET', '/SITES/%2e%2e/account'],
      ['GET', '/sites/%zz/'],
    ]) {
      const answer = await send(byHost, path, { host: 'folio.test' }, method);
      expect([method, path, answer.status]).toEqual([method, path, 404]);
    }
    for (const path of ['/login', '/account', '/editor/p1234567', '/assets/x.png', '/sitesx', '/s%69tes']) {
      const answer = await send(byHost, path, { host: 'folio.test' });
      expect([path, answer.status, answered(answer.body)]).toEqual([path, 200, true]);
    }
  });

  it('tells the hosts apart by Host whatever its letter case, port or trailing dot', async () => {
    for (const host of ['sites.test', 'SITES.test', 'sites.test.', 'sites.test:8443', 'Sites.Test.:80']) {
      const answer = await send(byHost, '/login', { host });
      expect([host, answer.status]).toEqual([host, 404]);
    }
    for (const host of ['folio.test', 'folio.test.', 'FOLIO.TEST:8080', '127.0.0.1', 'sites.test.evil']) {
      const answer = await send(byHost, '/login', { host });
      expect([host, answer.status]).toEqual([host, 200]);
    }
  });

  it('ignores X-Forwarded-Host by default, even from a trusted proxy', async () => {
    const onSites = await send(byHost, '/login', { host: 'sites.test', 'x-forwarded-host': 'folio.test' });
    expect(onSites.status).toBe(404);
    const onMain = await send(byHost, '/sites/harbour/', {
      host: 'folio.test',
      'x-forwarded-host': 'sites.test',
    });
    expect([onMain.status, onMain.headers.location]).toEqual([308, `${sitesBaseUrl}/sites/harbour/`]);
  });

  it('with TRUST_FORWARDED_HOST, believes the X-Forwarded-Host a trusted proxy set', async () => {
    const viaProxy = { host: 'folio-api:3000' };
    for (const path of ['/login', '/account', '/v2/mcp']) {
      const answer = await send(forwarded, path, { ...viaProxy, 'x-forwarded-host': 'sites.test' });
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const site = await send(forwarded, '/sites/harbour/', { ...viaProxy, 'x-forwarded-host': 'sites.test' });
    expect(answered(site.body)).toBe(true);
    const login = await send(forwarded, '/login', { ...viaProxy, 'x-forwarded-host': 'folio.test' });
    expect(answered(login.body)).toBe(true);
    // A proxy that appends puts the host it was asked for last; the client's own guess comes first.
    const appended = await send(forwarded, '/login', {
      ...viaProxy,
      'x-forwarded-host': 'folio.test, sites.test',
    });
    expect(appended.status).toBe(404);
  });

  it('with TRUST_FORWARDED_HOST, ignores the X-Forwarded-Host of a peer TRUST_PROXY does not trust', async () => {
    const answer = await send(forwardedUntrusted, '/login', {
      host: 'sites.test',
      'x-forwarded-host': 'folio.test',
    });
    expect(answer.status).toBe(404);
  });
});
