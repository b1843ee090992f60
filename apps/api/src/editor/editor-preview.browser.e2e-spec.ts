import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Browser, type Page } from 'playwright-core';
import { defaultBreakpoints } from '#folio/content';
import { demoPerson, launchChromium, startTestApp, type TestApp } from '#folio/testing';

// The editor's preview lays the draft out at each breakpoint's real width and scales it to fit: on a laptop
// and on a phone, "Desktop" is the desktop layout (the page inside the frame is 1280 px wide), shown whole
// inside its box, and the editor page itself never scrolls sideways.

describe('the editor’s breakpoint previews', () => {
  let app: TestApp;
  let browser: Browser;
  let cookie: { name: string; value: string; url: string };
  let editorPath: string;

  beforeAll(async () => {
    app = await startTestApp({ app: 'api', demo: true, ownAddress: true });
    const [name, value] = (await demoPerson(app, 'owner')).cookie.split('=');
    cookie = { name, value, url: app.baseUrl };
    editorPath = `/editor/${app.demo!.projects[0].key}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openEditor(viewportWidth: number): Promise<Page> {
    const context = await browser.newContext({
      baseURL: app.baseUrl,
      viewport: { width: viewportWidth, height: 900 },
    });
    await context.addCookies([cookie]);
    const page = await context.newPage();
    await page.goto(editorPath);
    return page;
  }

  /** What the person sees after choosing `label`: the frame's layout width and its box on screen. */
  async function choose(page: Page, label: string) {
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: label }).click();
    const frameElement = page.locator('.preview-frame');
    const frame = (await frameElement.elementHandle())!;
    const content = (await frame.contentFrame())!;
    await page.waitForFunction(
      (pressed) => document.querySelector(`.device-toggle [aria-pressed="true"]`)?.textContent === pressed,
      label,
    );
    return {
      layoutWidth: await content.evaluate(() => window.innerWidth),
      shown: (await frameElement.boundingBox())!,
      box: (await page.locator('.frame-wrap').boundingBox())!,
      note: await page.locator('.frame-scale').textContent(),
      pageWidth: await page.evaluate(() => document.documentElement.scrollWidth),
    };
  }

  it.each([1280, 360])(
    'lays each breakpoint out at its width and fits it in the box, on a %i px screen',
    async (screen) => {
      const page = await openEditor(screen);
      const labels = await page
        .getByRole('group', { name: 'Preview width' })
        .getByRole('button')
        .allTextContents();
      expect(labels.map((label) => label.trim())).toEqual(defaultBreakpoints.map((b) => b.label));
      for (const breakpoint of defaultBreakpoints) {
        const seen = await choose(page, breakpoint.label);
        expect(seen.layoutWidth).toBe(breakpoint.previewWidth);
        expect(seen.shown.x).toBeGreaterThanOrEqual(seen.box.x - 0.5);
        expect(seen.shown.x + seen.shown.width).toBeLessThanOrEqual(seen.box.x + seen.box.width + 0.5);
        expect(seen.note).toContain(`${breakpoint.label} layout at ${breakpoint.previewWidth} px`);
        expect({ label: breakpoint.label, pageWidth: seen.pageWidth }).toEqual({
          label: breakpoint.label,
          pageWidth: screen,
        });
      }
      await page.context().close();
    },
  );
});
