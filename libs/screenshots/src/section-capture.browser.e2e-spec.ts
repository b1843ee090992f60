/** Section screenshots in real Chromium: size, loaded images, the request policy, and browser reuse. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { APP_CONFIG, type AppConfig, loadConfig } from '#folio/config';
import { type ProjectSnapshot, type SnapshotSection, type Theme } from '#folio/content';
import { type RenderContext, renderDocument, renderPage } from '#folio/render';
import { sampleProjects, snapshotSection } from '#folio/seed';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { type Browser, type Page } from 'playwright-core';
import { ChromiumBrowser } from './chromium-browser.js';
import { ChromiumSlots } from './chromium-slots.js';
import {
  captureContextOptions,
  captureResourcePolicy,
  openSectionDocument,
  SectionCapture,
} from './section-capture.js';
import { CaptureWarnings } from './section-capture-warnings.js';
import { sectionDocument } from '#folio/render';

const northwind = sampleProjects[0];
const ctx: RenderContext = {
  preset: northwind.preset,
  theme: northwind.theme,
  breakpoints: northwind.breakpoints,
};
const home = northwind.pages.find((page) => page.isHome)!;
const homeSections: SnapshotSection[] = home.sections.map(snapshotSection);

const documentOf = (sections: SnapshotSection[]) =>
  renderDocument(renderPage(sections, ctx), { title: 'Screenshot test' });

/** A heading and one 200×100 image with `src`. */
function pictureSection(key: string, src: string): SnapshotSection {
  return {
    key,
    title: 'Picture',
    type: 'hero',
    tree: {
      key: `${key}Root`,
      type: 'frame',
      tag: 'section',
      children: [
        { key: `${key}Title`, type: 'text', text: 'A picture', textStyle: 'h1' },
        { key: `${key}Image`, type: 'image', src, alt: 'Picture' },
      ],
    },
    styles: {
      desktop: {
        [`${key}Root`]: { padding: '40px' },
        [`${key}Image`]: { display: 'block', width: '200px', height: '100px' },
      },
    },
    interactions: [],
  };
}

function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([r, g, b, 255], i);
  return PNG.sync.write(png);
}

function pixelsOf(png: Buffer, [r, g, b]: [number, number, number]): number {
  const { data } = PNG.sync.read(png);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === r && data[i + 1] === g && data[i + 2] === b) count++;
  }
  return count;
}

function colorCount(png: Buffer): number {
  const { data } = PNG.sync.read(png);
  const colors = new Set<number>();
  for (let i = 0; i < data.length; i += 4) colors.add(data.readUInt32BE(i));
  return colors.size;
}

const red: [number, number, number] = [255, 0, 0];
const magenta: [number, number, number] = [255, 0, 255];

/** A local origin that records what reached it: /red.png, /hang.png (never answers), anything else 404. */
const requests: string[] = [];
let server: Server;
let origin: string;

async function setup(
  env: Record<string, string>,
): Promise<{ module: TestingModule; capture: SectionCapture; chromium: ChromiumBrowser }> {
  const config = loadConfig(
    { CHROMIUM_PATH: process.env.CHROMIUM_PATH, PUBLIC_BASE_URL: 'http://folio.test', ...env },
    { seedDemo: false },
  );
  const module = await Test.createTestingModule({
    providers: [{ provide: APP_CONFIG, useValue: config }, ChromiumBrowser, ChromiumSlots, SectionCapture],
  }).compile();
  return { module, capture: module.get(SectionCapture), chromium: module.get(ChromiumBrowser) };
}

let strict: Awaited<ReturnType<typeof setup>>;
let open: Awaited<ReturnType<typeof setup>>;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/hang.png') return;
    if (request.url === '/red.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(40, 20, red));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  strict = await setup({ OUTBOUND_ALLOW_PRIVATE: 'false' });
  open = await setup({ OUTBOUND_ALLOW_PRIVATE: 'true' });
});

afterAll(async () => {
  await strict?.module.close();
  await open?.module.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function sectionHeight(browser: Browser, html: string, key: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1200, height: 800 },
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.evaluate(
      (sectionKey) =>
        document.querySelector(`[data-section-key="${sectionKey}"]`)!.getBoundingClientRect().height,
      key,
    );
  } finally {
    await context.close();
  }
}

