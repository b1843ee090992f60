import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { type PrismaClient } from '#folio/db';
import { embedScriptUrl } from '#folio/publishing';
import { seedDemo } from '#folio/seed';
import {
  type HostPages,
  launchChromium,
  recordPageErrors,
  startHostPages,
  startTestApp,
  type TestApp,
} from '#folio/testing';

// The fonts Chromium actually draws a published site and an embed with (on a host page of another origin):
// the theme's own faces served from Folio's /fonts/, not a fallback. Northwind: Fraunces headings, Inter text.

const artifacts = resolve(process.cwd(), 'test/artifacts');

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/**
 * The fonts Chromium used for the text of the first element `selector` matches, with its CDP DOM and CSS
 * domains; shadow roots are searched too. The most-used font first.
 */
async function platformFonts(page: Page, selector: string): Promise<PlatformFont[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const roots = [root.nodeId];
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '*' });
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 1 });
      if (node.shadowRoots?.length) {
        const pushed = await cdp.send('DOM.pushNodesByBackendIdsToFrontend', {
          backendNodeIds: node.shadowRoots.map((shadow) => shadow.backendNodeId),
        });
        roots.push(...pushed.nodeIds);
      }
    }
    for (const nodeId of roots) {
      const found = await cdp.send('DOM.querySelector', { nodeId, selector });
      if (!found.nodeId) continue;
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: found.nodeId });
      return [...fonts].sort((a, b) => b.glyphCount - a.glyphCount);
    }
    throw new Error(`no element matches ${selector}`);
  } finally {
    await cdp.detach();
  }
}

/** A family name as CDP reports it: a variable font may add its default instance ("Manrope ExtraLight"). */
const family = (name: string) => expect.stringMatching(new RegExp(`^${name}( |$)`));

/** The web fonts the page has loaded, by family (`document.fonts`, light DOM and shadow roots alike). */
function loadedFaces(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family);
  });
}

describe('theme fonts in Chromium', () => {
  let app: TestApp;
  let prisma: PrismaClient;
  let browser: Browser;
  let host: HostPages;
  let base: string;
  let hostOrigin: string;
  let hostPages: Map<string, string>;

  beforeAll(async () => {
    // The demo is seeded after the start, so the app owes no screenshots of it.
    app = await startTestApp({ app: 'standalone', ownAddress: true });
    ({ baseUrl: base, prisma } = app);
    await seedDemo(prisma, app.config);
    host = await startHostPages();
    ({ origin: hostOrigin, pages: hostPages } = host);
    browser = await launchChromium();
    await mkdir(artifacts, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await app?.close();
  });

  it('draws the published site’s headings in Fraunces and its text in Inter, loaded from /fonts/', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors = await recordPageErrors(page);
      const fontRequests: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'font') fontRequests.push(request.url());
      });
      await page.goto(`${base}/sites/northwind-coffee/`, { waitUntil: 'load' });
      expect((await loadedFaces(page)).sort()).toEqual(['Fraunces', 'Inter']);

      const heading = await platformFonts(page, 'h1');
      expect(heading[0]).toMatchObject({ familyName: family('Fraunces'), isCustomFont: true });
      const body = await platformFonts(page, 'p');
      expect(body[0]).toMatchObject({ familyName: family('Inter'), isCustomFont: true });
      expect(fontRequests.sort()).toEqual([
        `${base}/fonts/fraunces-latin-wght-normal.woff2`,
        `${base}/fonts/inter-latin-wght-normal.woff2`,
      ]);
      expect(errors).toEqual([]);
      await page.screenshot({ path: resolve(artifacts, 'fonts-site-northwind.png') });
    } finally {
      await context.close();
    }
  });

  it('draws an embed in a shadow root on another origin with the same fonts (CORS)', async () => {
    const project = await prisma.project.findFirstOrThrow({
      where: { title: 'Northwind Coffee Roasters' },
      select: { key: true, pages: { where: { isHome: true }, select: { key: true } } },
    });
    const src = embedScriptUrl(base, project.key, project.pages[0].key, { shadowdom: true });
    hostPages.set(
      '/host',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"></head><body><script src="${src}"></script></body></html>`,
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors = await recordPageErrors(page);
      await page.goto(`${hostOrigin}/host`, { waitUntil: 'load' });
      await page.waitForFunction(() => !!document.querySelector('[data-folio-embed]')?.shadowRoot);
      expect((await loadedFaces(page)).sort()).toEqual(['Fraunces', 'Inter']);

      expect((await platformFonts(page, 'h1'))[0]).toMatchObject({
        familyName: family('Fraunces'),
        isCustomFont: true,
      });
      expect((await platformFonts(page, 'p'))[0]).toMatchObject({
        familyName: family('Inter'),
        isCustomFont: true,
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
