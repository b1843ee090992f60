import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as oauth from 'oauth4webapi';
import { createServer } from 'node:http';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { type PrismaClient } from '#folio/db';
import { ActorService } from '#folio/identity';
import {
  BrowserClient,
  freePort,
  launchChromium,
  newApiKey,
  newOAuthKey,
  newOrganization,
  newProject,
  newUser,
  startTestApp,
  type TestApp,
  type TestOrganization,
} from '#folio/testing';

const artifacts = resolve(process.cwd(), 'test/artifacts');

interface BrowserSetup {
  /** For reading rows, and arranging what no service makes (a dated credit history). */
  prisma: PrismaClient;
  app: TestApp;
  /** The public base URL, http://localhost:<port> (also the OAuth issuer). */
  base: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** A person who signed up through the page; log in as them with `loginWithKeyboard`. */
  person: { name: string; email: string; password: string };
  /** Console errors and CSP violations seen so far: a page that works shows none. */
  consoleErrors: string[];
  screenshot(name: string, options?: { fullPage?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app (api and auth on one port, as `npm start` runs them) on a fresh database, a Chromium
 * page, and one signed-up person. The OAuth browser test reuses it.
 */
async function setup(): Promise<BrowserSetup> {
  const app = await startTestApp({ app: 'standalone', ownAddress: true });
  const { baseUrl: base, prisma } = app;
  const person = { name: 'Grace Hopper', email: 'grace@example.test', password: 'a long browser password' };
  const signup = new BrowserClient();
  const form = await (await signup.request(`${base}/signup`)).text();
  const done = await signup.submit(`${base}/signup`, form, person);
  if (new URL(done.url).pathname !== '/account') throw new Error(`sign-up failed: ${done.response.status}`);

  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // Error statuses the test provokes (a wrong password, a 404) are logged too; they are not faults.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await mkdir(artifacts, { recursive: true });

  return {
    prisma,
    app,
    base,
    browser,
    context,
    page,
    person,
    consoleErrors,
    async screenshot(name, options = {}) {
      const path = resolve(artifacts, `${name}.png`);
      await page.screenshot({ path, fullPage: options.fullPage ?? true });
      return path;
    },
    async close() {
      await browser.close();
      await app.close();
    },
  };
}

/** What has keyboard focus: its accessible-ish name (label, aria-label or text) and tag. */
async function focused(page: Page): Promise<{ tag: string; name: string; outline: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { tag: '', name: '', outline: '' };
    const input = element as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? '';
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      name: (element.getAttribute('aria-label') || label || element.textContent || '')
        .replace(/\s+/g, ' ')
        .trim(),
      // A visible focus indicator: an outline or a focus ring drawn as a box shadow.
      outline: style.outlineStyle !== 'none' ? style.outlineStyle : style.boxShadow,
    };
  });
}

/** Presses Tab until the focused element's name matches; fails if that takes more than `limit` presses. */
async function tabTo(page: Page, name: RegExp, limit = 40): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    seen.push(now.name);
    if (name.test(now.name)) return;
  }
  throw new Error(`Tab never reached ${name}; focus went through: ${seen.join(' → ')}`);
}

