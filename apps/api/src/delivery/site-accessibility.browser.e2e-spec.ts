import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Browser } from 'playwright-core';
import { PublishService } from '#folio/publishing';
import { sampleProjects } from '#folio/seed';
import {
  accessibilityViolations,
  demoActors,
  demoPerson,
  launchChromium,
  startTestApp,
  type TestApp,
} from '#folio/testing';

// The demo's sites as visitors and screen readers get them: axe-core at a desktop and a phone width finds
// nothing of impact moderate or worse, and each page has one main landmark between its header and footer.
// The demo is the subject here: its Northwind site is published, and its Atlas project is published too.

const widths = [1280, 390];
const sites = sampleProjects.map((project) => ({
  project,
  slug: project.slug ?? project.key.toLowerCase(),
}));

describe('the demo’s published sites', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ app: 'api', demo: true });
    const { owner } = await demoActors(app);
    for (const { project, slug } of sites) {
      if (!project.published) {
        await app.get(PublishService).publish(owner, project.key, { destination: 'hosting', slug });
      }
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const pages = sites.flatMap(({ project, slug }) =>
    project.pages.flatMap((page) =>
      widths.map((width) => ({ address: `/sites/${slug}/${page.path}`, width })),
    ),
  );

  it.each(pages)('$address at $width px has no accessibility violation', async ({ address, width }) => {
    const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    await page.goto(`${app.baseUrl}${address}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('puts the navbar and footer around one main that holds the page’s content sections', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.baseUrl}/sites/northwind-coffee/coffee`);
    const bands = await page.evaluate(() => {
      const landmark = (section: Element) =>
        section.closest('main') ? 'main' : section.tagName.toLowerCase();
      return {
        mains: document.querySelectorAll('main').length,
        sections: [...document.querySelectorAll('[data-section-key]')].map(landmark),
      };
    });
    expect(bands.mains).toBe(1);
    expect(bands.sections[0]).toBe('header');
    expect(bands.sections.at(-1)).toBe('footer');
    expect(bands.sections.slice(1, -1).every((band) => band === 'main')).toBe(true);
    await page.close();
  });

  it('gives the editor’s preview of the draft the same landmarks, free of violations', async () => {
    const owner = await demoPerson(app, 'owner');
    const northwind = sites[0].project;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const [name, value] = owner.cookie.split(';')[0].split('=');
    await context.addCookies([{ name, value, url: app.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/editor/${northwind.key}`);
    const preview = await (await page.waitForSelector('iframe.preview-frame')).contentFrame();
    expect(await preview!.evaluate(() => document.querySelectorAll('main').length)).toBe(1);
    expect(await accessibilityViolations(preview!)).toEqual([]);
    await context.close();
  });
});
