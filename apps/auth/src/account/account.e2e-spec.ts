import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newPublicKey } from '#folio/content';
import { type AddressInfo } from 'node:net';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { parse } from 'node-html-parser';
import { CreditLedger } from '#folio/credits';
import { hashApiKey, hashPassword, hashSessionToken } from '#folio/identity';
import { type DemoCredentials, demoKeys, seedDemo } from '#folio/seed';
import {
  BrowserClient,
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  pageText,
} from '#folio/testing';
import { createAuthApp } from '../auth.app.js';
import { AccountController } from './account.controller.js';
import { AuditController } from './audit.controller.js';
import { SignInController } from './sign-in.controller.js';

const password = 'correct horse battery staple';
let db: MigratedTestDatabase;
let app: NestExpressApplication;
let base: string;
let people = 0;

beforeAll(async () => {
  db = await createMigratedTestDatabase();
  app = await createAuthApp(db.config);
  await app.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await db?.dispose();
});

/** A person who signed up through the page, with a browser logged in as them. */
async function signUp(name = `Person ${people + 1}`) {
  const email = `Person.${++people}.${Date.now()}@Example.test`;
  const browser = new BrowserClient();
  const page = await browser.request(`${base}/signup`);
  const done = await browser.submit(`${base}/signup`, await page.text(), { name, email, password });
  const user = await db.prisma.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
  return { browser, email: email.toLowerCase(), user, landed: done };
}

async function get(browser: BrowserClient, path: string) {
  const response = await browser.request(`${base}${path}`);
  return { response, html: await response.text() };
}

function csrfToken(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no CSRF token in page');
  return token;
}

