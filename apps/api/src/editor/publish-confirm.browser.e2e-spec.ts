import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { type Browser, type Page } from 'playwright-core';
import { type DemoCredentials } from '#folio/seed';
import {
  createTestApiKey,
  launchChromium,
  postMcp,
  recordPageErrors,
  sessionCookie,
  startTestApp,
  type TestApp,
} from '#folio/testing';

// The link publish_project hands an agent, as a person follows it in Chromium: behind login; the person
// who may publish sees each changed section before and after at each breakpoint and publishes it; the site
// changes only then. A viewer, a used link and an expired one are refused; a draft that changed since is
// shown anew. SAVE_VIEW_SCREENSHOTS=<dir> saves the page as docs/publishing.md shows it (docs/images).

interface Asked {
  projectKey: string;
  revision: number;
  confirmUrl: string;
}

describe('the publish confirmation page', () => {
  let app: TestApp;
  let demo: DemoCredentials;
  let browser: Browser;
  let agent: Client;
  let northwind: string;
  let siteUrl: string;
  let ownerCookie: string;
  let viewerCookie: string;
  let headingKey: string;
  const screenshots = process.env.SAVE_VIEW_SCREENSHOTS;

  const cookieOf = async (email: string) => {
    const user = await app.prisma.user.findUniqueOrThrow({ where: { email } });
    return sessionCookie(app, user.id);
  };

  beforeAll(async () => {
    app = await startTestApp({ app: 'api', demo: true, ownAddress: true });
    demo = app.demo!;
    northwind = demo.projects.find((p) => p.title.startsWith('Northwind'))!.key;
    ownerCookie = await cookieOf(demo.users.owner);
    viewerCookie = await cookieOf(demo.users.viewer);
    agent = await app.connectMcp({ key: demo.apiKey });
    const site = await app.prisma.publication.findFirstOrThrow({
      where: { project: { key: northwind }, kind: 'site' },
    });
    siteUrl = `${app.baseUrl}/sites/${site.slug}/`;
    // The home page's first heading: what the agent rewrites.
    const sections = await app.prisma.section.findMany({
      where: { page: { project: { key: northwind }, isHome: true } },
      orderBy: { order: 'asc' },
      select: { tree: true },
    });
    headingKey = firstHeading(sections.map((section) => section.tree as unknown as Tree))!;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function edit(text: string): Promise<void> {
    const result = await agent.callTool({
      name: 'edit_project',
      arguments: { projectKey: northwind, changes: [{ op: 'setText', elementKey: headingKey, text }] },
    });
    expect(result.isError).toBeFalsy();
  }

  async function ask(): Promise<Asked> {
    const result = await agent.callTool({
      name: 'publish_project',
      arguments: { projectKey: northwind, destination: 'site' },
    });
    expect(result.isError).toBeFalsy();
    return result.structuredContent as unknown as Asked;
  }

  const siteText = async () => (await fetch(siteUrl)).text();

  /** The confirmation form posted outside the page, from `origin` (the CSRF check reads it). */
  const postForm = (url: string, cookie: string, origin: string, revision: string) =>
    fetch(url, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ revision }),
      redirect: 'manual',
    });

  async function pageAs(cookie: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: app.baseUrl }]);
    return context.newPage();
  }

  it('sends a person who is not signed in to log in, and back to the link after', async () => {
    const { confirmUrl } = await ask();
    const path = new URL(confirmUrl).pathname;
    const response = await fetch(confirmUrl, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
  });

  it('shows what would change, and publishes it when the person confirms', async () => {
    await edit('Roasted this morning, at your door by noon');
    const asked = await ask();
    // Asking published nothing.
    expect(await siteText()).not.toContain('Roasted this morning');

    const page = await pageAs(ownerCookie);
    const errors = await recordPageErrors(page);
    await page.goto(asked.confirmUrl);
    await page.locator('body[data-frames-ready]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Publish Northwind Coffee Roasters to its site?');
    expect(await page.locator('[data-changed-since]').count()).toBe(0);
    const change = page.locator('section.change').first();
    expect(await change.locator('h2 .badge').textContent()).toBe('Changed');
    // Before and after at each breakpoint, laid out at its width and scaled into the column.
    expect(await change.locator('.breakpoint h3').allTextContents()).toEqual([
      'Desktop 1280 px',
      'Tablet 820 px',
      'Mobile 390 px',
    ]);
    const frames = change.locator('iframe');
    expect(await frames.count()).toBe(6);
    const texts = await Promise.all(
      [0, 1].map((index) =>
        frames.nth(index).evaluate((frame: HTMLIFrameElement) => frame.contentDocument!.body.textContent),
      ),
    );
    expect(texts[0]).not.toContain('Roasted this morning');
    expect(texts[1]).toContain('Roasted this morning');
    const widths = await frames.evaluateAll((all: HTMLIFrameElement[]) =>
      all.map((frame) => ({
        laidOut: frame.contentDocument!.documentElement.clientWidth,
        shown: Math.round(frame.getBoundingClientRect().width),
        column: frame.parentElement!.clientWidth,
      })),
    );
    expect(widths.map((width) => width.laidOut)).toEqual([1280, 1280, 820, 820, 390, 390]);
    // Scaled to fit the column when wider than it, never enlarged.
    for (const { laidOut, shown, column } of widths) expect(shown).toBe(Math.min(laidOut, column));
    if (screenshots) {
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, 'publish-confirm.png'), fullPage: false });
    }
    // Still not live while the person looks.
    expect(await siteText()).not.toContain('Roasted this morning');

    const clicked = Date.now();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('#done-heading').waitFor();
    expect(await page.locator('[role=status]').textContent()).toMatch(
      new RegExp(`Version \\d+ is live at ${siteUrl.replace(/[/.]/g, '\\$&')}`),
    );
    expect(await siteText()).toContain('Roasted this morning');
    const found = await agent.callTool({ name: 'find_projects', arguments: { ids: [northwind] } });
    const state = (
      found.structuredContent as {
        projects: { publishState: { destinations: { kind: string; publishedAt: string }[] } }[];
      }
    ).projects[0].publishState;
    const site = state.destinations.find((destination) => destination.kind === 'site')!;
    expect(Date.parse(site.publishedAt)).toBeGreaterThanOrEqual(clicked);

    expect(errors).toEqual([]);

    // The link is used up: opening it again is refused.
    await page.goto(asked.confirmUrl);
    expect(await page.locator('h1').textContent()).toBe('This link cannot be used');
    expect(await page.locator('.lead').textContent()).toMatch('already used');
    // And so is posting its form again.
    const replay = await postForm(asked.confirmUrl, ownerCookie, app.baseUrl, String(asked.revision + 1));
    expect(replay.status).toBe(409);
    expect(await replay.text()).toContain('already used');
    await page.context().close();
  });

  it('refuses a person who may only view the project, and a link that expired', async () => {
    await edit('Not for viewers');
    const asked = await ask();
    const viewer = await pageAs(viewerCookie);
    const response = await viewer.goto(asked.confirmUrl);
    expect(response!.status()).toBe(403);
    expect(await viewer.locator('h1').textContent()).toBe('You cannot publish this project');
    expect(await viewer.locator('.lead').textContent()).toMatch('may view project');
    await viewer.context().close();

    const owner = await pageAs(ownerCookie);
    const expired = await ask();
    const token = expired.confirmUrl.split('/').at(-1)!;
    await owner.goto(expired.confirmUrl);
    await owner.locator('body[data-frames-ready]').waitFor();
    // It expires while the person looks at it: Publish is refused.
    await app.prisma.publishIntent.update({
      where: { tokenHash: createHash('sha256').update(token).digest('hex') },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    await owner.getByRole('button', { name: 'Publish', exact: true }).click();
    await owner.locator('h1', { hasText: 'This link cannot be used' }).waitFor();
    expect(await owner.locator('.lead').textContent()).toMatch('expired');
    await owner.context().close();
    expect(await siteText()).not.toContain('Not for viewers');
  });

  it('shows a draft that changed since the agent asked, and publishes what it shows', async () => {
    await edit('What the agent asked for');
    const asked = await ask();
    await edit('Changed after the agent asked');
    const page = await pageAs(ownerCookie, 360);
    await page.goto(asked.confirmUrl);
    await page.locator('body[data-frames-ready]').waitFor();
    expect(await page.locator('[data-changed-since]').textContent()).toMatch('changed since the agent asked');
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Another change while the person reviews: Publish shows the new difference instead of publishing.
    await edit('Changed while the person reviewed');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('[role=alert]', { hasText: 'changed while you were reviewing' }).waitFor();
    expect(await siteText()).not.toContain('Changed while the person reviewed');
    const after = page.locator('section.change').first().locator('iframe').nth(1);
    expect(
      await after.evaluate((frame: HTMLIFrameElement) => frame.contentDocument!.body.textContent),
    ).toContain('Changed while the person reviewed');

    // A form posted from another site is refused, whatever it carries.
    const revision = await page.locator('input[name=revision]').getAttribute('value');
    const forged = await postForm(asked.confirmUrl, ownerCookie, 'https://evil.example', revision!);
    expect(forged.status).toBe(403);
    expect(await siteText()).not.toContain('Changed while the person reviewed');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('#done-heading').waitFor();
    expect(await siteText()).toContain('Changed while the person reviewed');
    await page.context().close();
  });

  it('publishes an embed the same way', async () => {
    const result = await agent.callTool({
      name: 'publish_project',
      arguments: { projectKey: northwind, destination: 'embed' },
    });
    const asked = result.structuredContent as unknown as Asked;
    const review = await fetch(asked.confirmUrl, { headers: { cookie: ownerCookie } });
    expect(await review.text()).toContain('to its embed?');
    const before = await app.prisma.publication.findFirstOrThrow({
      where: { project: { key: northwind }, kind: 'embed' },
    });
    const confirmed = await postForm(asked.confirmUrl, ownerCookie, app.baseUrl, String(asked.revision));
    expect(confirmed.status).toBe(303);
    const after = await app.prisma.publication.findFirstOrThrow({
      where: { project: { key: northwind }, kind: 'embed' },
    });
    expect(after.publishedAt.getTime()).toBeGreaterThan(before.publishedAt.getTime());
    const done = await fetch(new URL(confirmed.headers.get('location')!, app.baseUrl), {
      headers: { cookie: ownerCookie },
    });
    expect(await done.text()).toMatch(/is live at <a href="[^"]+\/embed\//);
  });

  it('is refused to a key without edit:project with 403 and an insufficient_scope challenge', async () => {
    const key = await createTestApiKey(app.prisma, demo.users.owner, ['list:project', 'create:project']);
    const intents = await app.prisma.publishIntent.count();
    const response = await postMcp(
      app.baseUrl,
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'publish_project', arguments: { projectKey: northwind, destination: 'site' } },
      },
      { 'x-service-key': key },
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer error="insufficient_scope", scope="list:project create:project edit:project"/,
    );
    expect(await app.prisma.publishIntent.count()).toBe(intents);
  });
});

interface Tree {
  key: string;
  tag?: string;
  text?: string;
  children?: Tree[];
}

function firstHeading(trees: Tree[]): string | undefined {
  for (const tree of trees) {
    if (tree.text && /^h[1-3]$/.test(tree.tag ?? '')) return tree.key;
    const found = firstHeading(tree.children ?? []);
    if (found) return found;
  }
  return undefined;
}
