import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ArgumentsHost, Catch, type ExceptionFilter, Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Request, Response } from 'express';
import { NotFoundError } from '#folio/errors';
import { siteSlugSchema } from '#folio/publishing';
import { SiteService } from './site.service.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Its styles are inline; it runs no script. */
const csp =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'self'";

/**
 * The 404 of `/sites/…`: inside a site (a well-formed slug of a published site), that site's own not-found
 * page, in its look; otherwise (no site at this slug, a malformed slug) a plain "Page not found" page.
 */
@Injectable()
export class SiteNotFoundPage {
  private readonly eta = new Eta({ views: join(here, 'views'), autoEscape: true, cache: true });

  constructor(private readonly sites: SiteService) {}

  async send(res: Response, slug: unknown): Promise<void> {
    const site = siteSlugSchema.safeParse(slug);
    const document = site.success ? await this.sites.notFoundDocument(site.data) : null;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', document?.csp ?? csp);
    res
      .status(404)
      .type('html')
      .send(document?.html ?? this.eta.render('site-not-found', {}));
  }
}

/** A `/sites/…` address whose slug or page path is malformed gets the same 404. */
@Catch(NotFoundError)
export class SiteNotFoundFilter implements ExceptionFilter {
  constructor(private readonly page: SiteNotFoundPage) {}

  async catch(_error: NotFoundError, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    await this.page.send(http.getResponse<Response>(), http.getRequest<Request>().params.slug);
  }
}
