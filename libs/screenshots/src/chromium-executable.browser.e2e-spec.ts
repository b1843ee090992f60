/** Which Chromium Folio launches: the configured one, Debian's, or the one shipped in the npm package. */
import { afterAll, describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { APP_CONFIG, loadConfig } from '#folio/config';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChromiumBrowser } from './chromium-browser.js';
import { chromiumExecutable, DEBIAN_CHROMIUM } from './chromium-executable.js';

const shippedDirectory = /\/folio-chromium-[\d.]+\/chromium$/;
const scratch: string[] = [];

afterAll(async () => {
  await Promise.all(scratch.map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('chromiumExecutable', () => {
  it('takes CHROMIUM_PATH when it names an executable', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'folio-chromium-path-'));
    scratch.push(directory);
    const configured = join(directory, 'my-chromium');
    await writeFile(configured, '#!/bin/sh\n');
    await chmod(configured, 0o755);

    await expect(chromiumExecutable(configured)).resolves.toBe(configured);
  });

  it("takes Debian's Chromium when CHROMIUM_PATH is unset and the package is installed, the shipped one otherwise", async () => {
    const chosen = await chromiumExecutable(null);
    if (existsSync(DEBIAN_CHROMIUM)) expect(chosen).toBe(DEBIAN_CHROMIUM);
    else expect(chosen).toMatch(shippedDirectory);
  });

  it('falls back to the npm-shipped Chromium when CHROMIUM_PATH names nothing, the same binary for every caller', async () => {
    const [first, second] = await Promise.all([
      chromiumExecutable('/nonexistent/chromium'),
      chromiumExecutable('/nonexistent/chromium'),
    ]);
    expect(first).toMatch(shippedDirectory);
    expect(second).toBe(first);
  });
});

describe('ChromiumBrowser without a system Chromium', () => {
  it('launches the npm-shipped Chromium and renders a page', async () => {
    const config = loadConfig({ CHROMIUM_PATH: '/nonexistent/chromium' }, { seedDemo: false });
    const module = await Test.createTestingModule({
      providers: [{ provide: APP_CONFIG, useValue: config }, ChromiumBrowser],
    }).compile();
    try {
      const browser = await module.get(ChromiumBrowser).browser();
      const page = await browser.newPage();
      await page.setContent('<h1 style="width: 300px">Hello from Folio</h1>');
      expect(await page.locator('h1').innerText()).toBe('Hello from Folio');
      expect((await page.screenshot()).byteLength).toBeGreaterThan(1000);
    } finally {
      await module.close();
    }
  });
});
