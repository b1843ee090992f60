// A generated page as a visitor gets it: rendered by libs/render as a site renders it, opened in headless
// Chromium at the app's own origin (so its images and fonts load as on a site), screenshotted whole, then
// read: the texts shown, and the project theme's key colours as the browser paints them.
import { type Browser } from 'playwright-core';
import { assetsByKey, ProjectRepository } from '#folio/projects';
import { pageSections, renderPageDocument, withServedFonts } from '#folio/render';
import { type AiBenchApp } from '../lib/ai-bench-app.js';
import { keyColors, type Palette } from './page-metrics.js';

export interface CapturedPage {
  /** The text of each text element shown (an element with an id and text of its own), in page order. */
  texts: string[];
  /** Texts the browser shows cut by CSS (text-overflow: ellipsis or a line clamp that hides some of it). */
  clipped: string[];
  palette: Palette;
}

const width = 1280;

/** Renders the project's home page, saves its full-page screenshot at `screenshotPath`, and reads it. */
export async function capturePage(
  bench: AiBenchApp,
  browser: Browser,
  projectKey: string,
  screenshotPath: string,
): Promise<CapturedPage> {
  const projects = bench.app.apps.api.get(ProjectRepository);
  const { id } = await bench.prisma.project.findUniqueOrThrow({ where: { key: projectKey } });
  const snapshot = await projects.snapshot(id);
  const page = snapshot.pages.find((p) => p.isHome) ?? snapshot.pages[0];
  const { project } = snapshot;
  const { html } = renderPageDocument(
    pageSections(snapshot, page),
    {
      preset: project.preset,
      theme: withServedFonts(project.theme, bench.app.url),
      breakpoints: project.breakpoints,
      assets: assetsByKey(await projects.assets(id)),
    },
    { title: project.title, lang: 'en' },
  );
  // A screenshot shows the page at rest: no interaction plays under reduced motion, and without scripts
  // Chromium loads lazy images at once, so the load event waits for every image.
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    javaScriptEnabled: false,
  });
  try {
    const tab = await context.newPage();
    const address = `${bench.app.url}/bench-ai-quality/${projectKey}`;
    await tab.route(address, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await tab.goto(address, { waitUntil: 'load' });
    // Images below the fold are decoded lazily (decoding="async"): a full-page capture would show them blank.
    await tab.evaluate(() =>
      Promise.all([
        document.fonts.ready,
        ...[...document.images].map((image) => image.decode().catch(() => null)),
      ]),
    );
    await tab.screenshot({ path: screenshotPath, fullPage: true, animations: 'disabled', caret: 'hide' });
    return await tab.evaluate(readPage, { colors: project.theme.colors, keys: [...keyColors] });
  } finally {
    await context.close();
  }
}

/**
 * In the page: every visible text element's own text (its text nodes, not those of child elements with
 * ids of their own; closed <details> opened and CSS capitals undone, so text is compared as written), the
 * texts CSS cuts, and the key theme colours painted on a canvas and read back as sRGB.
 */
function readPage({ colors, keys }: { colors: Record<string, string>; keys: string[] }): CapturedPage {
  for (const details of document.querySelectorAll('details')) details.open = true;
  const plain = document.createElement('style');
  plain.textContent = '*{text-transform:none!important}';
  document.head.append(plain);

  const blockOf = (node: Node): Element | null => {
    let element = node.parentElement;
    while (element && getComputedStyle(element).display.startsWith('inline')) element = element.parentElement;
    return element;
  };
  const texts = new Map<Element, { text: string; block: Element | null }>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.nodeValue?.trim() || !parent?.checkVisibility({ visibilityProperty: true })) continue;
    const owner = parent.closest('[id]');
    if (!owner) continue;
    const block = blockOf(node);
    const entry = texts.get(owner);
    if (!entry) texts.set(owner, { text: node.nodeValue, block });
    else texts.set(owner, { text: entry.text + (entry.block === block ? '' : '\n') + node.nodeValue, block });
  }
  const clipped = [...texts.keys()].filter((element) => {
    const style = getComputedStyle(element);
    const clamped = style.getPropertyValue('-webkit-line-clamp') !== 'none';
    return (
      (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth) ||
      (clamped && element.scrollHeight > element.clientHeight)
    );
  });
  const tidy = (text: string) =>
    text
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .trim();

  const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const palette: Palette = {};
  for (const key of keys) {
    if (!colors[key]) continue;
    canvas.clearRect(0, 0, 1, 1);
    // A value the browser cannot paint leaves the fill transparent: no colour, as if the token were absent.
    canvas.fillStyle = 'transparent';
    canvas.fillStyle = colors[key];
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, alpha] = canvas.getImageData(0, 0, 1, 1).data;
    if (alpha > 0) palette[key] = [r, g, b];
  }
  return {
    texts: [...texts.values()].map((entry) => tidy(entry.text)),
    clipped: clipped.map((element) => tidy(texts.get(element)!.text)),
    palette,
  };
}
