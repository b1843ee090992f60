// The security review of issue 9, end to end on one standalone app in its production shape: PUBLIC_BASE_URL
// is https (TLS ends at the proxy), so every cookie must be Secure. Headers and cookies on a representative
// response of every kind, CSRF refusal on every form, open redirects, and outbound fetches that must never
// reach a private address.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { type PrismaClient } from '#folio/db';
import { createBlobStore } from '#folio/storage';
import {
  BrowserClient,
  findForm,
  freePort,
  startTestApp,
  startTestHttpsServer,
  type TestApp,
  type TestHttpsServer,
} from '#folio/testing';
import { parse } from 'node-html-parser';

const password = 'security-review';
const evil = 'https://evil.example';
const connector = { origin: 'https://connector.example', redirectUri: 'https://connector.example/callback' };

/**
 * A browser at PUBLIC_BASE_URL: requests go to the app's plain-http port (as from the TLS proxy), and every
 * Set-Cookie line the app sends to anyone is kept for the cookie checks.
 */
class ProxiedBrowser extends BrowserClient {
  constructor(
    private readonly publicBase: string,
    private readonly direct: string,
    private readonly cookieLines: string[],
  ) {
    super();
  }

  override async request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.request(url.replace(this.publicBase, this.direct), init);
    this.cookieLines.push(...response.headers.getSetCookie());
    return response;
  }
}

