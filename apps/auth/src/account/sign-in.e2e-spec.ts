import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hashSessionToken } from '#folio/identity';
import {
  accountPages,
  accountPassword as password,
  BrowserClient,
  csrfToken,
  pageText,
  startTestApp,
} from '#folio/testing';
import { SignInController } from './sign-in.controller.js';

// Sign-up, login and logout pages of the auth app over real HTTP, as a person's browser uses them.

const { start, close, app, signUp, get, post } = accountPages();

beforeAll(start);
afterAll(close);

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
    const sessions = await app().prisma.session.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(2);
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect((await get(browser, '/account')).response.status).toBe(200);
  });

  it('shows what is wrong next to each field and keeps what was typed', async () => {
    const browser = new BrowserClient();
    const page = await get(browser, '/signup');
    const { response } = await browser.submit(`${app().baseUrl}/signup`, page.html, {
      name: 'Short Password',
      email: 'short@example.test',
      password: 'tooshort',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="signup-password-error">Use at least 10 characters\./);
    expect(html).toContain('value="short@example.test"');
    expect(await app().prisma.user.count({ where: { email: 'short@example.test' } })).toBe(0);
  });

  it('refuses a second sign-up with the same email in another case', async () => {
    const { email } = await signUp();
    const browser = new BrowserClient();
    const page = await get(browser, '/signup');
    const { response } = await browser.submit(`${app().baseUrl}/signup`, page.html, {
      name: 'Copycat',
      email: email.toUpperCase(),
      password,
    });
    expect(response.status).toBe(409);
    expect(pageText(await response.text())).toContain('An account with this email already exists');
    expect(await app().prisma.user.count({ where: { email } })).toBe(1);
  });

  it('logs in, and refuses a wrong password without saying which part was wrong', async () => {
    const { email } = await signUp();
    const browser = new BrowserClient();
    const page = await get(browser, '/login');
    const wrong = await browser.submit(`${app().baseUrl}/login`, page.html, {
      email,
      password: 'not the password',
    });
    expect(wrong.response.status).toBe(400);
    const wrongHtml = await wrong.response.text();
    expect(pageText(wrongHtml)).toContain('That email and password do not match an account.');
    expect(wrongHtml).toContain(`value="${email}"`);
    expect((await get(browser, '/account')).response.status).toBe(303);

    const right = await browser.submit(`${app().baseUrl}/login`, wrongHtml, {
      email: email.toUpperCase(),
      password,
    });
    expect(new URL(right.url).pathname).toBe('/account');
    expect(right.response.status).toBe(200);
  });

  it('masks the CSRF token anew on every page beside a reflected `next` (BREACH); each mask of it is accepted, the bare token not', async () => {
    const { email } = await signUp();
    const url = `${app().baseUrl}/login?next=${encodeURIComponent('/account/keys?x=_csrf')}`;
    const first = await fetch(url);
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('folio_csrf='))!
      .split(';')[0];
    const pages = [await first.text()];
    for (let again = 0; again < 2; again++)
      pages.push(await (await fetch(url, { headers: { cookie } })).text());
    const tokens = pages.map(csrfToken);
    // One secret (the cookie's, which stays), different bytes on every response, never the secret itself.
    expect(new Set(tokens).size).toBe(3);
    const secret = decodeURIComponent(cookie.slice('folio_csrf='.length));
    for (const html of pages) expect(html).not.toContain(secret);

    const login = (token: string, pass = 'not the password') =>
      fetch(`${app().baseUrl}/login`, {
        method: 'POST',
        body: new URLSearchParams({ _csrf: token, email, password: pass }),
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      });
    // Each masked token gets past CSRF to the password check (400); the unmasked secret does not (403).
    for (const token of tokens.slice(0, 2)) expect((await login(token)).status).toBe(400);
    expect((await login(secret, password)).status).toBe(403);
    expect((await login(tokens[2]!, password)).status).toBe(303);
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
    const first = await browser.request(`${app().baseUrl}/account/keys`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/login?next=%2Faccount%2Fkeys');
    const { url, response } = await browser.follow(`${app().baseUrl}/account/keys`);
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
      `${app().baseUrl}/account`,
      page.html,
      {},
      { actionPart: '/logout' },
    );
    expect(new URL(url).pathname).toBe('/login');
    expect(pageText(await response.text())).toContain('You have logged out.');
    expect(await app().prisma.session.count({ where: { tokenHash: hashSessionToken(token) } })).toBe(0);

    const replayed = await fetch(`${app().baseUrl}/account`, {
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

  it('caps failed logins from one address across emails (password spraying): 429 with Retry-After, the right password too', async () => {
    const { email } = await signUp();
    const browser = new BrowserClient();
    const page = await get(browser, '/login');
    const from = (address: string) => (who: string, secret: string) =>
      browser.request(`${app().baseUrl}/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': address, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrfToken(page.html), email: who, password: secret }),
      });
    const sprayer = from('203.0.113.21');
    for (let i = 0; i < 20; i++) {
      expect((await sprayer(`someone.${i}@example.test`, 'Summer2026!')).status).toBe(400);
    }

    const blocked = await sprayer(email, password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(pageText(await blocked.text())).toMatch(/Too many failed logins from your network/);
    expect(blocked.headers.getSetCookie().some((c) => c.startsWith('folio_session='))).toBe(false);

    // The person, from anywhere else, is not held up.
    expect((await from('203.0.113.22')(email, password)).status).toBe(303);
  });

  it('serves the stylesheet with a long cache and a CSP that allows no inline script without its nonce', async () => {
    const page = await fetch(`${app().baseUrl}/login`);
    const html = await page.text();
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    expect(href).toMatch(/^\/auth-assets\/auth\.css\?v=[0-9a-f]{12}$/);
    const css = await fetch(`${app().baseUrl}${href}`);
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
    const response = await fetch(`${app().baseUrl}/login`, {
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
    const response = await fetch(`${app().baseUrl}/account-nothing-here/../account/nope`);
    expect(response.status).toBe(404);
    const text = pageText(await response.text());
    expect(text).toContain('Page not found');
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe('behind an https PUBLIC_BASE_URL', () => {
  it('marks the session and CSRF cookies Secure (the CSRF one __Host-)', async () => {
    const secureApp = await startTestApp({ app: 'auth', env: { PUBLIC_BASE_URL: 'https://folio.example' } });
    try {
      const url = secureApp.baseUrl;
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
    }
  });
});
