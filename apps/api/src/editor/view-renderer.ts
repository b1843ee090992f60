import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { fmt, hashedStylesheet } from '#folio/ui';
import { contentPolicy, newNonce } from '../delivery/csp.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The editor's one stylesheet (the shared base, then editor.css), and its URL with a content hash (served with a long cache). */
export const editorStylesheet = hashedStylesheet(
  '/editor-assets/editor.css',
  join(here, 'assets', 'editor.css'),
);

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
  private readonly publicBaseUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicBaseUrl.startsWith('https:');
    this.publicBaseUrl = config.publicBaseUrl;
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
        publicBaseUrl: this.publicBaseUrl,
      }),
    );
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(options.status ?? 200)
      .type('html')
      .send(html);
  }
}
