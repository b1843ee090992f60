// The check_implementation view in the MCP Apps host harness: per breakpoint, the design and the
// implementation under a slider and their difference beside them, for an implementation whose mobile
// layout does not reflow. SAVE_VIEW_SCREENSHOTS=<dir> saves what docs/agents.md shows (docs/images).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Browser } from 'playwright-core';
import {
  launchChromium,
  type McpAppsHost,
  startMcpAppsHost,
  startTestApp,
  type TestApp,
} from '#folio/testing';
import { exportedPage } from '../../bench/check/corpus-run.js';
import { exportDocument } from '../../bench/check/export-document.js';

describe('the check_implementation view in a host', () => {
  let app: TestApp;
  let browser: Browser;
  let client: Client;
  let host: McpAppsHost;
  const screenshots = process.env.SAVE_VIEW_SCREENSHOTS;

  beforeAll(async () => {
    app = await startTestApp({ app: 'standalone', demo: true, ownAddress: true });
    browser = await launchChromium();
    client = await app.connectMcp({ key: app.demo!.apiKey });
    host = await startMcpAppsHost(browser, client);
  }, 120_000);

  afterAll(async () => {
    await host?.close();
    await browser?.close();
    await app?.close();
  });

  it('names its view, and shows design, implementation and difference per breakpoint with a slider', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'check_implementation')?._meta).toEqual({
      ui: { resourceUri: 'ui://folio/check' },
    });
    const projectKey = app.demo!.projects.find((p) => p.title.startsWith('Northwind'))!.key;
    const outline = await client.callTool({
      name: 'get_project_sections',
      arguments: { projectKey, detail: 'outline' },
    });
    const pageKey = (outline.structuredContent as { pages: { pageKey: string }[] }).pages[0].pageKey;
    const { themeCss, sections } = await exportedPage(client, projectKey, pageKey);
    const section = sections[1] ?? sections[0];
    const result = await host.show('ui://folio/check', 'check_implementation', {
      projectKey,
      pageKey,
      sectionKey: section.sectionKey,
      html: exportDocument(themeCss, [section], { leaveOut: 'mobile' }),
    });
    const answer = result.structuredContent as { breakpoints: { name: string; score: number }[] };

    await host.view.locator('button[data-breakpoint]').first().waitFor();
    expect(await host.view.locator('button[data-breakpoint]').allTextContents()).toEqual(
      answer.breakpoints.map((b) => expect.stringContaining(`${b.name} `) as unknown as string),
    );

    await host.view.locator('button[data-breakpoint="mobile"]').click();
    const shown = host.view.locator('.check[data-breakpoint="mobile"]');
    await shown.waitFor();
    const sizes = await shown.locator('img').evaluateAll(async (images: HTMLImageElement[]) => {
      await Promise.all(images.map((image) => image.decode()));
      return images.map((image) => [image.alt, image.naturalWidth, image.naturalHeight]);
    });
    const [design, implementation, difference] = sizes;
    expect(sizes.map(([alt]) => alt)).toEqual([
      'Design at mobile',
      'Implementation at mobile',
      'Difference at mobile',
    ]);
    // All three at the same size: the slider lays one exactly over the other.
    expect(design[1]).toBeGreaterThan(0);
    expect(implementation.slice(1)).toEqual(design.slice(1));
    expect(difference.slice(1)).toEqual(design.slice(1));

    const clip = () => shown.locator('img.implementation').evaluate((img: HTMLElement) => img.style.clipPath);
    expect(await clip()).toBe('inset(0px 0px 0px 50%)');
    await shown.locator('input[type="range"]').fill('20');
    expect(await clip()).toBe('inset(0px 0px 0px 20%)');
    expect(host.errors).toEqual([]);

    if (screenshots) {
      await mkdir(screenshots, { recursive: true });
      await shown.locator('input[type="range"]').fill('50');
      await host.page
        .locator('iframe')
        .screenshot({ path: resolve(screenshots, 'check-view.png'), scale: 'css' });
    }
  }, 180_000);
});
