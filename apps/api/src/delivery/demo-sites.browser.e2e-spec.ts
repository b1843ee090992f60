import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'node-html-parser';
import { type Browser } from 'playwright-core';
import { PublishService } from '#folio/publishing';
import { escapeHtml } from '#folio/render';
import { sampleProjects } from '#folio/seed';
import {
  accessibilityViolations,
  demoActors,
  demoPerson,
  launchChromium,
  startTestApp,
  type TestApp,
  waitUntil,
} from '#folio/testing';

// The demo's sites as visitors, screen readers and link previews get them: axe-core at a desktop and a phone
// width finds nothing of impact moderate or worse, each page has one main landmark between its header and
// footer, and a link to a page shows as a card (image, title, description, domain) drawn from its tags alone.
// The demo is the subject here: its Northwind site is published, and its Atlas project is published too.
// SAVE_LINK_PREVIEW=<dir> also saves the card docs/publishing.md shows (docs/images/link-preview-card.png).

const widths = [1280, 390];
const sites = sampleProjects.map((project) => ({
  project,
  slug: project.slug ?? project.key.toLowerCase(),
}));

describe('the demo’s published sites', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ app: 'api', demo: true, ownAddress: true });
    const { owner } = await demoActors(app);
    // Northwind is published again as it is: its version 1 then owes the images of its link previews.
    for (const { project, slug } of sites) {
      await app.get(PublishService).publish(owner, project.key, { destination: 'site', slug });
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

  it('shows a link to a page as a card drawn from the page’s tags alone', async () => {
    await waitUntil(
      'the link-preview images of the demo’s sites',
      async () => (await app.prisma.shareImage.count({ where: { status: 'pending' } })) === 0,
      { timeoutMs: 120_000 },
    );
    const address = `${app.baseUrl}/sites/northwind-coffee/coffee`;
    const head = parse(await (await fetch(address)).text()).querySelector('head')!;
    const tag = (name: string) =>
      head.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute('content') ?? null;
    const card = {
      image: tag('og:image')!,
      title: tag('og:title')!,
      description: tag('og:description')!,
      domain: new URL(tag('og:url')!).host,
    };
    expect(tag('twitter:card')).toBe('summary_large_image');
    expect(card.image).toMatch(new RegExp(`^${app.baseUrl}/assets/`));

    const page = await browser.newPage({ viewport: { width: 640, height: 640 }, deviceScaleFactor: 1 });
    await page.setContent(linkPreviewCard(card), { waitUntil: 'load' });
    const shown = await page.evaluate(() => {
      const image = document.querySelector('img')!;
      return { width: image.naturalWidth, height: image.naturalHeight, text: document.body.innerText };
    });
    expect(shown.width / shown.height).toBeCloseTo(1200 / 630);
    expect(shown.text).toContain(card.title);
    expect(shown.text).toContain(card.domain);
    const screenshots = process.env.SAVE_LINK_PREVIEW;
    if (screenshots) {
      await mkdir(screenshots, { recursive: true });
      await page.locator('.card').screenshot({ path: resolve(screenshots, 'link-preview-card.png') });
    }
    await page.close();
  });
});

/** A chat app's link preview, as Slack and LinkedIn draw one: the domain, the title, the summary, the image. */
function linkPreviewCard(card: {
  image: string;
  title: string;
  description: string;
  domain: string;
}): string {
  const text = (value: string) => escapeHtml(value);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>
    body { margin: 0; padding: 24px; background: #fff; font: 15px/1.45 system-ui, sans-serif; color: #1d1c1d; }
    .card { width: 520px; padding: 4px 0 4px 14px; border-left: 4px solid #dddddd; }
    .domain { font-weight: 700; color: #1d1c1d; }
    .title { margin: 2px 0; color: #1264a3; font-weight: 700; }
    .description { margin: 0 0 8px; color: #454245; }
    img { display: block; width: 480px; border-radius: 8px; border: 1px solid #e8e8e8; }
  </style></head><body><div class="card">
    <div class="domain">${text(card.domain)}</div>
    <div class="title">${text(card.title)}</div>
    <p class="description">${text(card.description)}</p>
    <img src="${text(card.image)}" alt="">
  </div></body></html>`;
}
