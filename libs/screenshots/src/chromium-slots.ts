import { Injectable } from '@nestjs/common';

/**
 * Pages the process's one Chromium renders at once: the section-screenshot jobs' concurrency, which every
 * other capture (share images, implementation checks) waits its turn under too.
 */
export const chromiumPagesAtOnce = 4;

/** A queue of Chromium work: at most `chromiumPagesAtOnce` pages open, the rest waiting in order. */
@Injectable()
export class ChromiumSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private lastCapture: Promise<unknown> = Promise.resolve();

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < chromiumPagesAtOnce) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /**
   * Work that sizes a page and takes its pixels, one at a time across the process. Full Chromium's headless
   * mode (Debian's package) paints a page in tiles of another page's size when pages of different sizes are
   * captured at once; the npm-shipped headless shell does not.
   */
  async capture<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.lastCapture.then(work);
    this.lastCapture = turn.catch(() => undefined);
    return turn;
  }
}
