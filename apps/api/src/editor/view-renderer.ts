import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { contentPolicy, newNonce } from '../delivery/csp.js';

const here = dirname(fileURLToPath(import.meta.url));

const stylesheet = readFileSync(join(here, 'assets', 'editor.css'));

/** The editor's one stylesheet, and its URL with a content hash (served with a long cache). */
export const editorStylesheet = {
  body: stylesheet,
  version: createHash('sha256').update(stylesheet).digest('hex').slice(0, 12),
  get href() {
    return `/editor-assets/editor.css?v=${this.version}`;
  },
};

const dateTimeFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** Helpers every view gets as `it.fmt`. */
const fmt = {
  dateTime: (date: Date) => dateTimeFormat.format(date),
  iso: (date: Date) => date.toISOString(),
};

export interface RenderOptions {
  status?: number;
  /** CSP sources for scripts of the page's preview frame (a srcdoc frame runs under the page's policy). */
  frameScriptSources?: string[];
}

/**
 * Renders the Eta views of `apps/api/src/editor/views` (autoescaped) inside their layout, with a policy
 * that runs only the page's own nonce'd script and the preview's interactions runtime.
 */
@Injectable()
export class ViewRenderer {
  private readonly eta = new Eta({ views: join(here, 'views'), autoEscape: true, cache: true });
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicBaseUrl.startsWith('https:');
  }

  render(res: Response, view: string, data: Record<string, unknown>, options: RenderOptions = {}): void {
    const nonce = newNonce();
    const html = this.eta.render(view, { nonce, stylesheet: editorStylesheet.href, fmt, ...data });
    res.setHeader(
      'Content-Security-Policy',
      contentPolicy({
        scriptSources: [`'nonce-${nonce}'`, ...(options.frameScriptSources ?? [])],
        frameAncestors: "'none'",
        secure: this.secure,
      }),
    );
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(options.status ?? 200)
      .type('html')
      .send(html);
  }
}
