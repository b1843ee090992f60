import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ArgumentsHost, Catch, type ExceptionFilter, Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { NotFoundError } from '#folio/errors';

const here = dirname(fileURLToPath(import.meta.url));

/** Its styles are inline; it runs no script. */
const csp =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'self'";

/** The readable 404 of `/sites/…`: no site at this slug, no page at this path of it, or a malformed address. */
@Injectable()
export class SiteNotFoundPage {
  private readonly eta = new Eta({ views: join(here, 'views'), autoEscape: true, cache: true });

  /** With the slug of a site (well-formed, checked by the route), the page links to that site's home page. */
  send(res: Response, slug?: string): void {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', csp);
    res.status(404).type('html').send(this.eta.render('site-not-found', { slug }));
  }
}

/** A `/sites/…` address whose slug or page path is malformed gets the same page, with no link. */
@Catch(NotFoundError)
export class SiteNotFoundFilter implements ExceptionFilter {
  constructor(private readonly page: SiteNotFoundPage) {}

  catch(_error: NotFoundError, host: ArgumentsHost): void {
    this.page.send(host.switchToHttp().getResponse<Response>());
  }
}
