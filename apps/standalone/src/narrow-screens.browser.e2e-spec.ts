import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Browser, type BrowserContext } from 'playwright-core';
import { demoUsers } from '#folio/seed';
import { demoPerson, launchChromium, startTestApp, type TestApp } from '#folio/testing';

// The person's side on a small phone: every page of the web app, signed out and as the demo's owner (an
// operator here, so the admin pages count too), reads at 360 px without sideways scrolling. Wide tables
// scroll inside their own box; the page itself never does. The demo's published project names its site and
// embed addresses in the editor's head: long words that must break, not widen the page.

const width = 360;

describe('the person’s side at 360 px', () => {
  let app: TestApp;
  let browser: Browser;
  let signedOut: BrowserContext;
  let owner: BrowserContext;
  let pages: string[];

  beforeAll(async () => {
    app = await startTestApp({
      app: 'standalone',
      demo: true,
      ownAddress: true,
      env: { ADMIN_EMAILS: demoUsers.owner.email },
    });
    const { cookie } = await demoPerson(app, 'owner');
    const [name, value] = cookie.split('=');
    const demo = app.demo!;
    const published = demo.projects.find((project) => project.published)!;
    const viewport = { width, height: 800 };
    browser = await launchChromium();
    signedOut = await browser.newContext({ baseURL: app.baseUrl, viewport });
    owner = await browser.newContext({ baseURL: app.baseUrl, viewport });
    await owner.addCookies([{ name, value, url: app.baseUrl }]);
    const editor = await owner.newPage();
    await editor.goto(`/editor/${published.key}`);
    const secondPage = editor.locator(`.page-list a[href^="/editor/${published.key}/"]`).nth(1);
    pages = [
      '/account',
      '/account/credits',
      '/account/keys',
      '/account/apps',
      '/account/audit',
      `/account/accounts/${demo.accountKey}/keys`,
      '/editor',
      '/editor?q=no-such-title',
      `/editor/${published.key}`,
      `${await secondPage.getAttribute('href')}?publish=1`,
      '/editor/libraries',
      '/admin/credits',
      '/admin/queues',
    ];
    await editor.close();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function pageWidth(context: BrowserContext, path: string): Promise<{ path: string; width: number }> {
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(new URL(path, app.baseUrl).pathname);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.close();
    return { path, width: scrollWidth };
  }

  it('signed out: the login and sign-up pages', async () => {
    for (const path of ['/login', '/signup'])
      expect(await pageWidth(signedOut, path)).toEqual({ path, width });
  });

  it('signed in: the account, editor and admin pages, the publish dialog open', async () => {
    for (const path of pages) expect(await pageWidth(owner, path)).toEqual({ path, width });
  });
});
