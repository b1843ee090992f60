import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';

const here = dirname(fileURLToPath(import.meta.url));

/** The readable 404 of `/sites/…`: no site at this slug, or no page at this path of it. */
@Injectable()
export class SiteNotFoundPage {
  private readonly eta = new Eta({ views: join(here, 'views'), autoEscape: true, cache: true });
  /** Its styles are inline; it runs no script. */
  readonly csp =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'self'";

  render(slug: string): string {
    return this.eta.render('site-not-found', { slug });
  }
}
