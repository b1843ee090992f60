import { chromiumLaunchOptions } from '#folio/screenshots';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, headless, for browser tests: launched as the screenshot worker launches it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'));
}

/**
 * Collects what a page gets wrong as it loads: console errors, uncaught exceptions, 4xx/5xx responses and
 * Content-Security-Policy violations (which Chromium names even when a script catches the refusal).
 */
export async function recordPageErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
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