describe('Security review', () => {
  let database: TestApp['database'];
  let prisma: PrismaClient;
  let app: TestApp;
  let base: string;
  /** Where the TLS proxy would forward to: the app's own plain-http port. */
  let direct: string;
  const cookieLines: string[] = [];
  let anonymous: ProxiedBrowser;
  let owner: ProxiedBrowser;
  let demo: NonNullable<TestApp['demo']>;

  const browser = () => new ProxiedBrowser(base, direct, cookieLines);

  async function logIn(client: ProxiedBrowser) {
    const page = await client.request(`${base}/login`);
    return client.submit(`${base}/login`, await page.text(), { email: demo.users.owner, password });
  }

  /** The page's POST forms, each with its action and fields (hidden and pre-filled ones as rendered). */
  function postForms(html: string) {
    return parse(html)
      .querySelectorAll('form')
      .filter((form) => (form.getAttribute('method') ?? '').toLowerCase() === 'post')
      .map((form) => ({
        action: form.getAttribute('action') ?? '',
        fields: Object.fromEntries(
          form
            .querySelectorAll('input[name]')
            .map((input) => [input.getAttribute('name')!, input.getAttribute('value') ?? 'x']),
        ),
      }));
  }

  beforeAll(async () => {
    const port = await freePort();
    app = await startTestApp({
      app: 'standalone',
      demo: true,
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: `https://localhost:${port}`,
        DEMO_PASSWORD: password,
        LOG_LEVEL: 'warn',
      },
    });
    ({ database, prisma } = app);
    base = database.config.publicBaseUrl;
    direct = `http://localhost:${port}`;
    demo = app.demo!;
    anonymous = browser();
    owner = browser();
    const loggedIn = await logIn(owner);
    expect(loggedIn.url).toBe(`${base}/account`);
  });

  afterAll(() => app?.close());

  /** What every response carries, whichever app answers it. */
  function expectBaseHeaders(response: Response) {
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-powered-by')).toBeNull();
  }

  function directives(response: Response): Map<string, string[]> {
    const policy = response.headers.get('content-security-policy') ?? '';
    return new Map(
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name, values]),
    );
  }

  /** An HTML page that must not be framed by others and runs only scripts it names. */
  function expectPageHeaders(response: Response, frameAncestors: string) {
    expectBaseHeaders(response);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = directives(response);
    expect(csp.get('frame-ancestors')).toEqual([frameAncestors]);
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain('*');
    expect(csp.get('object-src') ?? csp.get('default-src')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe(frameAncestors === "'none'" ? 'DENY' : 'SAMEORIGIN');
  }

  describe('headers', () => {
    it('auth pages: a nonce-only CSP, no framing, no opener on the authorization pages', async () => {
      for (const path of ['/login', '/signup', '/nothing-here/../account/nothing']) {
        const response = await anonymous.request(`${base}${path}`);
        expectPageHeaders(response, "'none'");
        expect(directives(response).get('upgrade-insecure-requests')).toEqual([]);
      }
      for (const path of ['/account', '/account/keys', '/account/apps', '/account/credits']) {
        const response = await owner.request(`${base}${path}`);
        expect([path, response.status]).toEqual([path, 200]);
        expectPageHeaders(response, "'none'");
        expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
      const login = await anonymous.request(`${base}/login`);
      expect(login.headers.get('cross-origin-opener-policy')).toBeNull();
    });

    it("oidc-provider's own answers: JSON endpoints and error pages", async () => {
      for (const path of [
        '/.well-known/oauth-authorization-server',
        '/.well-known/openid-configuration',
        '/oauth/jwks',
      ]) {
        const response = await anonymous.request(`${base}${path}`);
        expect([path, response.status]).toEqual([path, 200]);
        expectBaseHeaders(response);
      }
      const error = await anonymous.request(`${base}/oauth/authorize?client_id=unknown&response_type=code`);
      expect(error.status).toBe(400);
      expectPageHeaders(error, "'none'");
      expect(error.headers.get('cross-origin-opener-policy')).toBeNull();
      for (const [path, body] of [
        ['/oauth/token', 'grant_type=authorization_code&code=x'],
        ['/oauth/register', '{}'],
      ]) {
        const response = await anonymous.request(`${base}${path}`, {
          method: 'POST',
          headers: {
            'content-type': path.endsWith('register')
              ? 'application/json'
              : 'application/x-www-form-urlencoded',
          },
          body,
        });
        expect([path, response.status]).toEqual([path, 400]);
        expectBaseHeaders(response);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('api pages and JSON: helmet everywhere, own policies on the editor and operator pages', async () => {
      for (const path of [
        '/healthz',
        '/readyz',
        '/.well-known/oauth-protected-resource/v2/mcp',
        '/no-such-route',
      ]) {
        expectBaseHeaders(await anonymous.request(`${base}${path}`));
      }
      const mcp = await anonymous.request(`${base}/v2/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(mcp.status).toBe(401);
      expectBaseHeaders(mcp);

      const docs = await anonymous.request(`${base}/docs`);
      expect(docs.status).toBe(200);
      expectPageHeaders(docs, "'self'");

      const project = demo.projects[0].key;
      for (const path of [`/editor/${project}`, '/editor/libraries', '/admin/queues']) {
        const response = await owner.request(`${base}${path}`);
        expect([path, response.status]).toEqual([path, 200]);
        if (
          path === '/admin/queues' &&
          !response.headers.get('content-security-policy')?.includes('nonce-')
        ) {
          expectPageHeaders(response, "'self'"); // bull-board, under helmet's default policy
        } else {
          expectPageHeaders(response, "'none'");
        }
      }
    });

    it('published sites: their own hash-based CSP, framed by Folio only', async () => {
      const sitePublication = await prisma.publication.findFirstOrThrow({ where: { kind: 'site' } });
      const site = await anonymous.request(`${base}/sites/${sitePublication.slug}/`);
      expect(site.status).toBe(200);
      expectPageHeaders(site, "'self'");
      expect(
        directives(site)
          .get('script-src')
          ?.filter((source) => source.startsWith("'sha256-")),
      ).not.toEqual([]);
      const missing = await anonymous.request(`${base}/sites/no-such-site/`);
      expect(missing.status).toBe(404);
      expectPageHeaders(missing, "'self'");
    });

    it('embed scripts and blobs stay loadable from any website', async () => {
      const embed = await prisma.publication.findFirstOrThrow({
        where: { kind: 'embed' },
        include: { project: { include: { pages: { where: { isHome: true } } } } },
      });
      const script = await anonymous.request(
        `${base}/embed/${embed.project.key}/${embed.project.pages[0].key}.js`,
        { headers: { origin: 'https://customer.example' } },
      );
      expect(script.status).toBe(200);
      expectBaseHeaders(script);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(script.headers.get('access-control-allow-origin')).toBe('*');
      expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

      const favicon = await anonymous.request(`${base}/favicon.ico`);
      expectBaseHeaders(favicon);
      const stored = await createBlobStore(database.config).put(Buffer.from('not really a png'), 'image/png');
      const blob = await anonymous.request(`${base}${stored.path}`);
      expect(blob.status).toBe(200);
      expectBaseHeaders(blob);
      expect(blob.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(blob.headers.get('access-control-allow-origin')).toBe('*');
    });
  });

  describe('CSRF', () => {
    it('every form of the account pages carries a token, and posting it without one changes nothing', async () => {
      const keysBefore = await prisma.apiKey.count();
      const pages = [
        '/account',
        '/account/keys',
        '/account/apps',
        `/account/accounts/${demo.accountKey}/keys`,
      ];
      const actions = new Set<string>();
      for (const path of pages) {
        const html = await (await owner.request(`${base}${path}`)).text();
        for (const form of postForms(html)) {
          expect([path, form.action, typeof form.fields._csrf]).toEqual([path, form.action, 'string']);
          if (actions.has(form.action)) continue;
          actions.add(form.action);
          const { _csrf, ...fields } = form.fields;
          const refused = await owner.request(new URL(form.action, `${base}${path}`).href, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ name: 'csrf probe', ...fields }),
          });
          expect([form.action, refused.status]).toEqual([form.action, 403]);
          // A token rendered for another browser is refused just the same.
          const foreign = await (await anonymous.request(`${base}/login`)).text();
          const stolen = findForm(foreign).querySelector('input[name=_csrf]')!.getAttribute('value')!;
          const replayed = await owner.request(new URL(form.action, `${base}${path}`).href, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ...fields, _csrf: stolen }),
          });
          expect([form.action, replayed.status]).toEqual([form.action, 403]);
        }
      }
      // At least: log out (every page's header), make a key, revoke one.
      expect([...actions]).toEqual(
        expect.arrayContaining([
          '/logout',
          '/account/keys',
          expect.stringMatching(/^\/account\/keys\/.+\/revoke$/),
        ]),
      );
      expect(await prisma.apiKey.count()).toBe(keysBefore);
      expect((await owner.request(`${base}/account`)).status).toBe(200); // still logged in
    });

    it('the login and sign-up forms refuse a post without a token', async () => {
      for (const path of ['/login', '/signup']) {
        const html = await (await anonymous.request(`${base}${path}`)).text();
        const [form] = postForms(html);
        expect(typeof form.fields._csrf).toBe('string');
        const { _csrf, ...fields } = form.fields;
        const response = await anonymous.request(`${base}${form.action}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...fields,
            email: 'csrf@example.test',
            password: 'long enough password',
            name: 'x',
          }),
        });
        expect([path, response.status]).toEqual([path, 403]);
        expect(response.headers.getSetCookie().some((line) => line.startsWith('folio_session='))).toBe(false);
      }
      expect(await prisma.user.count({ where: { email: 'csrf@example.test' } })).toBe(0);
    });

    it('every form of the editor and library pages refuses a post from another origin', async () => {
      const project = demo.projects[0].key;
      const versionsBefore = await prisma.projectVersion.count();
      for (const path of [`/editor/${project}`, '/editor/libraries']) {
        const html = await (await owner.request(`${base}${path}`)).text();
        const forms = postForms(html);
        expect(forms.length).toBeGreaterThan(0);
        for (const form of forms) {
          const url = new URL(form.action, `${base}${path}`).href;
          const post = (headers: Record<string, string>) =>
            owner.request(url, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
              body: new URLSearchParams(form.fields),
            });
          expect([form.action, (await post({ origin: evil })).status]).toEqual([form.action, 403]);
          expect([form.action, (await post({ 'sec-fetch-site': 'cross-site' })).status]).toEqual([
            form.action,
            403,
          ]);
        }
      }
      expect(await prisma.projectVersion.count()).toBe(versionsBefore);
    });
  });

  /** A client registered the way connectors do (RFC 7591, public client). */
  async function registerClient(metadata: Record<string, unknown> = {}) {
    const response = await anonymous.request(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [connector.redirectUri],
        token_endpoint_auth_method: 'none',
        client_name: 'Security Probe',
        ...metadata,
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  function authorizationUrl(clientId: string, params: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL(`${base}/oauth/authorize`);
    for (const [name, value] of Object.entries({
      client_id: clientId,
      redirect_uri: connector.redirectUri,
      response_type: 'code',
      scope: 'list:project',
      resource: `${base}/v2/mcp`,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...params,
    }))
      url.searchParams.set(name, value);
    return url.href;
  }

  describe('authorization', () => {
    const atClient = (url: string) => url.startsWith(connector.origin);
    /** The browser that connected the client in the first test, still logged in to Folio. */
    let connected: { browser: ProxiedBrowser; clientId: string };

    it('runs the OAuth chain under these policies: interaction forms with tokens, form_post to the client', async () => {
      const { body: client } = await registerClient();
      const person = browser();
      connected = { browser: person, clientId: client.client_id };
      let step = await person.follow(authorizationUrl(client.client_id, { response_mode: 'form_post' }));
      expect(step.url).toMatch(/\/interaction\/[\w-]+$/);
      expectPageHeaders(step.response, "'none'");
      expect(step.response.headers.get('cross-origin-opener-policy')).toBeNull();

      for (const stage of ['login', 'consent'] as const) {
        const html = await step.response.text();
        const forms = postForms(html);
        expect(forms.length).toBeGreaterThan(0);
        for (const form of forms) {
          expect([form.action, typeof form.fields._csrf]).toEqual([form.action, 'string']);
          const { _csrf, ...fields } = form.fields;
          const refused = await person.request(new URL(form.action, step.url).href, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ...fields, email: demo.users.owner, password }),
          });
          expect([form.action, refused.status]).toEqual([form.action, 403]);
        }
        step =
          stage === 'login'
            ? await person.submit(
                step.url,
                html,
                { email: demo.users.owner, password },
                { actionPart: '/login' },
              )
            : await person.submit(step.url, html, {}, { actionPart: '/confirm', stopAt: atClient });
      }

      // The provider answers with a page that posts the code to the client, under a policy that allows it.
      expect(step.response.status).toBe(200);
      const csp = directives(step.response);
      expect(csp.get('form-action')).toEqual(["'self'", connector.origin]);
      expect(csp.get('script-src')?.some((source) => source.startsWith("'sha256-"))).toBe(true);
      const callback = findForm(await step.response.text());
      expect(callback.getAttribute('action')).toBe(connector.redirectUri);
      expect(callback.querySelector('input[name=code]')).not.toBeNull();
    });

    it('asks for a login again once the person has logged out of Folio', async () => {
      const person = connected.browser;
      const account = await person.request(`${base}/account`);
      const out = await person.submit(`${base}/account`, await account.text(), {}, { actionPart: '/logout' });
      expect(out.url).toBe(`${base}/login?notice=signed-out`);
      const again = await person.follow(authorizationUrl(connected.clientId), {}, atClient);
      expect(again.url).toMatch(/\/interaction\/[\w-]+$/);
      expect(await again.response.text()).toContain('type="password"');
    });
  });

  describe('open redirects', () => {
    const offsite = [evil, '//evil.example/x', '/\\evil.example', '/.//evil.example'];

    it('login sends people back to this origin only', async () => {
      for (const next of offsite) {
        const person = browser();
        const page = await person.request(`${base}/login?next=${encodeURIComponent(next)}`);
        const form = postForms(await page.text())[0];
        expect([next, form.fields.next]).toEqual([next, '/account']);
        const response = await person.request(`${base}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...form.fields, next, email: demo.users.owner, password }),
        });
        expect([next, response.status, response.headers.get('location')]).toEqual([next, 303, '/account']);
      }
      for (const path of ['/login', '/signup']) {
        for (const next of offsite) {
          const response = await owner.request(`${base}${path}?next=${encodeURIComponent(next)}`);
          expect([path, next, response.headers.get('location')]).toEqual([path, next, '/account']);
        }
      }
    });

    it('the authorization server redirects only to registered URIs of its own clients', async () => {
      const { body: client } = await registerClient();
      const refusals = [
        authorizationUrl(client.client_id, { redirect_uri: `${evil}/callback` }),
        `${base}/oauth/logout?post_logout_redirect_uri=${encodeURIComponent(evil)}`,
        `${base}/oauth/logout?client_id=${client.client_id}&post_logout_redirect_uri=${encodeURIComponent(evil)}`,
      ];
      for (const url of refusals) {
        const response = await owner.request(url);
        expect([url, response.status >= 400, response.headers.get('location')]).toEqual([url, true, null]);
      }
    });

    it('names PUBLIC_BASE_URL in metadata and redirects, whatever Host a request forwards', async () => {
      const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
      const metadata = (await (
        await anonymous.request(`${base}/.well-known/oauth-authorization-server`, { headers: forged })
      ).json()) as Record<string, unknown>;
      const urls = Object.values(metadata).filter(
        (value) => typeof value === 'string' && /^https?:/.test(value),
      );
      expect(urls.length).toBeGreaterThan(3);
      for (const url of urls) expect(url).toMatch(new RegExp(`^${base}(/|$)`));
      const { body: client } = await registerClient();
      const start = await browser().request(authorizationUrl(client.client_id), { headers: forged });
      expect(new URL(start.headers.get('location')!, base).origin).toBe(base);
      expect(start.headers.getSetCookie().every((line) => /;\s*secure/i.test(line))).toBe(true);
    });
  });

  describe('outbound fetches of the authorization server', () => {
    let documents: TestHttpsServer;
    let localhostBase: string;

    beforeAll(async () => {
      documents = await startTestHttpsServer((request, response) => {
        const clientId = `${localhostBase}${request.url}`;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            request.url === '/sector.json'
              ? [connector.redirectUri]
              : {
                  client_id: clientId,
                  client_name: 'Local',
                  redirect_uris: [connector.redirectUri],
                  token_endpoint_auth_method: 'none',
                },
          ),
        );
      });
      localhostBase = documents.base.replace('127.0.0.1', 'localhost');
    });
    afterAll(() => documents?.close());

    it('refuses a client metadata document whose host resolves to a private address, before connecting', async () => {
      const response = await browser().request(authorizationUrl(`${localhostBase}/client.json`));
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      const text = await response.text();
      expect(text).toContain('invalid_client');
      expect(text).toContain('metadata document fetch failed');
      expect(documents.connections).toBe(0);
    });

    it('refuses a registration whose sector_identifier_uri is private, before connecting', async () => {
      const { status, body } = await registerClient({
        sector_identifier_uri: `${localhostBase}/sector.json`,
      });
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_client_metadata');
      expect(documents.connections).toBe(0);
    });
  });

  // Last: it judges every Set-Cookie line the tests above received.
  it("sets every cookie HttpOnly, Secure and SameSite=Lax (ours and oidc-provider's)", () => {
    const names = new Set(cookieLines.map((line) => line.slice(0, line.indexOf('='))));
    expect([...names]).toEqual(
      expect.arrayContaining([
        '__Host-folio_csrf',
        'folio_oidc_interaction',
        'folio_oidc_interaction.sig',
        'folio_oidc_resume',
        'folio_oidc_resume.sig',
        'folio_oidc_session',
        'folio_oidc_session.sig',
        'folio_session',
      ]),
    );
    for (const line of cookieLines) {
      const attributes = line
        .split(';')
        .slice(1)
        .map((attribute) => attribute.trim().toLowerCase());
      expect([line.split('=')[0], attributes]).toEqual([
        line.split('=')[0],
        expect.arrayContaining(['httponly', 'secure', 'samesite=lax']),
      ]);
    }
  });
});