describe(SectionCapture.name, () => {
  it('captures a demo section exactly 1200 px wide and as tall as the section', async () => {
    const html = documentOf(homeSections.slice(0, 3));
    const section = homeSections[1];

    const result = await strict.capture.capture({ html, sectionKey: section.key });

    const height = await sectionHeight(await strict.chromium.browser(), html, section.key);
    const png = PNG.sync.read(result.png);
    expect([png.width, result.width]).toEqual([1200, 1200]);
    expect(height).toBeGreaterThan(0);
    expect([png.height, result.height]).toEqual([Math.ceil(height), Math.ceil(height)]);
    expect(colorCount(result.png)).toBeGreaterThan(10);
    expect(result.warnings).toEqual([]);
  });

  it('captures the top 750 px of a page, or the whole page when it is shorter', async () => {
    const tall = await strict.capture.captureTop({ html: documentOf(homeSections), name: 'page /' });
    expect([tall.width, PNG.sync.read(tall.png).height]).toEqual([1200, 750]);
    expect(colorCount(tall.png)).toBeGreaterThan(10);

    const navbar = homeSections[0];
    const html = documentOf([navbar]);
    const short = await strict.capture.captureTop({ html, name: 'page /' });
    const height = await sectionHeight(await strict.chromium.browser(), html, navbar.key);
    expect(height).toBeLessThan(750);
    expect(PNG.sync.read(short.png).height).toBe(Math.ceil(height));
  });

  it('still captures a section whose image cannot be loaded, with a warning naming the URL', async () => {
    const url = 'https://images.invalid/missing.png';
    const section = pictureSection('sectBroken1', url);

    const result = await strict.capture.capture({ html: documentOf([section]), sectionKey: section.key });

    expect(PNG.sync.read(result.png).width).toBe(1200);
    expect(result.height).toBeGreaterThan(100);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(
      /^Image https:\/\/images\.invalid\/missing\.png could not be loaded: /,
    );
    expect(result.warnings[0]).not.toMatch(/\n|\bat /);
  });

  it('never lets the page reach a private address, and says why the image is missing', async () => {
    requests.length = 0;
    const url = `${origin}/red.png`;
    const section = pictureSection('sectPrivate1', url);

    const result = await strict.capture.capture({ html: documentOf([section]), sectionKey: section.key });

    expect(requests).toEqual([]);
    expect(pixelsOf(result.png, red)).toBe(0);
    expect(result.warnings).toEqual([
      `Image ${url} could not be loaded: it points to a private or local network address`,
    ]);
  });

  it('fetches allowed images server-side and draws them; an error status is a warning', async () => {
    requests.length = 0;
    const sections = [
      pictureSection('sectRemote1', `${origin}/red.png`),
      pictureSection('sectRemote2', `${origin}/gone.png`),
    ];

    const result = await open.capture.capture({ html: documentOf(sections), sectionKey: 'sectRemote1' });

    expect(requests.sort()).toEqual(['/gone.png', '/red.png']);
    expect(pixelsOf(result.png, red)).toBeGreaterThan(15_000);
    expect(result.warnings).toEqual([`Image ${origin}/gone.png could not be loaded: 404 Not Found`]);
  });

  it('serves our own assets through readOwnAsset, without HTTP', async () => {
    const url = 'http://folio.test/assets/0123abcd.png';
    const section = pictureSection('sectOwn1', url);
    const asked: string[] = [];

    const result = await strict.capture.capture({
      html: documentOf([section]),
      sectionKey: section.key,
      readOwnAsset: async (assetUrl) => {
        asked.push(assetUrl);
        return { bytes: solidPng(20, 10, magenta), type: 'image/png' };
      },
    });

    expect(asked).toEqual([url]);
    expect(pixelsOf(result.png, magenta)).toBeGreaterThan(15_000);
    expect(result.warnings).toEqual([]);
  });

  it('reports a missing own asset', async () => {
    const url = 'http://folio.test/assets/feedbeef.png';
    const section = pictureSection('sectOwn2', url);

    const result = await strict.capture.capture({
      html: documentOf([section]),
      sectionKey: section.key,
      readOwnAsset: async () => null,
    });

    expect(result.warnings).toEqual([`Image ${url} could not be loaded: no such asset`]);
  });

  it('gives up on an image that never answers and still captures the section', async () => {
    const section = pictureSection('sectHang1', `${origin}/hang.png`);
    const started = Date.now();

    const result = await open.capture.capture({ html: documentOf([section]), sectionKey: section.key });

    expect(Date.now() - started).toBeLessThan(15_000);
    expect(PNG.sync.read(result.png).width).toBe(1200);
    expect(result.warnings).toEqual([`Image ${origin}/hang.png could not be loaded: no answer within 5 s`]);
  });

  it('does not load embedded pages, and says so', async () => {
    const url = 'https://video.invalid/embed/1';
    const section: SnapshotSection = {
      key: 'sectEmbed1',
      title: 'Video',
      type: 'media',
      tree: { key: 'sectEmbed1Frame', type: 'embed', src: url },
      styles: { desktop: { sectEmbed1Frame: { width: '400px', height: '225px' } } },
      interactions: [],
    };

    const result = await open.capture.capture({ html: documentOf([section]), sectionKey: section.key });

    expect(result.height).toBe(225);
    expect(result.warnings).toEqual([`Embedded page ${url} is not shown in screenshots.`]);
  });

  it('lists at most 20 warnings and counts the rest', async () => {
    const sections = Array.from({ length: 30 }, (_, i) =>
      pictureSection(`sectMany${i}`, `${origin}/${i}.png`),
    );

    const result = await strict.capture.capture({ html: documentOf(sections), sectionKey: 'sectMany0' });

    expect(result.warnings).toHaveLength(21);
    expect(result.warnings[20]).toBe('10 more warnings are not listed.');
  });

  it('refuses a document without the section', async () => {
    await expect(
      strict.capture.capture({ html: documentOf(homeSections.slice(0, 1)), sectionKey: 'sectNowhere1' }),
    ).rejects.toThrow('The document has no section sectNowhere1');
  });
});

