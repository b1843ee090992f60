import { Inject, Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { CsrfService } from './csrf.js';
import { type WebRequest } from './current-actor.js';
import { PAGE_KIT_OPTIONS, type PageKitOptions } from './page-kit.options.js';
import { cspNonce } from './page-policy.js';
import { fmt } from './stylesheet.js';

export interface RenderOptions {
  status?: number;
  /** Script sources the page needs beyond its nonce (a preview frame's runtime), for `contentPolicy`. */
  scriptSources?: readonly string[];
}

/**
 * Renders the app's Eta views (autoescaped) inside their layout. Every view gets `csrfToken`, `user` (or
 * null), `nonce` (for inline scripts), `stylesheet`, `fmt` and the request `path`.
 */
@Injectable()
export class ViewRenderer {
  private readonly eta: Eta;
  private readonly fmt: Record<string, (value: never) => string>;

  constructor(
    @Inject(PAGE_KIT_OPTIONS) private readonly options: PageKitOptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly csrf: CsrfService,
  ) {
    this.eta = new Eta({ views: options.views, autoEscape: true, cache: true });
    this.fmt = { ...fmt, ...options.fmt };
  }

  /** Sends `view` as the response: never cached (pages carry tokens and personal data), never framed. */
  render(res: Response, view: string, data: Record<string, unknown> = {}, options: RenderOptions = {}): void {
    const req = res.req as WebRequest;
    const nonce = cspNonce(res);
    const html = this.eta.render(view, {
      csrfToken: this.csrf.token(req, res),
      actor: req.actor ?? null,
      nonce,
      stylesheet: this.options.stylesheet.href,
      path: req.path,
      fmt: this.fmt,
      ...data,
    });
    if (this.options.contentPolicy) {
      const scriptSources = options.scriptSources ?? [];
      res.setHeader(
        'Content-Security-Policy',
        this.options.contentPolicy({ nonce, scriptSources, config: this.config }),
      );
    }
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cache-Control', 'no-store');
    if (options.status) res.status(options.status);
    res.type('html').send(html);
  }
}
