import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { type Element, walkElements } from '#folio/content';
import {
  connectMcpClient,
  demoPerson,
  launchChromium,
  newApiKey,
  startTestApp,
  type TestApp,
  waitUntil,
} from '#folio/testing';

// The person's side of an agent's edit, in Chromium on the demo: the editor's history names the agent's key
// and the person's restore of a saved version (which the flash offers to undo), the preview shows the
// restored draft, and the project list shows each project's last change with its draft thumbnail.
// SAVE_VIEW_SCREENSHOTS=<dir> saves both pages as docs/publishing.md shows them (docs/images).

const screenshots = process.env.SAVE_VIEW_SCREENSHOTS;

describe('the editor history and project list', () => {
  let app: TestApp;
  let browser: Browser;
  let owner: BrowserContext;
  let agent: Client;
  let projects: { key: string; title: string; published: boolean }[];

  beforeAll(async () => {
    app = await startTestApp({ app: 'standalone', demo: true, ownAddress: true });
    const person = await demoPerson(app, 'owner');
    const key = await newApiKey(app, person, {
      name: 'Claude Desktop',
      scopes: ['list:project', 'edit:project'],
    });
    agent = await connectMcpClient(app.baseUrl, { key: key.text });
    projects = app.demo!.projects;
    browser = await launchChromium();
    owner = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1440, height: 1000 } });
    const [name, value] = person.cookie.split('=');
    await owner.addCookies([{ name, value, url: app.baseUrl }]);
  }, 120_000);
  afterAll(async () => {
    await agent?.close();
    await browser?.close();
    await app?.close();
  });

  /** The main heading of the project's home page: its element key and text. */
  async function heading(projectKey: string): Promise<{ key: string; text: string }> {
    const sections = await app.prisma.section.findMany({
      where: { page: { project: { key: projectKey }, isHome: true } },
      orderBy: { order: 'asc' },
    });
    const element = sections
      .flatMap((section) => [...walkElements(section.tree as unknown as Element)])
      .find((candidate) => candidate.type === 'text' && candidate.tag === 'h1' && candidate.text)!;
    return { key: element.key, text: element.text! };
  }

  async function agentSetsHeading(projectKey: string, text: string): Promise<void> {
    const result = await agent.callTool({
      name: 'edit_project',
      arguments: {
        projectKey,
        changes: [{ op: 'setText', elementKey: (await heading(projectKey)).key, text }],
      },
    });
    expect(result.isError).toBeFalsy();
  }

  async function previewText(page: Page): Promise<string> {
    return (await page.frameLocator('.preview-frame').locator('body').textContent()) ?? '';
  }

  it("shows the agent's edit and the person's restore in the history, and restores the saved version", async () => {
    const { key } = projects.find((project) => project.published)!;
    const original = (await heading(key)).text;
    const page = await owner.newPage();
    await page.goto(`/editor/${key}`);
    await page.getByRole('button', { name: 'Save version' }).click();
    const saved = Number(
      (await page.getByRole('status').first().textContent())!.match(/Saved version (\d+)/)![1],
    );

    await agentSetsHeading(key, 'Roasted this morning, on your doorstep by noon');
    await page.goto(`/editor/${key}`);
    expect(await previewText(page)).toContain('Roasted this morning');
    const changes = page.locator('.change-list li');
    await expect(changes.first().textContent()).resolves.toMatch(
      /the API key "Claude Desktop"\s*changed 1 section/,
    );

    await page.getByRole('button', { name: `Restore version ${saved}` }).click();
    const flash = page.locator('.restored');
    await expect(flash.textContent()).resolves.toMatch(
      new RegExp(
        `Restored version ${saved} as the draft; nothing was published. The draft as it was is saved as version (\\d+)`,
      ),
    );
    expect(await previewText(page)).toContain(original);
    expect(await previewText(page)).not.toContain('Roasted this morning');
    await expect(changes.first().textContent()).resolves.toMatch(
      new RegExp(`Olivia Owner\\s*restored version ${saved}`),
    );
    await expect(page.getByRole('button', { name: /^Undo: restore version \d+$/ }).isVisible()).resolves.toBe(
      true,
    );
    if (screenshots) {
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, 'editor-history.png') });
    }
    await page.close();
  }, 120_000);

  it('lists the projects with their draft thumbnails and last changes, newest change first', async () => {
    const other = projects.find((project) => !project.published)!;
    await agentSetsHeading(other.key, 'Dashboards your whole team reads');
    // Each draft change is captured by the screenshot jobs; the list shows the draft thumbnail.
    await waitUntil(
      'the draft thumbnails',
      async () =>
        (await app.prisma.project.count({
          where: { key: { in: projects.map((project) => project.key) }, thumbnailHash: { not: null } },
        })) === projects.length,
      { timeoutMs: 90_000, intervalMs: 250 },
    );
    const page = await owner.newPage();
    await page.goto('/editor');
    await page.waitForFunction(() =>
      [...document.images].every((image) => image.complete && image.naturalWidth > 0),
    );
    const cards = page.locator('.project-card');
    await expect(cards.count()).resolves.toBe(projects.length);
    await expect(cards.first().locator('h2').textContent()).resolves.toBe(other.title);
    await expect(cards.first().textContent()).resolves.toMatch(
      /the API key "Claude Desktop"\s*changed 1 section/,
    );
    const published = cards.filter({ hasText: projects.find((project) => project.published)!.title });
    await expect(published.textContent()).resolves.toMatch(/Site live[\s\S]*Olivia Owner\s*restored version/);
    await expect(page.locator('.project-card img').count()).resolves.toBe(projects.length);
    if (screenshots) await page.screenshot({ path: join(screenshots, 'editor-projects.png') });

    await page.getByRole('searchbox', { name: 'Search projects by title' }).fill(other.title.split(' ')[0]);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(cards.count()).resolves.toBe(1);
    await page.close();
  }, 180_000);
});