function post(browser: BrowserClient, path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return browser.request(`${base}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function createKey(browser: BrowserClient, fields: Record<string, string | string[]>) {
  const { html } = await get(browser, '/account/keys');
  const { response } = await browser.submit(`${base}/account/keys`, html, fields, {
    actionPart: '/account/keys',
  });
  const page = await response.text();
  const text = /id="new-key"[^>]*value="(folio_sk_[A-Za-z0-9]+)"/.exec(page)?.[1];
  return { response, page, text };
}

describe(SignInController.name, () => {
  it('signs a person up with a personal account and lands them logged in on /account', async () => {
    const { landed, user, email, browser } = await signUp('Ada Lovelace');
    expect(new URL(landed.url).pathname).toBe('/account');
    expect(landed.response.status).toBe(200);
    const text = pageText(await landed.response.text());
    expect(text).toContain('Hello, Ada Lovelace');
    expect(text).toContain("Ada Lovelace's account");
    expect(text).toMatch(/Ada Lovelace's account\s*Personal\s*Your role\s*Owner\s*AI credits\s*0/);
    expect(user.email).toBe(email);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);

    // The session cookie: HttpOnly, SameSite=Lax, 30 days, not Secure on plain http; only its hash stored.
    const fresh = new BrowserClient();
    const login = await get(fresh, '/login');
    const response = await post(fresh, '/login', { _csrf: csrfToken(login.html), email, password });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('folio_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const token = /^folio_session=([^;]+)/.exec(cookie)![1];
    const sessions = await db.prisma.session.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(2);
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect((await get(browser, '/account')).response.status).toBe(200);
  });

  it('shows what is wrong next to each field and keeps what was typed', async () => {
    const browser = new BrowserClient();
    const page = await get(browser, '/signup');
    const { response } = await browser.submit(`${base}/signup`, page.html, {
      name: 'Short Password',
      email: 'short@example.test',
      password: 'tooshort',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="signup-password-error">Use at least 10 characters\./);
    expect(html).toContain('value="short@example.test"');
    expect(await db.prisma.user.count({ where: { email: 'short@example.test' } })).toBe(0);
  });

  it('refuses a second sign-up with the same email in another case', async () => {
    const { email } = await signUp();
    const browser = new BrowserClient();
    const page = await get(browser, '/signup');
    const { response } = await browser.submit(`${base}/signup`, page.html, {
      name: 'Copycat',
      email: email.toUpperCase(),
      password,
    });
    expect(response.status).toBe(409);
    expect(pageText(await response.text())).toContain('An account with this email already exists');
    expect(await db.prisma.user.count({ where: { email } })).toBe(1);
  });

  it('logs in, and refuses a wrong password without saying which part was wrong', async () => {
    const { email } = await signUp();
    const browser = new BrowserClient();
    const page = await get(browser, '/login');
    const wrong = await browser.submit(`${base}/login`, page.html, { email, password: 'not the password' });
    expect(wrong.response.status).toBe(400);
    const wrongHtml = await wrong.response.text();
    expect(pageText(wrongHtml)).toContain('That email and password do not match an account.');
    expect(wrongHtml).toContain(`value="${email}"`);
    expect((await get(browser, '/account')).response.status).toBe(303);

    const right = await browser.submit(`${base}/login`, wrongHtml, { email: email.toUpperCase(), password });
    expect(new URL(right.url).pathname).toBe('/account');
    expect(right.response.status).toBe(200);
  });

  it('returns to a same-origin `next`, and never follows one that leaves the site', async () => {
    const { email } = await signUp();
    for (const [next, expected] of [
      ['/account/keys', '/account/keys'],
      ['https://evil.example', '/account'],
      ['//evil.example/account', '/account'],
      ['/\\evil.example', '/account'],
      ['javascript:alert(1)', '/account'],
    ]) {
      const browser = new BrowserClient();
      const page = await get(browser, `/login?next=${encodeURIComponent(next)}`);
      expect(page.html).not.toContain('evil.example');
      // Even a form tampered with to carry the bad `next` ends on our own page.
      const response = await post(browser, '/login', { _csrf: csrfToken(page.html), email, password, next });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(expected);
    }
  });

  it('sends anonymous visitors of account pages to log in, and back afterwards', async () => {
    const { email } = await signUp();
    const browser = new BrowserClient();
    const first = await browser.request(`${base}/account/keys`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/login?next=%2Faccount%2Fkeys');
    const { url, response } = await browser.follow(`${base}/account/keys`);
    const done = await browser.submit(url, await response.text(), { email, password });
    expect(new URL(done.url).pathname).toBe('/account/keys');
    expect(done.response.status).toBe(200);
  });

  it('logs out: the old session cookie stops working', async () => {
    const { email } = await signUp();
    const browser = new BrowserClient();
    const login = await get(browser, '/login');
    const loggedIn = await post(browser, '/login', { _csrf: csrfToken(login.html), email, password });
    const token = /^folio_session=([^;]+)/.exec(
      loggedIn.headers.getSetCookie().find((c) => c.startsWith('folio_session='))!,
    )![1];
    const page = await get(browser, '/account');
    expect(page.response.status).toBe(200);

    const { response, url } = await browser.submit(
      `${base}/account`,
      page.html,
      {},
      { actionPart: '/logout' },
    );
    expect(new URL(url).pathname).toBe('/login');
    expect(pageText(await response.text())).toContain('You have logged out.');
    expect(await db.prisma.session.count({ where: { tokenHash: hashSessionToken(token) } })).toBe(0);

    const replayed = await fetch(`${base}/account`, {
      headers: { cookie: `folio_session=${token}` },
      redirect: 'manual',
    });
    expect(replayed.status).toBe(303);
    expect(replayed.headers.get('location')).toBe('/login?next=%2Faccount');
  });

  it('throttles login attempts per address and email: 429 with Retry-After after 10', async () => {
    const { email } = await signUp();
    const browser = new BrowserClient();
    const page = await get(browser, '/login');
    const attempt = (who: string, secret: string) =>
      post(browser, '/login', { _csrf: csrfToken(page.html), email: who, password: secret });
    for (let i = 0; i < 10; i++) expect((await attempt(email, `wrong password ${i}`)).status).toBe(400);

    const blocked = await attempt(` ${email.toUpperCase()}`, password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
    const text = pageText(await blocked.text());
    expect(text).toContain('Too many attempts');
    expect(text).toMatch(/try again in 15 minutes/);
    expect(blocked.headers.getSetCookie().some((c) => c.startsWith('folio_session='))).toBe(false);

    // Another email from the same address is not held up.
    const other = await signUp();
    expect((await attempt(other.email, password)).status).toBe(303);
  });

  it('serves the stylesheet with a long cache and a CSP that allows no inline script without its nonce', async () => {
    const page = await fetch(`${base}/login`);
    const html = await page.text();
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    expect(href).toMatch(/^\/auth-assets\/auth\.css\?v=[0-9a-f]{12}$/);
    const css = await fetch(`${base}${href}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const csp = page.headers.get('content-security-policy')!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1];
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("form-action 'self'");
  });

  it('refuses form bodies over 100 kB with a readable 413 page', async () => {
    const response = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=a%40example.test&password=${'x'.repeat(110_000)}`,
    });
    expect(response.status).toBe(413);
    const text = pageText(await response.text());
    expect(text).toContain('That was too much');
    expect(text).not.toContain('xxxxxxxx');
  });

  it('answers unknown auth paths with a 404 page, not a stack trace', async () => {
    const response = await fetch(`${base}/account-nothing-here/../account/nope`);
    expect(response.status).toBe(404);
    const text = pageText(await response.text());
    expect(text).toContain('Page not found');
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe(AccountController.name, () => {
  it('creates a key shown once (only its hash is stored), lists it, and revokes it', async () => {
    const { browser, user } = await signUp();
    const created = await createKey(browser, { name: 'Build server', scopes: 'create:project' });
    expect(created.response.status).toBe(201);
    expect(created.response.headers.get('cache-control')).toBe('no-store');
    expect(created.text).toMatch(/^folio_sk_[A-Za-z0-9]{40}$/);
    expect(pageText(created.page)).toContain("You won't be able to see it again.");
    // The copy button's script carries the page's CSP nonce.
    const nonce = /'nonce-([^']+)'/.exec(created.response.headers.get('content-security-policy')!)![1];
    expect(created.page).toContain(`<script nonce="${nonce}">`);

    const rows = await db.prisma.apiKey.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Build server',
      hash: hashApiKey(created.text!),
      source: 'manual',
    });
    expect([...rows[0].scopes].sort()).toEqual(['create:project', 'list:project']);
    expect(JSON.stringify(rows)).not.toContain(created.text);

    const list = await get(browser, '/account/keys');
    expect(list.response.headers.get('cache-control')).toBe('no-store');
    const listed = pageText(list.html);
    expect(listed).toContain('Build server');
    expect(listed).toContain(`${created.text!.slice(0, 13)}…`);
    expect(listed).toMatch(/list:project\s*create:project\s*Manual/);
    expect(listed).toContain('Never');
    expect(list.html).not.toContain(created.text);

    const revoked = await browser.submit(
      `${base}/account/keys`,
      list.html,
      {},
      { actionPart: `/account/keys/${rows[0].key}/revoke` },
    );
    expect(new URL(revoked.url).pathname).toBe('/account/keys');
    const after = pageText(await revoked.response.text());
    expect(after).toContain('The key was revoked.');
    expect(after).not.toContain('Build server');
    expect(
      (await db.prisma.apiKey.findUniqueOrThrow({ where: { id: rows[0].id } })).revokedAt,
    ).not.toBeNull();
  });

  it('refuses a key without a name, naming the field, and creates nothing', async () => {
    const { browser, user } = await signUp();
    const { response, page } = await createKey(browser, { name: '  ' });
    expect(response.status).toBe(400);
    expect(page).toMatch(/id="key-name-error">give the key a name/);
    expect(await db.prisma.apiKey.count({ where: { userId: user.id } })).toBe(0);
  });

  it('restricts a key to one of your accounts when asked', async () => {
    const { browser, user } = await signUp();
    const account = await db.prisma.account.findFirstOrThrow({
      where: { memberships: { some: { userId: user.id } } },
    });
    const { response } = await createKey(browser, { name: 'Only personal', account: account.key });
    expect(response.status).toBe(201);
    expect(await db.prisma.apiKey.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      accountId: account.id,
    });
    const refused = await createKey(browser, { name: 'Elsewhere', account: 'acNotMine0001' });
    expect(refused.response.status).toBe(400);
    expect(refused.page).toContain('Choose one of your accounts.');
  });

  it('refuses a form posted without, or with a wrong or foreign, CSRF token (403) and changes nothing', async () => {
    const { browser, user } = await signUp();
    const other = await signUp();
    const foreign = csrfToken((await get(other.browser, '/account/keys')).html);
    const own = csrfToken((await get(browser, '/account/keys')).html);
    const tampered = `${own.slice(0, -4)}${own.endsWith('aaaa') ? 'bbbb' : 'aaaa'}`;
    for (const token of [undefined, 'not-a-token', tampered, foreign]) {
      const response = await post(browser, '/account/keys', {
        name: 'Sneaky',
        ...(token ? { _csrf: token } : {}),
      });
      expect(response.status).toBe(403);
      expect(pageText(await response.text())).toContain('This form has expired or did not come from Folio.');
    }
    expect(await db.prisma.apiKey.count({ where: { userId: user.id } })).toBe(0);

    const logout = await post(browser, '/logout', {});
    expect(logout.status).toBe(403);
    expect((await get(browser, '/account')).response.status).toBe(200);
    const login = await post(new BrowserClient(), '/login', { email: other.email, password });
    expect(login.status).toBe(403);
  });

  it('shows your accounts, teams and credits, with the members-keys link only where you administer', async () => {
    const owner = await signUp('Olga Owner');
    const member = await signUp('Max Member');
    await db.prisma.account.create({
      data: {
        key: 'acStudioE2e01',
        name: 'Studio E2E',
        kind: 'organization',
        credits: 1250,
        memberships: {
          create: [
            { userId: owner.user.id, role: 'admin' },
            { userId: member.user.id, role: 'viewer' },
          ],
        },
        teams: {
          create: {
            key: 'tmE2eTeam0001',
            name: 'Atlas',
            credits: 75,
            members: { create: { userId: member.user.id, role: 'editor' } },
          },
        },
      },
    });
    const ownerView = await get(owner.browser, '/account');
    const ownerText = pageText(ownerView.html);
    expect(ownerText).toMatch(/Studio E2E\s*Organization\s*Your role\s*Admin\s*AI credits\s*1,250/);
    expect(ownerView.html).toContain('href="/account/accounts/acStudioE2e01/keys"');
    expect(ownerText).toMatch(/Atlas\s*Studio E2E\s*Oversees \(account admin\)\s*75/);

    const memberView = await get(member.browser, '/account');
    const memberText = pageText(memberView.html);
    expect(memberText).toMatch(/Studio E2E\s*Organization\s*Your role\s*Viewer/);
    expect(memberText).toMatch(/Atlas\s*Studio E2E\s*Editor\s*75/);
    expect(memberView.html).not.toContain('/account/accounts/acStudioE2e01/keys');
  });

  it("lets an account admin see and revoke members' keys that reach the account; others get 404", async () => {
    const admin = await signUp('Ann Admin');
    const member = await signUp('Mo Member');
    const account = await db.prisma.account.create({
      data: {
        key: 'acAdminE2e001',
        name: 'Admin Studio',
        kind: 'organization',
        memberships: {
          create: [
            { userId: admin.user.id, role: 'admin' },
            { userId: member.user.id, role: 'editor' },
          ],
        },
      },
    });
    const personal = await db.prisma.account.findFirstOrThrow({
      where: { kind: 'personal', memberships: { some: { userId: member.user.id } } },
    });
    await createKey(member.browser, { name: 'Member laptop' });
    await createKey(member.browser, { name: 'Personal only', account: personal.key });

    const page = await get(admin.browser, `/account/accounts/${account.key}/keys`);
    expect(page.response.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toContain(member.email);
    expect(text).toContain('Member laptop');
    expect(text).not.toContain('Personal only');

    const key = await db.prisma.apiKey.findFirstOrThrow({
      where: { userId: member.user.id, name: 'Member laptop' },
    });
    const done = await admin.browser.submit(
      `${base}/account/accounts/${account.key}/keys`,
      page.html,
      {},
      { actionPart: `/keys/${key.key}/revoke` },
    );
    expect(new URL(done.url).pathname).toBe(`/account/accounts/${account.key}/keys`);
    expect(pageText(await done.response.text())).not.toContain('Member laptop');
    expect(await db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({
      revokedById: admin.user.id,
    });
    expect(pageText((await get(member.browser, '/account/keys')).html)).not.toContain('Member laptop');

    // The member (an editor), and anyone for an unknown account, get the same 404.
    for (const path of [`/account/accounts/${account.key}/keys`, '/account/accounts/acDoesNotExist/keys']) {
      const denied = await get(member.browser, path);
      expect(denied.response.status).toBe(404);
      expect(pageText(denied.html)).toContain('No such account.');
    }
    const other = await createKey(admin.browser, { name: 'Admin own' });
    expect(other.response.status).toBe(201);
    const adminKey = await db.prisma.apiKey.findFirstOrThrow({ where: { userId: admin.user.id } });
    const memberKeys = await get(member.browser, '/account/keys');
    const forged = await post(member.browser, `/account/keys/${adminKey.key}/revoke`, {
      _csrf: csrfToken(memberKeys.html),
    });
    expect(forged.status).toBe(404);
    expect((await db.prisma.apiKey.findUniqueOrThrow({ where: { id: adminKey.id } })).revokedAt).toBeNull();
  });

  it('lists connected apps and disconnects one, revoking its keys', async () => {
    const { browser, user } = await signUp();
    const empty = await get(browser, '/account/apps');
    expect(pageText(empty.html)).toContain('No connected apps.');
    const key = await db.prisma.apiKey.create({
      data: {
        key: newPublicKey(),
        userId: user.id,
        name: 'Claude',
        prefix: 'folio_at_Abcd',
        hash: 'f'.repeat(63) + String(people % 10),
        scopes: ['list:project'],
        source: 'oauth',
        oauthClientId: 'client-e2e-1',
        oauthGrantId: 'grant-e2e-1',
      },
    });
    const page = await get(browser, '/account/apps');
    expect(pageText(page.html)).toMatch(/Claude\s*Connected .* not used yet\s*list:project/);
    expect(pageText((await get(browser, '/account/keys')).html)).toMatch(/OAuth\s*Claude/);
    const done = await browser.submit(
      `${base}/account/apps`,
      page.html,
      {},
      { actionPart: '/account/apps/disconnect' },
    );
    expect(new URL(done.url).pathname).toBe('/account/apps');
    expect(pageText(await done.response.text())).toContain('The app was disconnected.');
    expect((await db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();

    // The key and the consent are taken back together, in the person's account.
    const personal = await db.prisma.membership.findFirstOrThrow({ where: { userId: user.id } });
    const events = await db.prisma.auditEvent.findMany({
      where: { accountId: personal.accountId },
      orderBy: { action: 'asc' },
    });
    expect(events).toMatchObject([
      {
        action: 'api_key.revoked',
        actorUserId: user.id,
        targetId: key.key,
        data: { reason: 'app_disconnected', source: 'oauth', oauthClientId: 'client-e2e-1' },
      },
      {
        action: 'oauth.consent.revoked',
        actorUserId: user.id,
        targetId: 'client-e2e-1',
        data: { clientName: 'Claude', keysRevoked: 1 },
      },
    ]);
  });
});

describe(AuditController.name, () => {
  /** The rows of the audit table without the time column: cells split by " / ", lines in a cell by " | ". */
  function auditRows(html: string): string[] {
    return parse(html)
      .querySelectorAll('table tbody tr')
      .map((row) =>
        row
          .querySelectorAll('td, th')
          .slice(1)
          .map((cell) =>
            cell.childNodes
              .map((node) => node.textContent.trim())
              .filter(Boolean)
              .join(' | '),
          )
          .join(' / '),
      );
  }

  it('records keys made and revoked, by their owner or an admin, in each account the key reaches, for its admins only', async () => {
    const admin = await signUp('Ada Admin');
    const member = await signUp('Mel Member');
    const account = await db.prisma.account.create({
      data: {
        key: newPublicKey(),
        name: 'Audit Studio',
        kind: 'organization',
        memberships: {
          create: [
            { userId: admin.user.id, role: 'admin' },
            { userId: member.user.id, role: 'editor' },
          ],
        },
      },
    });
    const personal = await db.prisma.account.findFirstOrThrow({
      where: { kind: 'personal', memberships: { some: { userId: member.user.id } } },
    });
    const laptop = await createKey(member.browser, { name: 'Member laptop', scopes: 'create:project' });
    await createKey(member.browser, { name: 'Personal only', account: personal.key });
    const key = await db.prisma.apiKey.findFirstOrThrow({
      where: { name: 'Member laptop', userId: member.user.id },
    });
    const members = await get(admin.browser, `/account/accounts/${account.key}/keys`);
    await admin.browser.submit(
      `${base}/account/accounts/${account.key}/keys`,
      members.html,
      {},
      {
        actionPart: `/keys/${key.key}/revoke`,
      },
    );

    const log = await get(admin.browser, `/account/audit?account=${account.key}`);
    expect(log.response.status).toBe(200);
    expect(log.response.headers.get('cache-control')).toBe('no-store');
    expect(log.html).toContain('<a href="/account/audit" aria-current="page">Audit log</a>');
    const prefix = `${laptop.text!.slice(0, 13)}…`;
    expect(auditRows(log.html)).toEqual([
      `Ada Admin | ${admin.email} / Revoked an API key / Member laptop | ${prefix} / Revoked by an account admin | Key of ${member.email} | Scopes: list:project, create:project`,
      `Mel Member | ${member.email} / Created an API key / Member laptop | ${prefix} / Made in the profile page | Scopes: list:project, create:project | Reaches all of its owner's accounts`,
    ]);
    expect(log.html).not.toContain(laptop.text);
    expect(JSON.stringify(await db.prisma.auditEvent.findMany())).not.toContain(laptop.text);
    // The admin's other account is one click away.
    const adminPersonal = await db.prisma.account.findFirstOrThrow({
      where: { kind: 'personal', memberships: { some: { userId: admin.user.id } } },
    });
    expect(log.html).toContain(`href="/account/audit?account=${adminPersonal.key}"`);

    // The member owns their personal account: its log has all three, the restricted key included.
    const own = await get(member.browser, '/account/audit');
    expect(own.response.status).toBe(200);
    expect(auditRows(own.html).map((row) => row.replace(/ \| folio_sk_.*/, ''))).toEqual([
      `Ada Admin | ${admin.email} / Revoked an API key / Member laptop`,
      `Mel Member | ${member.email} / Created an API key / Personal only`,
      `Mel Member | ${member.email} / Created an API key / Member laptop`,
    ]);
    // An editor of the organization gets the same 404 as anyone for an unknown account.
    for (const path of [`/account/audit?account=${account.key}`, '/account/audit?account=acNoSuchAcct1']) {
      const denied = await get(member.browser, path);
      expect(denied.response.status).toBe(404);
      expect(pageText(denied.html)).toContain('No such account.');
    }
  });

  it('shows the link only to people who administer an account, escapes what it shows, and pages 50 at a time', async () => {
    const admin = await signUp('Pat Pager');
    const viewerEmail = `viewer.${Date.now()}@example.test`;
    await db.prisma.account.create({
      data: {
        key: newPublicKey(),
        name: 'Viewed Studio',
        kind: 'organization',
        memberships: {
          create: [
            { role: 'owner', user: { connect: { id: admin.user.id } } },
            {
              role: 'viewer',
              user: {
                create: {
                  email: viewerEmail,
                  name: 'Vic Viewer',
                  passwordHash: await hashPassword(password),
                },
              },
            },
          ],
        },
      },
    });
    const viewer = new BrowserClient();
    await viewer.submit(`${base}/login`, (await get(viewer, '/login')).html, {
      email: viewerEmail,
      password,
    });
    const viewerHome = await get(viewer, '/account');
    expect(viewerHome.response.status).toBe(200);
    expect(viewerHome.html).not.toContain('/account/audit');
    expect((await get(viewer, '/account/audit')).response.status).toBe(404);
    expect((await get(admin.browser, '/account/keys')).html).toContain(
      '<a href="/account/audit">Audit log</a>',
    );

    await createKey(admin.browser, { name: '<img src=x onerror=alert(1)>' });
    const personal = await db.prisma.account.findFirstOrThrow({
      where: { kind: 'personal', memberships: { some: { userId: admin.user.id } } },
    });
    await db.prisma.auditEvent.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        accountId: personal.id,
        actorUserId: admin.user.id,
        action: 'project.published',
        targetType: 'project',
        targetId: 'pPagedProj001',
        data: { title: `Version ${i + 1}`, destination: 'embed', version: i + 1 },
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    const first = await get(admin.browser, `/account/audit?account=${personal.key}`);
    expect(first.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(first.html).not.toContain('<img src=x');
    const rows = auditRows(first.html);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toContain('Created an API key / <img src=x onerror=alert(1)>');
    expect(rows[1]).toBe(
      `Pat Pager | ${admin.email} / Published a project / Version 55 | pPagedProj001 / To the embed, version 55`,
    );
    expect(pageText(first.html)).toContain('Page 1 of 2 · 56 events');
    const older = parse(first.html).querySelector('a[rel="next"]')!.getAttribute('href')!;
    expect(older).toBe(`/account/audit?account=${personal.key}&page=2`);
    const second = await get(admin.browser, older);
    expect(auditRows(second.html).map((row) => row.replace(/.* version /, ''))).toEqual([
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(parse(second.html).querySelector('a[rel="prev"]')!.getAttribute('href')).toBe(
      `/account/audit?account=${personal.key}&page=1`,
    );
  });
});

describe(`${AccountController.name}: AI credits`, () => {
  const demoPassword = 'a demo password';
  let demo: DemoCredentials;

  beforeAll(async () => {
    demo = await seedDemo(db.prisma, {
      dataDir: db.config.dataDir,
      publicBaseUrl: db.config.publicBaseUrl,
      demoPassword,
    });
  });

  async function logIn(email: string) {
    const browser = new BrowserClient();
    const login = await get(browser, '/login');
    await browser.submit(`${base}/login`, login.html, { email, password: demoPassword });
    return browser;
  }

  /** The ledger rows of one pool's card, as text. */
  function ledgerRows(html: string, poolId: string): string[] {
    const card = parse(html).getElementById(poolId);
    if (!card) throw new Error(`no pool card ${poolId}`);
    return card.querySelectorAll('tbody tr').map((row) => pageText(row.innerHTML));
  }

  it('lists the demo grants and an AI debit and its refund on the team pool, with the project', async () => {
    const team = await db.prisma.team.findUniqueOrThrow({ where: { key: demoKeys.team } });
    const project = await db.prisma.project.findFirstOrThrow({
      where: { title: 'Atlas Analytics' },
      include: { pages: { where: { path: 'pricing' } } },
    });
    const ledger = app.get(CreditLedger);
    const pool = { accountId: team.accountId, teamId: team.id };
    const debit = await ledger.debit(pool, 12, { reason: 'AI page generation' });
    await ledger.attach(debit, { projectId: project.id, pageId: project.pages[0]!.id });
    await ledger.refund(debit, { reason: 'AI page generation failed' });

    for (const email of [demo.users.owner, demo.users.viewer]) {
      const browser = await logIn(email);
      const page = await get(browser, '/account/credits');
      expect(page.response.status).toBe(200);
      expect(page.html).toContain('<a href="/account/credits" aria-current="page">AI credits</a>');
      const text = pageText(page.html);
      expect(text).toMatch(/Demo Studio\s*500 credits left/);
      expect(text).toMatch(/Atlas team\s*Team of Demo Studio\s*200 credits left/);
      expect(ledgerRows(page.html, `account-${demoKeys.account}`)).toEqual([
        expect.stringMatching(/^\w{3} \d{1,2}, \d{4} \+500 demo grant —$/),
      ]);
      const rows = ledgerRows(page.html, `team-${demoKeys.team}`);
      // Newest first: the grant is the oldest (the debit and its refund may share a millisecond).
      expect(rows.slice(0, 2).sort()).toEqual([
        expect.stringMatching(/\+12 AI page generation failed Atlas Analytics Page: Pricing$/),
        expect.stringMatching(/−12 AI page generation Atlas Analytics Page: Pricing$/),
      ]);
      expect(rows[2]).toMatch(/\+200 demo grant —$/);
    }

    // The overview's figures lead to the pools' ledgers.
    const overview = await get(await logIn(demo.users.owner), '/account');
    expect(overview.html).toContain('<a href="/account/credits">AI credits</a>');
    expect(overview.html).toContain(`href="/account/credits#account-${demoKeys.account}"`);
    expect(overview.html).toContain(`href="/account/credits#team-${demoKeys.team}"`);
  });

  it("shows an outsider only their own pool, nothing of the demo account's ledger", async () => {
    const { browser } = await signUp('Olive Outsider');
    const page = await get(browser, '/account/credits');
    expect(page.response.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toMatch(/Olive Outsider's account\s*0 credits left\s*No credit movements yet\./);
    expect(text).toContain('You are not in any team yet.');
    for (const secret of ['Demo Studio', 'Atlas', 'demo grant', demoKeys.account, demoKeys.team])
      expect(page.html).not.toContain(secret);

    const anonymous = await fetch(`${base}/account/credits`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/login?next=%2Faccount%2Fcredits');
  });

  it('shows the latest 50 entries of a long ledger and says so', async () => {
    const { browser, user } = await signUp();
    const account = await db.prisma.account.findFirstOrThrow({
      where: { memberships: { some: { userId: user.id } } },
    });
    await db.prisma.creditEntry.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        accountId: account.id,
        delta: i + 1,
        reason: `grant ${i + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    const page = await get(browser, '/account/credits');
    const rows = ledgerRows(page.html, `account-${account.key}`);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toContain('+55 grant 55');
    expect(rows[49]).toContain('+6 grant 6');
    expect(pageText(page.html)).toContain('Showing the latest 50 of 55 entries.');
  });
});

describe('behind an https PUBLIC_BASE_URL', () => {
  it('marks the session and CSRF cookies Secure (the CSRF one __Host-)', async () => {
    const secure = await createMigratedTestDatabase({ PUBLIC_BASE_URL: 'https://folio.example' });
    const secureApp = await createAuthApp(secure.config);
    try {
      await secureApp.listen(0, '127.0.0.1');
      const url = `http://127.0.0.1:${(secureApp.getHttpServer().address() as AddressInfo).port}`;
      const page = await fetch(`${url}/signup`);
      const csrf = page.headers.getSetCookie().find((c) => c.startsWith('__Host-folio_csrf='));
      expect(csrf).toMatch(/Secure/);
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      const body = new URLSearchParams({
        _csrf: csrfToken(await page.text()),
        name: 'Secure Sam',
        email: 'sam@secure.example',
        password,
      });
      const signedUp = await fetch(`${url}/signup`, {
        method: 'POST',
        body,
        redirect: 'manual',
        headers: { cookie: csrf!.split(';')[0], 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(signedUp.status).toBe(303);
      const session = signedUp.headers.getSetCookie().find((c) => c.startsWith('folio_session='));
      expect(session).toMatch(/; Secure/);
      expect(session).toMatch(/HttpOnly/);
    } finally {
      await secureApp.close();
      await secure.dispose();
    }
  });
});
