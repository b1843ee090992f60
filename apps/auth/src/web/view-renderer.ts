import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { fmt as baseFmt, hashedStylesheet } from '#folio/ui';
import { cspNonce } from './csp.js';
import { CsrfService } from './csrf.js';
import { type WebRequest } from './current-user.js';

const here = dirname(fileURLToPath(import.meta.url));

/** A file that sits next to this code (views, assets); `npm run build` copies them into dist/ too. */
export function webPath(...parts: string[]): string {
  return join(here, ...parts);
}

/** The one stylesheet of the auth pages (the shared base, then auth.css), and its URL with a content hash (served with a long cache). */
export const authStylesheet = hashedStylesheet('/auth-assets/auth.css', webPath('assets', 'auth.css'));

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' });

/** Helpers every view gets as `it.fmt`. */
const fmt = {
  ...baseFmt,
  date: (date: Date) => dateFormat.format(date),
  number: (value: number) => value.toLocaleString('en'),
};

/**
 * Renders the Eta views of `apps/auth/src/web/views` (autoescaped) inside their layout. Every view gets
 * `csrfToken`, `user` (or null), `nonce` (for inline scripts), `stylesheet`, `fmt` and the request `path`.
 */
@Injectable()
export class ViewRenderer {
  private readonly eta = new Eta({ views: webPath('views'), autoEscape: true, cache: true });

  constructor(private readonly csrf: CsrfService) {}

  /** Sends `view` as the response, with `Cache-Control: no-store` (pages carry tokens and personal data). */
  render(res: Response, view: string, data: Record<string, unknown> = {}, status?: number): void {
    const html = this.renderToString(res, view, data);
    if (status) res.status(status);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(html);
  }

  renderToString(res: Response, view: string, data: Record<string, unknown> = {}): string {
    const req = res.req as WebRequest;
    return this.eta.render(view, {
      csrfToken: this.csrf.token(req, res),
      user: req.user ?? null,
      nonce: cspNonce(res),
      stylesheet: authStylesheet.href,
      path: req.path,
      fmt,
      ...data,
    });
  }
}
