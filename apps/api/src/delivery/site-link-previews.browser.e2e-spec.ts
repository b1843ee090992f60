import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PNG } from 'pngjs';
import { type Browser, type Page } from 'playwright-core';
import { PrismaService } from '#folio/db';
import { ProjectWriter } from '#folio/projects';
import { PublishService } from '#folio/publishing';
import {
  accessibilityViolations,
  editFirstSection,
  launchChromium,
  newProject,
  newUser,
  startTestApp,
  type TestApp,
  type TestProject,
  type TestUser,
  waitUntil,
} from '#folio/testing';
import { VersionService } from '#folio/versions';

// A published site as link previews and lost visitors see it, in Chromium: each page's Open Graph and
// Twitter card tags, absolute, with the page's top as it was published (captured by the share-image job,
// never the draft) unless the page has an image of its own; and an unknown path inside the site, which
// answers with the site's own navbar and footer around a way home.

// Light enough for the theme's dark text on them.
const red = 'rgb(255, 200, 200)';
const blue = 'rgb(200, 200, 255)';
const band = (background: string) => ({ desktop: { margin: '0', height: '700px', background } });

describe('a published site’s link previews and not-found page', () => {
  let app: TestApp;
  let browser: Browser;
  let owner: TestUser;
  let bakery: TestProject;
  let publicBase: string;

  const write = (change: Parameters<ProjectWriter['updatePage']>[2], pageId: string) =>
    app.get(PrismaService).$transaction((tx) => app.get(ProjectWriter).updatePage(tx, pageId, change));
  const sitePage = async (path: string): Promise<Page> => {
    const page = await browser.newPage({ reducedMotion: 'reduce' });
    await page.goto(`${app.baseUrl}/sites/crumb/${path}`);
    return page;
  };
  /** Every `og:*` and `twitter:*` meta tag of the page, by name. */
  const previewTags = (page: Page) =>
    page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')].map((meta) => [
          meta.getAttribute('property') ?? meta.getAttribute('name'),
          meta.getAttribute('content'),
        ]),
      ),
    );
  const readyShareImages = () =>
    app.prisma.shareImage.count({ where: { version: { projectId: bakery.projectId }, status: 'ready' } });

  beforeAll(async () => {
    app = await startTestApp({ app: 'api' });
    publicBase = app.config.publicBaseUrl;
    owner = await newUser(app);
    bakery = await newProject(app, owner, {
      title: 'Crumb Bakery',
      pages: [
        {
          sections: [
            { title: 'Navigation', type: 'navbar', text: 'Crumb Bakery', headingStyles: band(red) },
            { title: 'Fresh bread daily' },
            { title: 'Footer', type: 'footer', text: 'Baked in Leith since 1998' },
          ],
        },
        { title: 'Menu', sections: [{ title: 'Sourdough' }] },
      ],
    });
    await app
      .get(PrismaService)
      .$transaction((tx) =>
        app
          .get(ProjectWriter)
          .updateProject(tx, bakery.projectId, { description: 'A neighbourhood bakery.' }),
      );
    await write({ description: 'Bread baked before dawn, every day.' }, bakery.homePageId);
    // Version 1 is red at the top; the draft turns blue; version 1 is what gets published.
    const { number } = await app.get(VersionService).save(owner.actor, bakery.projectKey);
    await editFirstSection(app.prisma, bakery.projectId, ({ styles }) => {
      for (const declarations of Object.values(styles.desktop)) declarations.background = blue;
    });
    await app.get(PublishService).publish(owner.actor, bakery.projectKey, {
      destination: 'site',
      slug: 'crumb',
      versionNumber: number,
    });
    await waitUntil('the share images of both pages', async () => (await readyShareImages()) === 2, {
      timeoutMs: 60_000,
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('gives each page absolute link-preview tags with its own title, description and address', async () => {
    const home = await sitePage('');
    const tags = await previewTags(home);
    expect(tags).toEqual({
      'og:type': 'website',
      'og:site_name': 'Crumb Bakery',
      'og:title': 'Crumb Bakery',
      'og:description': 'Bread baked before dawn, every day.',
      'og:url': `${publicBase}/sites/crumb/`,
      'og:image': expect.stringMatching(new RegExp(`^${publicBase}/assets/[\\w.-]+\\.png$`)),
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
    });
    const menu = await previewTags(await sitePage('menu'));
    expect(menu).toMatchObject({
      'og:title': 'Menu · Crumb Bakery',
      'og:description': 'A neighbourhood bakery.', // the page has none: the site's
      'og:url': `${publicBase}/sites/crumb/menu`,
    });
    expect(menu['og:image']).not.toBe(tags['og:image']);
  });

  it('shows in og:image the top 1200 × 630 px of the page as published, not the draft', async () => {
    const tags = await previewTags(await sitePage(''));
    const image = await fetch(tags['og:image']!.replace(publicBase, app.baseUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await image.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1200, 630]);
    const at = 4 * (300 * png.width + 600);
    const [r, g, b] = png.data.subarray(at, at + 3);
    expect({ r, g, b }).toEqual({ r: 255, g: 200, b: 200 });
  });

  it('shows the page’s own image once it is published with it', async () => {
    const own = 'https://images.example/crumb-card.png';
    await write({ imageUrl: own }, bakery.homePageId);
    const before = await previewTags(await sitePage(''));
    expect(before['og:image']).toMatch(`${publicBase}/assets/`);
    await app.get(PublishService).publish(owner.actor, bakery.projectKey, { destination: 'site' });
    const after = await previewTags(await sitePage(''));
    expect(after['og:image']).toBe(own);
    expect(after['og:image:width']).toBeUndefined();
    expect(after['twitter:card']).toBe('summary_large_image');
  });

  it('answers an unknown path with the site’s navbar and footer around a way home', async () => {
    const page = await browser.newPage({ reducedMotion: 'reduce' });
    const answer = await page.goto(`${app.baseUrl}/sites/crumb/no/such/page`);
    expect(answer!.status()).toBe(404);
    expect(await page.title()).toBe('Page not found · Crumb Bakery');
    await expect(page.locator('header').textContent()).resolves.toContain('Crumb Bakery');
    await expect(page.locator('footer').textContent()).resolves.toContain('Baked in Leith since 1998');
    await expect(page.locator('main h1').textContent()).resolves.toBe('Page not found');
    expect(await accessibilityViolations(page)).toEqual([]);
    const [home] = await Promise.all([page.waitForNavigation(), page.click('text=Go to the home page')]);
    expect(home!.status()).toBe(200);
    expect(page.url()).toBe(`${app.baseUrl}/sites/crumb/`);
  });
});