/** The section of `project`'s home page of `role` as a snapshot section. */
function homeSection(project: (typeof sampleProjects)[number], role: string): SnapshotSection {
  return snapshotSection(
    project.pages.find((page) => page.isHome)!.sections.find((section) => section.role === role)!,
  );
}

/** The section's document as the screenshot job renders it, for a project with `theme`. */
function captureDocument(project: (typeof sampleProjects)[number], section: SnapshotSection, theme: Theme) {
  const snapshot = { project: { preset: project.preset, theme, breakpoints: project.breakpoints } };
  return sectionDocument(snapshot as ProjectSnapshot, section, {}, 'http://folio.test');
}

/** The family Chromium drew most of the text of the first `selector` element with (CDP), and if it is a web font. */
async function drawnFont(
  page: Page,
  selector: string,
): Promise<{ familyName: string; isCustomFont: boolean }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const [most] = [...fonts].sort((a, b) => b.glyphCount - a.glyphCount);
    return { familyName: most.familyName, isCustomFont: most.isCustomFont };
  } finally {
    await cdp.detach();
  }
}

const family = (name: string) => expect.stringMatching(new RegExp(`^${name}( |$)`));

describe('theme fonts in screenshots', () => {
  const atlas = sampleProjects[1];

  it.each([
    { project: northwind, heading: 'Fraunces' },
    { project: atlas, heading: 'Manrope' },
  ])(
    'draws $project.title’s hero with $heading headings and Inter text, read from the font packages',
    async ({ project, heading }) => {
      const section = homeSection(project, 'hero');
      const html = captureDocument(project, section, project.theme);
      const config = strict.module.get<AppConfig>(APP_CONFIG);
      const context = await (await strict.chromium.browser()).newContext(captureContextOptions);
      try {
        const warnings = new CaptureWarnings();
        const page = await openSectionDocument(context, html, captureResourcePolicy(config), warnings);
        expect(warnings.list()).toEqual([]);
        // A variable font names its default instance: "Manrope ExtraLight" is Manrope at weight 200.
        expect(await drawnFont(page, 'h1')).toEqual({ familyName: family(heading), isCustomFont: true });
        expect(await drawnFont(page, 'p')).toEqual({ familyName: family('Inter'), isCustomFont: true });
      } finally {
        await context.close();
      }
    },
  );

  it('captures with the served fonts, read from disk (folio.test does not resolve), unlike fallbacks', async () => {
    const section = homeSection(northwind, 'hero');
    const withFonts = await strict.capture.capture({
      html: captureDocument(northwind, section, northwind.theme),
      sectionKey: section.key,
    });
    const fallbackTheme: Theme = {
      ...northwind.theme,
      textStyles: Object.fromEntries(
        Object.entries(northwind.theme.textStyles).map(([name, style]) => [
          name,
          { ...style, fontFamily: style.fontFamily.replace(/"(Fraunces|Inter)", /g, '') },
        ]),
      ),
      fonts: [],
    };
    const fallback = await strict.capture.capture({
      html: captureDocument(northwind, section, fallbackTheme),
      sectionKey: section.key,
    });

    expect(withFonts.warnings).toEqual([]);
    expect(withFonts.png.equals(fallback.png)).toBe(false);
  });

  it('warns about a font under /fonts/ that Folio does not serve', async () => {
    const section = homeSection(northwind, 'hero');
    const url = 'http://folio.test/fonts/lobster-latin-wght-normal.woff2';
    const theme: Theme = {
      ...northwind.theme,
      textStyles: {
        ...northwind.theme.textStyles,
        h1: { ...northwind.theme.textStyles.h1, fontFamily: 'Lobster' },
      },
      fonts: [{ family: 'Lobster', url, weights: [400] }],
    };

    const result = await strict.capture.capture({
      html: captureDocument(northwind, section, theme),
      sectionKey: section.key,
    });

    expect(result.warnings).toEqual([`Font ${url} could not be loaded: Folio serves no font of this name`]);
  });
});

