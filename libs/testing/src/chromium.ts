import { chromiumExecutable, chromiumLaunchOptions } from '#folio/screenshots';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Headless Chromium for browser tests, chosen and launched as the screenshot worker does (`CHROMIUM_PATH`, Debian's, or the npm-shipped one). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(await chromiumExecutable(process.env.CHROMIUM_PATH || null)));
}

/**
 * Collects what a page gets wrong as it loads: console errors, uncaught exceptions, 4xx/5xx responses and
 * Content-Security-Policy violations (which Chromium names even when a script catches the refusal).
 */
export async function recordPageErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A resource that failed to load is named by the message's location only.
    const { url } = message.location();
    if (message.type() === 'error') errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (answer) => {
    if (answer.status() >= 400) errors.push(`HTTP ${answer.status()} ${answer.url()}`);
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return errors;
}

/**
 * Resolves once the page has rendered twice since the call and run the tasks rendering queued: by then it
 * has seen what the last scroll or layout change brought into view (IntersectionObserver and
 * ResizeObserver callbacks have run), so whatever they start has started.
 */
export async function afterRendering(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}
