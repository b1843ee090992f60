import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { chromiumExecutable } from './chromium-executable.js';

/**
 * Headless Chromium as it runs here and in tests. The background-networking flags keep it from reaching
 * out to Google's hosts; Playwright adds a fresh user-data-dir of its own.
 */
export function chromiumLaunchOptions(executablePath: string): LaunchOptions {
  return {
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    timeout: 30_000,
    // Playwright's own SIGINT handler exits the process mid-shutdown; the owner closes the browser instead.
    // The browser still dies with the process: it exits when its debugging pipe closes.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
}

/** One headless Chromium per process, launched on first use, replaced when it crashes or disconnects; closed on shutdown. */
@Injectable()
export class ChromiumBrowser implements OnApplicationShutdown {
  private readonly logger = new Logger(ChromiumBrowser.name);
  private launching: Promise<Browser> | null = null;
  private shutDown = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  browser(): Promise<Browser> {
    if (this.shutDown) return Promise.reject(new Error('Chromium has been shut down.'));
    this.launching ??= this.launch();
    return this.launching;
  }

  async onApplicationShutdown(): Promise<void> {
    this.shutDown = true;
    const launching = this.launching;
    this.launching = null;
    await launching?.then((browser) => browser.close()).catch(() => undefined);
  }

  private async launch(): Promise<Browser> {
    let browser: Browser;
    try {
      browser = await chromium.launch(
        chromiumLaunchOptions(await chromiumExecutable(this.config.chromiumPath)),
      );
    } catch (error) {
      this.launching = null;
      throw error;
    }
    const launched = this.launching;
    browser.once('disconnected', () => {
      if (this.launching !== launched || this.shutDown) return;
      this.launching = null;
      this.logger.warn('Chromium disconnected; the next screenshot starts a new one.');
    });
    return browser;
  }
}
