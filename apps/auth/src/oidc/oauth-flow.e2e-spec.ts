import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as oauth from 'oauth4webapi';
import { type PrismaClient } from '#folio/db';
import { hashApiKey } from '#folio/identity';
import {
  authorizeInBrowser,
  BrowserClient,
  findForm,
  newUser,
  pageText,
  startTestApp,
  type TestApp,
} from '#folio/testing';

const insecure = { [oauth.allowInsecureRequests]: true };
const redirectUri = 'https://connector.example/callback';
const password = 'correct horse battery staple';

describe('OAuth 2.1 authorization server', () => {
  let app: TestApp;
  let prisma: PrismaClient;
  let base: string;
  let resource: string;
  let as: oauth.AuthorizationServer;
  let userCount = 0;

  beforeAll(async () => {
    app = await startTestApp({ app: 'standalone', ownAddress: true });
    ({ prisma, baseUrl: base } = app);
    resource = `${base}/v2/mcp`;
    const issuer = new URL(base);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
  });

  afterAll(() => app?.close());

  /** A person with a personal account, whose audit log the tests read. */
  async function newPerson() {
    return (await newUser(app, { email: `person${++userCount}@example.test`, password })).email;
  }

  /** The audit events of the person's account, oldest first. */
  async function auditOf(email: string) {
    const events = await prisma.auditEvent.findMany({
      where: { account: { memberships: { some: { user: { email } } } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: { actor: { select: { email: true } } },
    });
    return events.map(({ action, actor, targetId, data }) => ({
      action,
      actor: actor?.email,
      targetId,
      data,
    }));
  }

  async function register(metadata: Record<string, unknown> = {}): Promise<oauth.Client> {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'none',
        client_name: 'Test Connector',
        ...metadata,
      },
      insecure,
    );
    return oauth.processDynamicClientRegistrationResponse(response);
  }

  function authorizationUrl(client: Pick<oauth.Client, 'client_id'>, params: Record<string, string | null>) {
    const url = new URL(as.authorization_endpoint!);
    const all: Record<string, string | null> = {
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'list:project create:project edit:project',
      resource,
      ...params,
    };
    for (const [key, value] of Object.entries(all)) if (value !== null) url.searchParams.set(key, value);
    return url.toString();
  }

  const atCallback = (url: string) => url.startsWith(redirectUri);

  async function pkce(verifier = oauth.generateRandomCodeVerifier()) {
    return {
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
  }

  /** Drives the browser from the authorization URL through login and consent to the client's callback. */
  const authorize = (
    browser: BrowserClient,
    url: string,
    person: { email: string; consent?: 'allow' | 'allow-list-only' | 'deny' },
  ) => authorizeInBrowser(browser, url, redirectUri, { ...person, password });

  async function exchange(client: oauth.Client, callback: URL, verifier: string, state?: string) {
    const params = oauth.validateAuthResponse(as, client, callback, state ?? oauth.expectNoState);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri,
      verifier,
      {
        ...insecure,
        additionalParameters: { resource },
      },
    );
    return oauth.processAuthorizationCodeResponse(as, client, response);
  }

  /** A fresh browser taken through an authorization request with PKCE: the callback and the code's verifier. */
  async function authorizeWithPkce(
    client: oauth.Client,
    person: Parameters<typeof authorize>[2],
    params: Record<string, string | null> = {},
  ) {
    const browser = new BrowserClient();
    const verifier = oauth.generateRandomCodeVerifier();
    const url = authorizationUrl(client, { ...params, ...(await pkce(verifier)) });
    return { browser, verifier, callback: await authorize(browser, url, person) };
  }

  /** Opens an authorization request with PKCE in `browser` and submits the login form it leads to. */
  async function logInToAuthorize(
    browser: BrowserClient,
    client: oauth.Client,
    login: { email: string; password: string },
    params: Record<string, string> = {},
  ) {
    const url = authorizationUrl(client, { ...params, ...(await pkce()) });
    const start = await browser.follow(url, {}, atCallback);
    return browser.submit(start.url, await start.response.text(), login, { actionPart: '/login' });
  }

  /** Where a fresh browser's authorization request first stops: at the client's callback, or a page of ours. */
  async function firstStop(url: string) {
    const step = await new BrowserClient().follow(url, {}, atCallback);
    return { ...step, callback: atCallback(step.url) ? new URL(step.url) : null };
  }

  async function connect(
    person: { email: string; consent?: 'allow' | 'allow-list-only' },
    client?: oauth.Client,
  ) {
    client ??= await register();
    const state = oauth.generateRandomState();
    const { browser, callback, verifier } = await authorizeWithPkce(client, person, { state });
    const token = await exchange(client, callback, verifier, state);
    return { client, browser, token: token.access_token, scope: token.scope };
  }

  const credential = (token: string) =>
    fetch(`${base}/v2/credential`, { headers: { authorization: `Bearer ${token}` } });

  it('publishes RFC 8414 metadata (and the OpenID form) with PKCE S256 only, registration and revocation', async () => {
    expect(as.issuer).toBe(base);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.registration_endpoint).toBe(`${base}/oauth/register`);
    expect(as.revocation_endpoint).toBe(`${base}/oauth/revoke`);
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['list:project', 'create:project']));
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.grant_types_supported).not.toContain('refresh_token');
    const openid = await (await fetch(`${base}/.well-known/openid-configuration`)).json();
    expect(openid.issuer).toBe(base);
    expect(openid.authorization_endpoint).toBe(as.authorization_endpoint);
  });

  it('registers clients openly (RFC 7591) with a registration_client_uri', async () => {
    const client = await register({ client_name: 'Claude' });
    expect(client.client_id).toBeTruthy();
    expect(client.registration_client_uri).toMatch(new RegExp(`^${base}/oauth/register/`));
  });

  it('takes a connector from discovery to a token that is an API key, accepted by the api and refused once revoked in the profile page', async () => {
    const email = await newPerson();
    const { token, scope, browser, client } = await connect({ email, consent: 'allow' });
    expect(token).toMatch(/^folio_at_[A-Za-z0-9]{40}$/);
    expect(scope?.split(' ').sort()).toEqual(['create:project', 'edit:project', 'list:project']);

    const stored = await prisma.apiKey.findUniqueOrThrow({ where: { hash: hashApiKey(token) } });
    expect(stored).toMatchObject({ source: 'oauth', oauthClientId: client.client_id, revokedAt: null });
    expect(JSON.stringify(await prisma.oidcRecord.findMany())).not.toContain(token);
    const scopes = ['list:project', 'create:project', 'edit:project'];
    expect(await auditOf(email)).toEqual([
      {
        action: 'oauth.consent.granted',
        actor: email,
        targetId: client.client_id,
        data: { clientName: 'Test Connector', redirectHost: 'connector.example', scopes, declinedScopes: [] },
      },
      {
        action: 'api_key.created',
        actor: email,
        targetId: stored.key,
        data: {
          name: 'Test Connector',
          prefix: stored.prefix,
          source: 'oauth',
          scopes,
          oauthClientId: client.client_id,
          restrictedToOneAccount: false,
        },
      },
    ]);

    const before = await credential(token);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ user: { email }, source: 'oauth' });

    // The login during authorization also signed the browser in: revoke the key as that person would.
    const keysPage = await browser.request(`${base}/account/keys`);
    expect(keysPage.status).toBe(200);
    const html = await keysPage.text();
    expect(pageText(html)).toContain('Test Connector');
    expect(html).not.toContain(stored.id);
    const revokeForm = findForm(html, `/account/keys/${stored.key}/revoke`);
    const revoked = await browser.submit(`${base}/account/keys`, revokeForm.toString(), {});
    expect(revoked.response.status).toBeLessThan(400);

    const after = await credential(token);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');

    expect((await auditOf(email)).at(-1)).toMatchObject({
      action: 'api_key.revoked',
      actor: email,
      targetId: stored.key,
      data: { reason: 'owner', source: 'oauth' },
    });
    const log = await browser.request(`${base}/account/audit`);
    expect(log.status).toBe(200);
    const logHtml = await log.text();
    expect(pageText(logHtml)).toMatch(/Allowed an app\s*Test Connector/);
    expect(logHtml).not.toContain(token);
  });

  it('issues list:project only when the person unticks create:project and edit:project, and re-authorizing replaces the key', async () => {
    const email = await newPerson();
    const first = await connect({ email, consent: 'allow-list-only' });
    expect(first.scope).toBe('list:project');
    expect((await (await credential(first.token)).json()).scopes).toEqual(['list:project']);

    const second = await connect({ email, consent: 'allow' }, first.client);
    expect(second.scope?.split(' ').sort()).toEqual(['create:project', 'edit:project', 'list:project']);
    expect((await credential(second.token)).status).toBe(200);
    expect((await credential(first.token)).status).toBe(401);
    const events = await auditOf(email);
    expect(events.map((event) => [event.action, event.data])).toEqual([
      [
        'oauth.consent.granted',
        expect.objectContaining({ declinedScopes: ['create:project', 'edit:project'] }),
      ],
      ['api_key.created', expect.objectContaining({ scopes: ['list:project'] })],
      ['oauth.consent.granted', expect.objectContaining({ declinedScopes: [] })],
      ['api_key.revoked', expect.objectContaining({ reason: 'reauthorized', scopes: ['list:project'] })],
      [
        'api_key.created',
        expect.objectContaining({ scopes: ['list:project', 'create:project', 'edit:project'] }),
      ],
    ]);
  });

  it('revokes a token at the RFC 7009 revocation endpoint, after which the api refuses it', async () => {
    const email = await newPerson();
    const { token, client } = await connect({ email });
    expect((await credential(token)).status).toBe(200);
    const response = await oauth.revocationRequest(as, client, oauth.None(), token, insecure);
    await oauth.processRevocationResponse(response);
    expect((await credential(token)).status).toBe(401);
    expect(
      (await prisma.apiKey.findUniqueOrThrow({ where: { hash: hashApiKey(token) } })).revokedAt,
    ).not.toBeNull();
    expect((await auditOf(email)).at(-1)).toMatchObject({
      action: 'api_key.revoked',
      actor: email,
      data: { reason: 'oauth_client', oauthClientId: client.client_id },
    });
  });

  it("introspects a token for its client with the person's personal account key as sub, never an internal id", async () => {
    const person = await newUser(app, { email: `person${++userCount}@example.test`, password });
    const { token, client } = await connect({ email: person.email, consent: 'allow' });
    const response = await oauth.introspectionRequest(as, client, oauth.None(), token, insecure);
    const introspection = await oauth.processIntrospectionResponse(as, client, response);
    expect(introspection).toMatchObject({
      active: true,
      client_id: client.client_id,
      sub: person.account.key,
      scope: 'list:project create:project edit:project',
    });
    expect(JSON.stringify(introspection)).not.toContain(person.id);
  });

  it('gives list:project to a request without scope', async () => {
    const email = await newPerson();
    const client = await register();
    const { callback, verifier } = await authorizeWithPkce(client, { email }, { scope: null });
    expect(callback.searchParams.get('error_description')).toBeNull();
    const token = await exchange(client, callback, verifier);
    expect(token.scope).toBe('list:project');
  });

  it('accepts the MCP resource with a trailing slash and refuses any other resource', async () => {
    const email = await newPerson();
    const client = await register();
    const withSlash = await authorizeWithPkce(client, { email }, { resource: `${resource}/` });
    expect(withSlash.callback.searchParams.get('code')).toBeTruthy();
    const other = await firstStop(
      authorizationUrl(client, { resource: `${base}/elsewhere`, ...(await pkce()) }),
    );
    expect(new URL(other.url).searchParams.get('error')).toBe('invalid_target');
  });

  it('returns access_denied to the client when the person denies, and issues nothing', async () => {
    const email = await newPerson();
    const client = await register();
    const { callback } = await authorizeWithPkce(client, { email, consent: 'deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(callback.searchParams.get('iss')).toBe(base);
    expect(await prisma.apiKey.count({ where: { oauthClientId: client.client_id } })).toBe(0);
  });

  describe('bad input', () => {
    /** An authorization request the server refuses with a 400 page naming `error`, never redirecting. */
    async function expectRefusedWithoutRedirect(
      client: Pick<oauth.Client, 'client_id'>,
      params: Record<string, string>,
      error: string,
    ) {
      const step = await firstStop(authorizationUrl(client, { ...params, ...(await pkce()) }));
      expect(step.callback).toBeNull();
      expect(step.response.status).toBe(400);
      expect(await step.response.text()).toContain(error);
    }

    it('refuses an unknown redirect_uri without redirecting to it', async () => {
      const client = await register();
      await expectRefusedWithoutRedirect(
        client,
        { redirect_uri: 'https://attacker.example/callback' },
        'redirect_uri',
      );
    });

    it('refuses a request without PKCE and one with plain PKCE', async () => {
      const client = await register();
      const missing = await firstStop(authorizationUrl(client, {}));
      expect(missing.callback?.searchParams.get('error')).toBe('invalid_request');
      expect(missing.callback?.searchParams.get('error_description')).toMatch(/PKCE/);
      const plain = await firstStop(
        authorizationUrl(client, { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }),
      );
      expect(plain.callback?.searchParams.get('error')).toBe('invalid_request');
    });

    it('shows the login form again after a wrong password, and issues nothing', async () => {
      const email = await newPerson();
      const client = await register();
      const wrong = await logInToAuthorize(new BrowserClient(), client, {
        email,
        password: 'not the password',
      });
      expect(wrong.response.status).toBe(401);
      const html = await wrong.response.text();
      expect(html).toContain('type="password"');
      expect(pageText(html)).toMatch(/email and password do not match/i);
      expect(html).not.toContain('not the password');
      expect(await prisma.apiKey.count({ where: { oauthClientId: client.client_id } })).toBe(0);
    });

    it('refuses an unknown client', async () => {
      await expectRefusedWithoutRedirect({ client_id: 'no-such-client' }, {}, 'invalid_client');
    });

    it('refuses a wrong code_verifier, and a code used twice (revoking what the code issued)', async () => {
      const email = await newPerson();
      const client = await register();
      const { callback, verifier } = await authorizeWithPkce(client, { email });
      await expect(exchange(client, callback, oauth.generateRandomCodeVerifier())).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      const token = await exchange(client, callback, verifier);
      expect((await credential(token.access_token)).status).toBe(200);
      await expect(exchange(client, callback, verifier)).rejects.toMatchObject({ error: 'invalid_grant' });
      expect((await credential(token.access_token)).status).toBe(401);
      // The authorization server revoked the grant, not a person.
      expect((await auditOf(email)).at(-1)).toMatchObject({
        action: 'api_key.revoked',
        actor: undefined,
        data: { reason: 'grant_revoked' },
      });
    });

    it('offers edit:project at consent in its own words, to be ticked apart from create:project', async () => {
      const email = await newPerson();
      const client = await register();
      const browser = new BrowserClient();
      const step = await logInToAuthorize(browser, client, { email, password });
      const consent = await step.response.text();
      expect(pageText(consent)).toMatch(/Edit your projects\s*edit:project/);
      expect(
        findForm(consent, '/confirm').querySelector('input[name="scope"][value="edit:project"]'),
      ).not.toBeNull();

      const answered = await browser.submit(
        step.url,
        consent,
        { scope: 'edit:project' },
        { actionPart: '/confirm', stopAt: atCallback },
      );
      expect(new URL(answered.url).searchParams.get('code')).toBeTruthy();
      expect((await auditOf(email)).at(-1)).toMatchObject({
        action: 'oauth.consent.granted',
        data: { scopes: ['list:project', 'edit:project'], declinedScopes: ['create:project'] },
      });
    });

    it('refuses a consent form that was tampered with, and one without its CSRF token', async () => {
      const email = await newPerson();
      const client = await register();
      const browser = new BrowserClient();
      const step = await logInToAuthorize(browser, client, { email, password }, { scope: 'list:project' });
      const consentUrl = step.url;
      const consent = await step.response.text();
      expect(pageText(consent)).toContain('Test Connector');
      expect(pageText(consent)).toContain('connector.example');

      const noCsrf = await browser.submit(
        consentUrl,
        consent,
        { _csrf: null, csrf: null, scope: null },
        { actionPart: '/confirm' },
      );
      expect(noCsrf.response.status).toBe(403);

      const tampered = await browser.submit(
        consentUrl,
        consent,
        { scope: 'create:project' },
        {
          actionPart: '/confirm',
          stopAt: atCallback,
        },
      );
      const result = new URL(tampered.url);
      expect(result.searchParams.get('error')).toBe('invalid_request');
      expect(result.searchParams.get('code')).toBeNull();
      expect(await prisma.apiKey.count({ where: { oauthClientId: client.client_id } })).toBe(0);
    });

    it('refuses over-long and malformed registrations with invalid_client_metadata', async () => {
      for (const metadata of [
        { client_name: 'x'.repeat(5_000) },
        { redirect_uris: Array.from({ length: 50 }, (_, i) => `https://c.example/${i}`) },
        { redirect_uris: 'https://c.example/cb' },
        { redirect_uris: ['not a url'] },
      ]) {
        const response = await fetch(`${base}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            redirect_uris: [redirectUri],
            token_endpoint_auth_method: 'none',
            ...metadata,
          }),
        });
        expect(response.status).toBe(400);
        expect((await response.json()).error).toMatch(/^invalid_(client_metadata|redirect_uri)$/);
      }
      expect(
        await prisma.oidcRecord.count({
          where: { model: 'Client', payload: { path: ['client_name'], equals: 'x'.repeat(5_000) } },
        }),
      ).toBe(0);
    });

    it('refuses to register plain-http redirect URIs except to loopback, and registers https and loopback ones', async () => {
      const registration = (redirectUris: string[]) =>
        fetch(`${base}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: redirectUris, token_endpoint_auth_method: 'none' }),
        });
      for (const uri of [
        'http://evil.example/cb',
        'http://localhost.evil.example/cb',
        'http://10.0.0.1/cb',
        'http://[::ffff:127.0.0.1]/cb',
      ]) {
        const refused = await registration([redirectUri, uri]);
        expect({ uri, status: refused.status }).toEqual({ uri, status: 400 });
        expect(await refused.json()).toEqual({
          error: 'invalid_redirect_uri',
          error_description: expect.stringContaining(
            `redirect_uris must use https, or http to a loopback host`,
          ),
        });
      }
      const loopback = [
        'http://127.0.0.1:33418/callback',
        'http://127.9.9.9/callback',
        'http://localhost:6274/oauth/callback',
        'http://[::1]:8080/callback',
      ];
      const accepted = await registration([redirectUri, ...loopback]);
      expect(accepted.status).toBe(201);
      expect((await accepted.json()).redirect_uris).toEqual([redirectUri, ...loopback]);
    });

    it('does not fetch a client metadata document from a private address', async () => {
      const client = { client_id: 'https://127.0.0.1/oauth/client.json' };
      await expectRefusedWithoutRedirect(client, {}, 'invalid_client');
    });
  });
});
