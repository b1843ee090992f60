import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { servedFontUrl } from '#folio/render';
import { type BrowserContext, type BrowserContextOptions, errors, type Page } from 'playwright-core';
import { ChromiumBrowser } from './chromium-browser.js';
import { ChromiumSlots } from './chromium-slots.js';
import { type ReadOwnAsset, type ResourcePolicy, routeResources } from './section-capture-resources.js';
import { CaptureWarnings, shortUrl } from './section-capture-warnings.js';

export const screenshotWidth = 1200;
/** Taller sections are cut: Chromium cannot capture much more in one image. */
const maxHeight = 16_000;
/** How much of a page's top a capture shows. */
export interface PageTopSize {
  height: number;
  /** A page shorter than `height` gives a shorter image; otherwise the image is always `height` tall. */
  cropToContent: boolean;
}

/** The project thumbnail: what a 1200 px wide window shows of a site before scrolling. */
export const thumbnailTop: PageTopSize = { height: 750, cropToContent: true };
/** A link-preview image (og:image): the 1200 × 630 px that link previews show. */
export const shareImageTop: PageTopSize = { height: 630, cropToContent: false };
const captureTimeoutMs = 30_000;
const loadTimeoutMs = 15_000;
const settleTimeoutMs = 5_000;
const screenshotTimeoutMs = 10_000;
const closeTimeoutMs = 5_000;

/** The browser context every capture runs in. */
export const captureContextOptions: BrowserContextOptions = {
  viewport: { width: screenshotWidth, height: 800 },
  deviceScaleFactor: 1,
  // The renderer's only script plays interactions, and a screenshot shows the design at rest. Without
  // scripting, Chromium also loads lazy images at once, so the load event waits for all of them.
  javaScriptEnabled: false,
  reducedMotion: 'reduce',
  serviceWorkers: 'block',
};

export interface CaptureRequest {
  /** complete HTML document from renderDocument(); the section's root element carries data-section-key="<key>" */
  html: string;
  sectionKey: string;
  /** reads our own blobs without HTTP: (url) => bytes+type or null */
  readOwnAsset?: ReadOwnAsset;
}

export interface PageTopRequest {
  /** complete HTML document from renderDocument() */
  html: string;
  /** what the document is, for errors: "page /pricing" */
  name: string;
  readOwnAsset?: ReadOwnAsset;
}

export interface CaptureResult {
  png: Buffer;
  width: 1200;
  height: number;
  warnings: string[];
}

/** The part of the document a screenshot shows, in document coordinates. */
type Region = { y: number; height: number };
type CapturedDocument = Pick<CaptureRequest, 'html' | 'readOwnAsset'>;

