// A document as Chromium lays it out at each width: its pixels (RGBA) and what it shows (seen elements).
import { type Page } from 'playwright-core';
import sharp from 'sharp';
import { type SeenElement, seenElementsScript } from './seen-elements.js';

export interface Rendering {
  width: number;
  height: number;
  /** RGBA, `width × height × 4` bytes. */
  rgba: Buffer;
  /** Null for a screenshot the caller took: only its pixels are known. */
  elements: SeenElement[] | null;
}

/** Compared down to this many pixels from the top; a longer page is cut. */
export const maxComparedHeight = 6_000;
/** The window height every width is laid out in (what `vh` means). */
const windowHeight = 800;
const screenshotTimeoutMs = 10_000;

/**
 * The loaded `page` at `width`. The compared height is the content's: measured in a window 1 px tall, so
 * a root that fills the window (as a site's does) adds nothing below its sections. The page is brought to
 * the front first: in full Chromium (Debian's), a screenshot of a tab behind the others of its window waited
 * 1–2 s for a frame, one in front 0.1–0.2 s.
 */
export async function renderAtWidth(page: Page, width: number, keyed: boolean): Promise<Rendering> {
  await page.bringToFront();
  await page.setViewportSize({ width, height: 1 });
  const contentHeight = (await page.evaluate('document.documentElement.scrollHeight')) as number;
  await page.setViewportSize({ width, height: windowHeight });
  await page.evaluate(settledScript);
  const height = Math.max(1, Math.min(maxComparedHeight, contentHeight));
  const png = await page.screenshot({
    type: 'png',
    clip: { x: 0, y: 0, width, height },
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    timeout: screenshotTimeoutMs,
  });
  const elements = (await page.evaluate(seenElementsScript(keyed))) as SeenElement[];
  return { ...(await decoded(png)), elements: elements.filter((element) => element.box.y < height) };
}

/** Fonts loaded and every image decoded (a new width may pick another source of a srcset). */
const settledScript = `(async () => {
  await document.fonts.ready;
  await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
})()`;

/** A screenshot the caller took, scaled to `width` (a 2× capture becomes 1×) and cut to the compared height. */
export async function screenshotRendering(image: Buffer, width: number): Promise<Rendering> {
  const scaled = await sharp(image, { limitInputPixels: 80_000_000 })
    .resize({ width })
    .png()
    .toBuffer({ resolveWithObject: true });
  const height = Math.min(maxComparedHeight, scaled.info.height);
  const cut = await sharp(scaled.data).extract({ left: 0, top: 0, width, height }).png().toBuffer();
  return { ...(await decoded(cut)), elements: null };
}

async function decoded(png: Buffer): Promise<Omit<Rendering, 'elements'>> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: data };
}
