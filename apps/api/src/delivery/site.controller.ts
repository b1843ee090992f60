import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { PathParam } from '#folio/http';
import { pagePathSchema } from '#folio/projects';
import { siteSlugSchema } from '#folio/publishing';
import { matchesEtag } from './render-cache.js';
import { SiteService } from './site.service.js';
import { ApiReadSitePage } from './site.openapi.js';
import { SiteNotFoundFilter, SiteNotFoundPage } from './site-not-found.js';

/** The `{/*path}` segments of a site address, as one page path ("" for the home page). */
const sitePagePath = z
  .array(z.string())
  .default([])
  .transform((segments) => segments.join('/'))
  .pipe(pagePathSchema);

/** Published sites: `/sites/<slug>/` and `/sites/<slug>/<path>`, from the version published to the site destination. */
@ApiTags('Embeds and sites')
@Controller('sites')
@UseFilters(SiteNotFoundFilter)
export class SiteController {
  constructor(
    private readonly sites: SiteService,
    private readonly notFound: SiteNotFoundPage,
  ) {}

  @Get(':slug{/*path}')
  @ApiReadSitePage()
  async page(
    @PathParam('slug', siteSlugSchema, 'not_found') slug: string,
    @PathParam('path', sitePagePath, 'not_found') path: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const document = await this.sites.document(slug, path);
    if (!document) return this.notFound.send(res, slug);
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