/** Renders one section of a document, or the document's top, to a PNG exactly 1200 px wide. */
@Injectable()
export class SectionCapture {
  constructor(
    private readonly chromium: ChromiumBrowser,
    private readonly slots: ChromiumSlots,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The section, as tall as it is (cut at 16,000 px). */
  capture(request: CaptureRequest): Promise<CaptureResult> {
    return this.captureRegion(`section ${request.sectionKey}`, request, async (page, warnings) => {
      const box = await sectionBox(page, request.sectionKey);
      if (!box) {
        throw new Error(
          `The document has no section ${request.sectionKey} (no element with data-section-key="${request.sectionKey}").`,
        );
      }
      const y = Math.max(0, Math.floor(box.top));
      let height = Math.max(1, Math.ceil(box.bottom - y));
      if (height > maxHeight) {
        warnings.add(`The section is ${height} px tall; the screenshot shows its top ${maxHeight} px.`);
        height = maxHeight;
      }
      return { y, height };
    });
  }

  /**
   * The document's top, 1200 px wide and `size.height` tall, as a visitor first sees it (less when the
   * document is shorter and `size.cropToContent`; otherwise its background fills the rest).
   */
  captureTop(request: PageTopRequest, size: PageTopSize = thumbnailTop): Promise<CaptureResult> {
    return this.captureRegion(`the top of ${request.name}`, request, async (page) => ({
      y: 0,
      height: size.cropToContent
        ? Math.max(1, Math.min(size.height, await sectionsBottom(page)))
        : size.height,
    }));
  }

  private async captureRegion(
    subject: string,
    request: CapturedDocument,
    region: (page: Page, warnings: CaptureWarnings) => Promise<Region>,
  ): Promise<CaptureResult> {
    return this.slots.run(() => this.captureInContext(subject, request, region));
  }

  private async captureInContext(
    subject: string,
    request: CapturedDocument,
    region: (page: Page, warnings: CaptureWarnings) => Promise<Region>,
  ): Promise<CaptureResult> {
    const browser = await this.chromium.browser();
    const context = await browser.newContext(captureContextOptions);
    try {
      const captured = await within(this.captureIn(context, subject, request, region), captureTimeoutMs);
      if (!captured) {
        throw new Error(`Capturing ${subject} took longer than ${captureTimeoutMs / 1000} s.`);
      }
      return captured.value;
    } finally {
      await within(
        context.close().catch(() => undefined),
        closeTimeoutMs,
      );
    }
  }

  private async captureIn(
    context: BrowserContext,
    subject: string,
    request: CapturedDocument,
    region: (page: Page, warnings: CaptureWarnings) => Promise<Region>,
  ): Promise<CaptureResult> {
    const warnings = new CaptureWarnings();
    const policy = captureResourcePolicy(this.config, request.readOwnAsset);
    const page = await openSectionDocument(context, request.html, policy, warnings);
    const { y, height } = await region(page, warnings);
    const png = await this.slots.capture(() =>
      page.screenshot({
        type: 'png',
        clip: { x: 0, y, width: screenshotWidth, height },
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        timeout: screenshotTimeoutMs,
      }),
    );
    // IHDR: width and height are the first fields after the 8-byte signature and the chunk header.
    const width = png.readUInt32BE(16);
    if (width !== screenshotWidth) {
      throw new Error(`The screenshot of ${subject} is ${width} px wide, not 1200.`);
    }
    return { png, width: screenshotWidth, height: png.readUInt32BE(20), warnings: warnings.list() };
  }
}

/** What a captured page may load: our own assets and served fonts from disk, the rest by the outbound rules. */
export function captureResourcePolicy(
  config: Pick<AppConfig, 'publicBaseUrl' | 'outboundAllowPrivate'>,
  readOwnAsset?: ReadOwnAsset,
): ResourcePolicy {
  return {
    ownAssetPrefix: new URL('assets/', `${config.publicBaseUrl}/`).href,
    readOwnAsset,
    servedFontPrefix: servedFontUrl(config.publicBaseUrl, ''),
    allowPrivate: config.outboundAllowPrivate,
  };
}

/**
 * A page of `context` with `html` loaded, every request routed by `policy`, once its fonts and images have
 * loaded (or given up on, with a warning): what a screenshot is taken of.
 */
export async function openSectionDocument(
  context: BrowserContext,
  html: string,
  policy: ResourcePolicy,
  warnings: CaptureWarnings,
): Promise<Page> {
  const failedUrls = await routeResources(context, policy, warnings);
  const page = await context.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load', timeout: loadTimeoutMs });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    warnings.add(
      `The section did not finish loading within ${loadTimeoutMs / 1000} s; the screenshot shows what had loaded by then.`,
    );
  }
  const settled = await within(brokenImages(page), settleTimeoutMs);
  if (!settled) {
    warnings.add(`Fonts or images were still loading after ${settleTimeoutMs / 1000} s more.`);
  }
  for (const url of settled?.value ?? []) {
    if (!failedUrls.has(url)) warnings.add(`Image ${shortUrl(url)} could not be displayed.`);
  }
  return page;
}

/** Waits for fonts and for every image to load and decode; the sources of images that failed. */
function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const images = [...document.images];
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    return images
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src);
  });
}

/** The section root's top and bottom in document coordinates, or null when there is none. */
function sectionBox(page: Page, sectionKey: string): Promise<{ top: number; bottom: number } | null> {
  return page.evaluate((key) => {
    const element = document.querySelector(`[data-section-key="${CSS.escape(key)}"]`);
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY };
  }, sectionKey);
}

/**
 * Where the document's last section ends: its content's height, which the page root's window-filling
 * min-height hides from the document's own.
 */
function sectionsBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const sections = [...document.querySelectorAll('[data-section-key]')];
    const bottoms = sections.map((section) => section.getBoundingClientRect().bottom + window.scrollY);
    return Math.ceil(Math.max(0, ...bottoms));
  });
}

/** `work`'s value, or null when it takes longer than `ms` (it is not cancelled). */
export async function within<T>(work: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, ms, null);
  });
  try {
    return await Promise.race([work.then((value) => ({ value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
