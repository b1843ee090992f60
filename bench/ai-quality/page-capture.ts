// A generated page as a visitor gets it: rendered by libs/render as a site renders it, opened in headless
// Chromium at the app's own origin (so its images and fonts load as on a site), screenshotted whole once
// its pictures are drawn, then read: the texts shown, the picture frames that show nothing, the project
// theme's key colours as the browser paints them, and the motif the local image generator drew each
// generated picture with.
import { writeFile } from 'node:fs/promises';
import { type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { motifOf } from '#folio/ai';
import { pictureRoles } from '#folio/libraries';
import { assetsByKey, ProjectRepository } from '#folio/projects';
import { pageSections, renderPageDocument, withServedFonts } from '#folio/render';
import { type AiBenchApp } from '../lib/ai-bench-app.js';
import { blankFrames, type FrameBox, keyColors, type Palette } from './page-metrics.js';

export interface ShownText {
  text: string;
  /** The key of the page section it is in. */
  section: string | null;
  /** Whether it is a link, button or form label rather than content. */
  control: boolean;
}

export interface CapturedPage {
  /** The text of each text element shown (an element with an id and text of its own), in page order. */
  texts: string[];
  /** The same texts with where they are. */
  shown: ShownText[];
  /** Texts the browser shows cut by CSS (text-overflow: ellipsis or a line clamp that hides some of it). */
  clipped: string[];
  /**
   * Picture frames a visitor sees as empty, each by its alt text: a picture the page does not have (a
   * placeholder waiting for its asset, an image that did not load, one of a single flat colour), one the
   * screenshot shows blank (blankFrames in page-metrics.ts), and a section there for its pictures (a
   * gallery) showing none, by its heading.
   */
  emptyFrames: string[];
  palette: Palette;
  /** How many of the project's generated pictures each motif drew. */
  motifs: Record<string, number>;
}

const width = 1280;
/** Smaller pictures (icons, bullets) are not frames. */
const minFrame = 24;
/** Full-page screenshots taken at most, until one shows every picture the page has. */
const drawAttempts = 5;

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
    await picturesDecoded(tab);
    const pictureSections = pageSections(snapshot, page)
      .filter((section) => pictureRoles.has(section.type))
      .map((section) => section.key);
    const pictures = await tab.evaluate(readPictures, { pictureSections, minFrame });
    const blank = await screenshotDrawn(tab, pictures.drawn, screenshotPath);
    const read = await tab.evaluate(readPage, { colors: project.theme.colors, keys: [...keyColors] });
    return {
      ...read,
      emptyFrames: [...pictures.missing, ...blank, ...pictures.emptySections],
      motifs: await motifsOf(bench, id),
    };
  } finally {
    await context.close();
  }
}

/**
 * Resolves once the page's fonts are loaded and its pictures decoded, each to be painted with its decoded
 * pixels: a full-page capture paints beyond the viewport at once, and Chromium may leave a picture it
 * decodes asynchronously (decoding="async") out of that paint, blank as if missing.
 */
async function picturesDecoded(tab: Page): Promise<void> {
  await tab.evaluate(() =>
    Promise.all([
      document.fonts.ready,
      ...[...document.images].map((image) => {
        image.decoding = 'sync';
        return image.decode().catch(() => null);
      }),
    ]),
  );
}

/**
 * Saves the full-page screenshot at `path` once it shows every picture of `drawn`, as a visitor waits for
 * the pictures to appear: taken again while some frame is blank, five times at most. Returns the frames
 * still blank in the saved screenshot.
 */
async function screenshotDrawn(tab: Page, drawn: FrameBox[], path: string): Promise<string[]> {
  const capture = async () => {
    const shot = await tab.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    return { shot, blank: blankFrames(PNG.sync.read(shot), drawn) };
  };
  let { shot, blank } = await capture();
  for (let attempt = 2; attempt <= drawAttempts && blank.length; attempt++) {
    ({ shot, blank } = await capture());
  }
  await writeFile(path, shot);
  return blank;
}

