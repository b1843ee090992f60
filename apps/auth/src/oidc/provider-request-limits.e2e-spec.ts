import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pageText, startTestApp, type TestApp } from '#folio/testing';
import { AbandonedClientCleanup } from './abandoned-client-cleanup.service.js';

// Limits on oidc-provider's routes (Express middleware: Nest guards never run there) over real HTTP:
// dynamic registration per address, the per-address budget shared with the pages, body size; and the
// cleanup of registrations that never led anywhere.

let app: TestApp;
let db: TestApp['database'];
let base: string;
let clients = 0;

beforeAll(async () => {
  app = await startTestApp({
    app: 'auth',
    env: { RATE_LIMIT_REGISTRATIONS_PER_HOUR: '2', RATE_LIMIT_IP_PER_MINUTE: '6' },
  });
  ({ database: db, baseUrl: base } = app);
});
afterAll(() => app?.close());

/** A client address of its own (X-Forwarded-For from loopback is trusted), so tests never share a budget. */
const newClient = () => ({ 'x-forwarded-for': `203.0.113.${++clients}` });

function register(
  client: Record<string, string>,
  metadata: Record<string, unknown> = {},
  path = '/oauth/register',
) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...client, 'content-type': 'application/json', origin: 'https://inspector.example' },
    body: JSON.stringify({
      redirect_uris: ['https://connector.example/callback'],
      token_endpoint_auth_method: 'none',
      client_name: 'Connector',
      ...metadata,
    }),
  });
}

describe('oidc-provider request limits', () => {
  it('limits dynamic registrations per address with 429, Retry-After and an OAuth error a browser client can read', async () => {
    const client = newClient();
    for (let i = 0; i < 2; i++) expect((await register(client)).status).toBe(201);
    const refused = await register(client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      error_description: `Rate limit exceeded: try again in ${retryAfter} s.`,
    });

    expect((await register(newClient())).status).toBe(201);
  });

  it('counts the spellings the provider also routes to registration (trailing slash, other case) in the same budget', async () => {
    const client = newClient();
    expect((await register(client, {}, '/oauth/register/')).status).toBe(201);
    expect((await register(client, {}, '/oauth/Register')).status).toBe(201);
    expect((await register(client)).status).toBe(429);
  });

  it("counts the provider's routes and the pages in one budget per address; a browser gets a page", async () => {
    const client = newClient();
    for (let i = 0; i < 3; i++) {
      expect(
        (await fetch(`${base}/.well-known/oauth-authorization-server`, { headers: client })).status,
      ).toBe(200);
      expect((await fetch(`${base}/login`, { headers: client })).status).toBe(200);
    }
    const metadata = await fetch(`${base}/.well-known/oauth-authorization-server`, { headers: client });
    expect(metadata.status).toBe(429);
    expect((await metadata.json()).error).toBe('rate_limited');

    const page = await fetch(`${base}/oauth/authorize?client_id=x`, {
      headers: { ...client, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(pageText(await page.text())).toMatch(
      /Too many attempts.*Rate limit exceeded: try again in \d+ s\./s,
    );

    const login = await fetch(`${base}/login`, { headers: client });
    expect(login.status).toBe(429);
    expect(pageText(await login.text())).toContain('Rate limit exceeded');
    expect((await fetch(`${base}/auth-assets/auth.css`, { headers: client })).status).toBe(200);
  });

  it('refuses registration and token bodies over 56 KiB with 413', async () => {
    const registration = await register(newClient(), { client_name: 'x'.repeat(60 * 1024) });
    expect(registration.status).toBe(413);
    expect(await registration.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The request body is larger than the 56 KiB this endpoint accepts.',
    });

    const token = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { ...newClient(), 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=authorization_code&code=${'x'.repeat(60 * 1024)}`,
    });
    expect(token.status).toBe(413);
    expect((await token.json()).error).toBe('invalid_request');
  });
});

describe(AbandonedClientCleanup.name, () => {
  it('deletes a registration older than a day that never got a token, with its registration access token', async () => {
    const kept = await (await register(newClient(), { client_name: 'Recent' })).json();
    const abandoned = await (await register(newClient(), { client_name: 'Abandoned' })).json();
    const read = (client: { client_id: string; registration_access_token: string }) =>
      fetch(`${base}/oauth/register/${client.client_id}`, {
        headers: { authorization: `Bearer ${client.registration_access_token}` },
      });
    expect((await read(abandoned)).status).toBe(200);
    await db.prisma.oidcRecord.updateMany({
      where: { model: 'Client', id: abandoned.client_id },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60_000) },
    });

    await app.get(AbandonedClientCleanup).sweep();

    expect((await read(abandoned)).status).toBe(401);
    expect((await read(kept)).status).toBe(200);
    expect(
      await db.prisma.oidcRecord.count({
        where: {
          model: 'RegistrationAccessToken',
          payload: { path: ['clientId'], equals: abandoned.client_id },
        },
      }),
    ).toBe(0);
  });
});

describe('request limits in the standalone process (api and auth on one port)', () => {
  let served: TestApp;

  beforeAll(async () => {
    served = await startTestApp({ app: 'standalone', env: { RATE_LIMIT_IP_PER_MINUTE: '4' } });
  });
  afterAll(() => served?.close());

  it.each([
    ['a provider route', '/.well-known/oauth-authorization-server'],
    ['an auth page', '/login'],
    ['an api route', '/.well-known/oauth-protected-resource'],
  ])('counts a request to %s once', async (_, path) => {
    const client = newClient();
    for (let i = 0; i < 4; i++)
      expect((await fetch(`${served.baseUrl}${path}`, { headers: client })).status).toBe(200);
    expect((await fetch(`${served.baseUrl}${path}`, { headers: client })).status).toBe(429);
  });
});