/** Chromium processes started by this process (the browser itself; its helpers are their children). */
function chromiumChildren(): Set<number> {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return new Set(
    out
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, command]) => command?.startsWith('chromium'))
      .map(([pid]) => Number(pid)),
  );
}

describe(ChromiumBrowser.name, () => {
  it('launches once for concurrent callers and reuses the browser across captures', async () => {
    const { module, capture, chromium } = await setup({});
    try {
      const [first, second] = await Promise.all([chromium.browser(), chromium.browser()]);
      expect(second).toBe(first);
      const section = homeSections[0];
      await capture.capture({ html: documentOf([section]), sectionKey: section.key });
      await capture.capture({ html: documentOf([section]), sectionKey: section.key });
      expect(await chromium.browser()).toBe(first);
      expect(first.contexts()).toEqual([]);
    } finally {
      await module.close();
    }
  });

  it('replaces a browser that crashed', async () => {
    const { module, capture, chromium } = await setup({});
    try {
      const before = chromiumChildren();
      const crashed = await chromium.browser();
      const launched = [...chromiumChildren()].filter((pid) => !before.has(pid));
      expect(launched).toHaveLength(1);
      const disconnected = new Promise((resolve) => crashed.once('disconnected', resolve));
      process.kill(launched[0], 'SIGKILL');
      await disconnected;

      const section = homeSections[0];
      const result = await capture.capture({ html: documentOf([section]), sectionKey: section.key });

      expect(PNG.sync.read(result.png).width).toBe(1200);
      const replacement = await chromium.browser();
      expect(replacement).not.toBe(crashed);
      expect(replacement.isConnected()).toBe(true);
    } finally {
      await module.close();
    }
  });

  it('replaces a browser closed from outside, and closes its browser on shutdown', async () => {
    const { module, capture, chromium } = await setup({});
    const closed = await chromium.browser();
    await closed.close();
    const section = homeSections[0];
    await capture.capture({ html: documentOf([section]), sectionKey: section.key });
    const current = await chromium.browser();
    expect(current).not.toBe(closed);

    await module.close();

    expect(current.isConnected()).toBe(false);
    await expect(chromium.browser()).rejects.toThrow('Chromium has been shut down.');
  });
});