/** Logs in from the login page with the keyboard only: Tab through the form, type, Enter. */
async function loginWithKeyboard(page: Page, person: { email: string; password: string }): Promise<void> {
  await tabTo(page, /^Email$/);
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  expect((await focused(page)).name).toBe('Password');
  await page.keyboard.type(person.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('account pages in Chromium', () => {
  let s: BrowserSetup;
  /** Grace's organization, made in the overview test and read by the later ones. */
  let northwind: TestOrganization;

  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('logs in with the keyboard alone, in a logical tab order with visible focus', async () => {
    const { page } = s;
    await page.goto('/account/keys');
    expect(new URL(page.url()).pathname).toBe('/login');
    await s.screenshot('auth-login');

    await page.keyboard.press('Tab');
    const skip = await focused(page);
    expect(skip.name).toBe('Skip to main content');
    // Hidden until focused, then on screen.
    expect((await page.locator('.skip-link').boundingBox())!.y).toBeGreaterThanOrEqual(0);
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      order.push(now.name);
      expect(now.outline).not.toBe('none');
    }
    expect(order).toEqual(['Email', 'Password', 'Log in', 'Create an account']);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('grace@example.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).toContain(
      'That email and password do not match an account.',
    );
    // The email is kept and focus waits in the password field.
    expect(await page.getByLabel('Email').inputValue()).toBe('grace@example.test');
    expect((await focused(page)).name).toBe('Password');
    await s.screenshot('auth-login-error');

    await page.goto('/login?next=%2Faccount%2Fkeys');
    await loginWithKeyboard(page, s.person);
    expect(new URL(page.url()).pathname).toBe('/account/keys');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('API keys');
  });

  it("shows accounts, teams and credits, and an admin's view of members' keys", async () => {
    const { page, prisma, app } = s;
    const grace = await prisma.user.findUniqueOrThrow({ where: { email: s.person.email } });
    // The member's key is made before they join, so Northwind's audit log (read below) does not list it.
    const member = await newUser(app, { email: 'linus@example.test', name: 'Linus Member' });
    await newApiKey(app, member, { name: 'Deploy bot', scopes: ['list:project', 'create:project'] });
    northwind = await newOrganization(app, {
      name: 'Northwind Studio',
      credits: 4200,
      members: [
        { user: grace, role: 'owner' },
        { user: member, role: 'editor' },
      ],
      teams: [
        { name: 'Atlas', credits: 350, members: [{ user: grace, role: 'editor' }] },
        { name: 'Beacon' },
      ],
    });

    await page.goto('/account');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hello, Grace Hopper');
    const cards = page.locator('.account-card');
    expect(await cards.nth(0).textContent()).toMatch(
      /Grace Hopper's account\s*Personal[\s\S]*Owner[\s\S]*AI credits\s*0/,
    );
    expect(await cards.nth(1).textContent()).toMatch(
      /Northwind Studio\s*Organization[\s\S]*Owner[\s\S]*4,200/,
    );
    expect(await page.getByRole('row', { name: /Atlas/ }).textContent()).toMatch(
      /Atlas\s*Northwind Studio\s*Editor\s*350/,
    );
    await s.screenshot('auth-overview');

    await tabTo(page, /^Members' API keys of Northwind Studio →$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/account/accounts/${northwind.key}/keys$`));
    const row = page.getByRole('row', { name: /linus@example\.test/ });
    expect(await row.textContent()).toMatch(/Deploy bot[\s\S]*list:project\s*create:project/);
    await s.screenshot('auth-member-keys');
  });

  it("leads from a pool's credit figure to its ledger, newest first, with signs that need no colour", async () => {
    const { page, prisma, app } = s;
    const grace = await prisma.user.findUniqueOrThrow({ where: { email: s.person.email } });
    const actor = await app.get(ActorService).load(grace.id);
    const project = await newProject(app, { actor }, { title: 'Harbor Coffee', accountKey: northwind.key });
    // A dated history, so the page shows fixed dates: no service back-dates entries, so it replaces the grant.
    await prisma.creditEntry.deleteMany({ where: { accountId: northwind.id, teamId: null } });
    await prisma.creditEntry.createMany({
      data: [
        { accountId: northwind.id, delta: 4250, reason: 'Welcome grant', createdAt: new Date('2026-03-01') },
        {
          accountId: northwind.id,
          delta: -50,
          reason: 'AI page generation',
          projectId: project.projectId,
          createdAt: new Date('2026-03-02'),
        },
      ],
    });

    await page.goto('/account');
    await tabTo(page, /^4,200 credits in Northwind Studio, see history$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/account/credits#account-${northwind.key}$`));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('AI credits');
    expect(await page.getByRole('link', { name: 'AI credits' }).getAttribute('aria-current')).toBe('page');
    const card = page.locator(`#account-${northwind.key}`);
    expect(await card.locator('.pool-head').textContent()).toMatch(/Northwind Studio\s*4,200 credits left/);
    const rows = await card.locator('tbody tr').allTextContents();
    expect(rows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      'Mar 2, 2026 −50 AI page generation Harbor Coffee',
      'Mar 1, 2026 +4,250 Welcome grant —',
    ]);
    expect(await page.locator(`#team-${northwind.teams[1].key}`).textContent()).toContain(
      'No credit movements yet.',
    );
    await s.screenshot('auth-credits');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await s.screenshot('auth-credits-mobile', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('creates a key with the keyboard, shows it once with a working copy button, and revokes it', async () => {
    const { page } = s;
    await page.goto('/account/keys');
    await s.screenshot('auth-keys-empty');

    await tabTo(page, /^Name$/);
    await page.keyboard.type('Laptop agent');
    await tabTo(page, /^create:project$/);
    await page.keyboard.press('Space');
    await tabTo(page, /^Create key$/);
    await page.keyboard.press('Enter');
    await page.waitForLoadState();

    const shown = page.locator('#new-key');
    const key = await shown.inputValue();
    expect(key).toMatch(/^folio_sk_[A-Za-z0-9]{40}$/);
    expect(await page.getByText("You won't be able to see it again.").isVisible()).toBe(true);
    const row = page.getByRole('row', { name: /Laptop agent/ });
    expect(await row.textContent()).toMatch(/list:project\s*create:project/);

    // The copy button is revealed by the inline script (allowed by its CSP nonce) and copies the key.
    await tabTo(page, /^Copy$/);
    await page.keyboard.press('Enter');
    await page.getByText('The key is on your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await s.screenshot('auth-keys-created');

    // Shown once: the list keeps the prefix only.
    await page.goto('/account/keys');
    expect(await page.content()).not.toContain(key);
    expect(await page.getByRole('row', { name: /Laptop agent/ }).textContent()).toContain(
      `${key.slice(0, 13)}…`,
    );
    await s.screenshot('auth-keys-list');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await s.screenshot('auth-keys-mobile', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 860 });

    await tabTo(page, /^Revoke key Laptop agent$/);
    await page.keyboard.press('Enter');
    // The notice comes from the session, not the URL, which stays the list's.
    await page.getByRole('status').filter({ hasText: 'The key was revoked.' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('row', { name: /Laptop agent/ }).count()).toBe(0);
    await s.screenshot('auth-keys-revoked');
  });

  it('lists connected apps and disconnects one; error pages are readable', async () => {
    const { page, prisma, app } = s;
    await page.goto('/account/apps');
    expect(await page.getByText('No connected apps.').isVisible()).toBe(true);

    const grace = await prisma.user.findUniqueOrThrow({ where: { email: s.person.email } });
    const { key } = await newOAuthKey(app, grace, {
      clientId: 'browser-test-client',
      clientName: 'Claude',
      scopes: ['list:project', 'create:project'],
    });
    await page.goto('/account/apps');
    const card = page.locator('.app-card');
    expect(await card.textContent()).toMatch(
      /Claude[\s\S]*not used yet[\s\S]*list:project[\s\S]*create:project/,
    );
    await s.screenshot('auth-apps');
    await tabTo(page, /^Disconnect Claude$/);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'The app was disconnected.' }).waitFor();
    expect(await page.getByText('No connected apps.').isVisible()).toBe(true);
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();

    const missing = await page.goto('/account/no-such-page');
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await s.screenshot('auth-404');
  });

  it("shows an account owner each account's audit log, newest first, reached with the keyboard", async () => {
    const { page } = s;
    await page.goto('/account');
    await tabTo(page, /^Audit log$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/account\/audit$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Audit log');
    expect(await page.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
    const actions = async () =>
      (await page.locator('tbody tr th').allTextContents()).map((text) => text.trim());
    // The key made and revoked above, and the app connected and disconnected, reached both of Grace's accounts.
    const expected = [
      'Disconnected an app',
      'Revoked an API key',
      'Created an API key',
      'Revoked an API key',
      'Created an API key',
    ];
    expect(await actions()).toEqual(expected);
    const laptopCreated = page
      .getByRole('row', { name: /Created an API key/ })
      .filter({ hasText: 'Laptop agent' });
    expect(await laptopCreated.textContent()).toMatch(
      /Grace Hopper[\s\S]*Laptop agent[\s\S]*Scopes: list:project, create:project/,
    );
    await s.screenshot('auth-audit');

    await tabTo(page, /^Northwind Studio$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/account/audit\\?account=${northwind.key}$`));
    expect(await page.getByRole('link', { name: 'Northwind Studio' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await actions()).toEqual(expected);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await s.screenshot('auth-audit-mobile', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('signs up a new person through the page and logs them out', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.getByRole('status').textContent()).toContain('You have logged out.');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Alan Turing');
    await page.getByLabel('Email').fill('alan@example.test');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#signup-password-error').textContent()).toBe('Use at least 10 characters.');
    await s.screenshot('auth-signup-error');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hello, Alan Turing');
    expect(s.consoleErrors).toEqual([]);
  });
});

describe('connecting an app through the consent screen in Chromium', () => {
  let s: BrowserSetup;

  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('logs in, shows the client and its scopes, lets the person untick create:project, and issues a list-only key', async () => {
    const { page, base } = s;
    const insecure = { [oauth.allowInsecureRequests]: true };
    // A local callback, as MCP Inspector uses: it records the URL the browser is sent back to.
    let callback: URL | undefined;
    const receiver = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // Only the callback itself: the browser also asks this origin for /favicon.ico.
      if (url.pathname === '/oauth/callback') callback = url;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Connected</p>');
    });
    const receiverPort = await freePort();
    await new Promise<void>((done) => receiver.listen(receiverPort, done));
    const redirectUri = `http://localhost:${receiverPort}/oauth/callback`;
    const issuer = new URL(base);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'Claude' },
        insecure,
      ),
    );
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint!);
    for (const [key, value] of Object.entries({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'list:project create:project',
      resource: `${base}/v2/mcp`,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(key, value);

    await page.goto(url.toString());
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Log in to continue');
    expect(await page.locator('main').textContent()).toContain('Claude wants to connect');
    await s.screenshot('oauth-login');
    await tabTo(page, /^Email$/);
    await page.keyboard.type(s.person.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(s.person.password);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: /^Allow Claude/ }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Allow Claude to use your Folio account?',
    );
    const consent = (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
    expect(consent).toContain(`localhost:${receiverPort}`);
    expect(consent).toContain('See your projects');
    expect(consent).toContain('Create projects and pages');
    await s.screenshot('oauth-consent');

    await tabTo(page, /Create projects and pages/);
    expect(await page.getByRole('checkbox', { name: /Create projects and pages/ }).isChecked()).toBe(true);
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: /Create projects and pages/ }).isChecked()).toBe(false);
    await tabTo(page, /^Allow$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/oauth\/callback/);
    receiver.close();

    expect(callback?.searchParams.get('iss')).toBe(base);
    const params = oauth.validateAuthResponse(
      as,
      client,
      new URL(callback!.search, redirectUri),
      oauth.expectNoState,
    );
    const token = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, {
        ...insecure,
        additionalParameters: { resource: `${base}/v2/mcp` },
      }),
    );
    expect(token.scope).toBe('list:project');
    expect(token.access_token).toMatch(/^folio_at_/);

    await page.goto('/account/apps');
    expect(await page.locator('.app-card').textContent()).toMatch(/Claude[\s\S]*list:project/);
    expect(await page.locator('.app-card').textContent()).not.toContain('create:project');
    await s.screenshot('oauth-connected-apps');
    expect(s.consoleErrors).toEqual([]);
  });
});