/**
 * In the page: the visible pictures of at least `minFrame` CSS pixels a side, as those the page does not
 * have (`missing`: waiting for an asset, not loaded, or of a single flat colour: every channel of a 16×16
 * sample varies by less than 3 of 255) and those it has, where they are (`drawn`); and the sections of
 * `pictureSections` that show no such picture, by their first heading.
 */
function readPictures({ pictureSections, minFrame }: { pictureSections: string[]; minFrame: number }): {
  missing: string[];
  drawn: FrameBox[];
  emptySections: string[];
} {
  const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const sample = 16;
  const isFlat = (image: HTMLImageElement) => {
    canvas.clearRect(0, 0, sample, sample);
    canvas.drawImage(image, 0, 0, sample, sample);
    const data = canvas.getImageData(0, 0, sample, sample).data;
    return [0, 1, 2].every((channel) => {
      const values = Array.from({ length: sample * sample }, (_, i) => data[i * 4 + channel]);
      const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
      return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length) < 3;
    });
  };
  const frames = [...document.images].filter((image) => {
    const box = image.getBoundingClientRect();
    return (
      image.checkVisibility({ visibilityProperty: true }) && box.width >= minFrame && box.height >= minFrame
    );
  });
  const nameOf = (image: HTMLImageElement) =>
    image.alt || image.getAttribute('src')?.slice(0, 60) || 'picture';
  const isMissing = (image: HTMLImageElement) =>
    image.hasAttribute('data-asset-status') || !image.complete || image.naturalWidth === 0 || isFlat(image);
  const emptySections = pictureSections.flatMap((key) => {
    const section = document.querySelector(`[data-section-key="${CSS.escape(key)}"]`);
    if (!section?.checkVisibility() || frames.some((image) => section.contains(image))) return [];
    const heading = section.querySelector('h1, h2, h3')?.textContent?.trim();
    return [`${heading || key}: no pictures`];
  });
  return {
    missing: frames.filter(isMissing).map(nameOf),
    drawn: frames
      .filter((image) => !isMissing(image))
      .map((image) => {
        const box = image.getBoundingClientRect();
        return {
          name: nameOf(image),
          x: box.x + window.scrollX,
          y: box.y + window.scrollY,
          width: box.width,
          height: box.height,
        };
      }),
    emptySections,
  };
}

/** The motif of each generated picture of the project, as the local generator chooses it from the prompt. */
async function motifsOf(bench: AiBenchApp, projectId: string): Promise<Record<string, number>> {
  const generated = await bench.prisma.asset.findMany({
    where: { projectId, prompt: { not: null } },
    select: { prompt: true },
  });
  const motifs: Record<string, number> = {};
  for (const { prompt } of generated) {
    const name = motifOf(prompt!).name;
    motifs[name] = (motifs[name] ?? 0) + 1;
  }
  return motifs;
}

/**
 * In the page: every visible text element's own text (its text nodes, not those of child elements with
 * ids of their own; closed <details> opened and CSS capitals undone, so text is compared as written) with
 * its section and whether it is a control, the texts CSS cuts, and the key theme colours painted on a
 * canvas and read back as sRGB.
 */
function readPage({
  colors,
  keys,
}: {
  colors: Record<string, string>;
  keys: string[];
}): Omit<CapturedPage, 'motifs' | 'emptyFrames'> {
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
  const shown = [...texts.entries()].map(([element, entry]) => ({
    text: tidy(entry.text),
    section: element.closest('[data-section-key]')?.getAttribute('data-section-key') ?? null,
    control: !!element.closest('a, button, label'),
  }));
  return {
    texts: shown.map((entry) => entry.text),
    shown,
    clipped: clipped.map((element) => tidy(texts.get(element)!.text)),
    palette,
  };
}
