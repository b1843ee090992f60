import { BrowserClient } from './browser-client.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** The password of everyone `signUp` makes. */
export const accountPassword = 'correct horse battery staple';

/** The hidden CSRF field of a page's form. */
export function csrfToken(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no CSRF token in page');
  return token;
}

/**
 * The auth app's sign-up, account and key pages as a person uses them, for the specs of their controllers:
 * `start` and `close` the app in the spec's hooks; `app()` is the running app, for its database and URL.
 */
export function accountPages(options: Omit<TestAppOptions, 'app'> = {}) {
  let running: TestApp | undefined;
  let people = 0;

  function app(): TestApp {
    if (!running) throw new Error('the auth app has not started: call start() in beforeAll');
    return running;
  }

  async function start(): Promise<TestApp> {
    running = await startTestApp({ ...options, app: 'auth' });
    return running;
  }

  /** A person who signed up through the page, with a browser logged in as them, and their personal account. */
  async function signUp(name = `Person ${people + 1}`) {
    const { baseUrl, prisma } = app();
    const email = `Person.${++people}.${Date.now()}@Example.test`;
    const browser = new BrowserClient();
    const page = await browser.request(`${baseUrl}/signup`);
    const landed = await browser.submit(`${baseUrl}/signup`, await page.text(), {
      name,
      email,
      password: accountPassword,
    });
    const user = await prisma.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    const account = await prisma.account.findFirstOrThrow({
      where: { kind: 'personal', memberships: { some: { userId: user.id } } },
      select: { id: true, key: true },
    });
    return { browser, email: email.toLowerCase(), user, account, landed };
  }

  async function get(browser: BrowserClient, path: string) {
    const response = await browser.request(`${app().baseUrl}${path}`);
    return { response, html: await response.text() };
  }

  function post(browser: BrowserClient, path: string, fields: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    return browser.request(`${app().baseUrl}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  /** A key made on the keys page; `text` is the secret the page shows once. */
  async function createKey(browser: BrowserClient, fields: Record<string, string | string[]>) {
    const { html } = await get(browser, '/account/keys');
    const { response } = await browser.submit(`${app().baseUrl}/account/keys`, html, fields, {
      actionPart: '/account/keys',
    });
    const page = await response.text();
    const text = /id="new-key"[^>]*value="(folio_sk_[A-Za-z0-9]+)"/.exec(page)?.[1];
    return { response, page, text };
  }

  return { start, close: () => running?.close(), app, signUp, get, post, createKey };
}
