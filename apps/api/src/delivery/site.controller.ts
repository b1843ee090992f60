import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { matchesEtag } from './render-cache.js';
import { SiteService } from './site.service.js';
import { SiteNotFoundPage } from './site-not-found.js';

/** Published sites: `/sites/<slug>/` and `/sites/<slug>/<path>`, from the version published to the site (`hosting`) destination. */
@ApiTags('Embeds and sites')
@Controller('sites')
export class SiteController {
  constructor(
    private readonly sites: SiteService,
    private readonly notFound: SiteNotFoundPage,
  ) {}

  @Get(':slug{/*path}')
  @ApiOperation({
    summary: 'Read a page of a published site',
    description:
      'A page of the version published to Folio hosting, as a complete HTML document with its own content ' +
      'security policy. `/sites/<slug>/` is the home page. Cached for 60 s, with an ETag for revalidation.',
  })
  @ApiParam({
    name: 'slug',
    description: 'The site name chosen when publishing.',
    example: 'northwind-coffee',
  })
  @ApiParam({
    name: 'path',
    type: String,
    description:
      'Path of the page below the site; may contain `/`. Left out (`/sites/<slug>/`) for the home page.',
    example: 'coffee',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: 'The page.',
    example:
      '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Coffee · Northwind Coffee</title>…</head>\n<body>…</body>\n</html>\n',
  })
  @ApiNotModifiedResponse({ description: 'The page the `If-None-Match` ETag names is still current.' })
  @ApiNotFoundResponse({
    description:
      'No published site has this slug, or the site has no page at this path: a "Page not found" page.',
    example:
      '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Page not found</title>…</head>\n<body>…<h1>Page not found</h1>…</body>\n</html>\n',
  })
  async page(
    @Param('slug') slug: string,
    @Param('path') path: string[] | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const document = await this.sites.document(slug, (path ?? []).filter(Boolean).join('/'));
    if (!document) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Security-Policy', this.notFound.csp);
      res.status(404).type('html').send(this.notFound.render(slug));
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
    res.setHeader('ETag', document.etag);
    res.setHeader('Content-Security-Policy', document.csp);
    if (matchesEtag(req.headers['if-none-match'], document.etag)) {
      res.status(304).end();
      return;
    }
    res.type('html').send(document.html);
  }
}
