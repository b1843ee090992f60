import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { PathParam } from '#folio/http';
import { pagePathSchema } from '#folio/projects';
import { siteSlugSchema } from '#folio/publishing';
import { sendRevalidated } from './revalidated.js';
import { SiteService } from './site.service.js';
import { ApiReadSitePage, ApiReadSiteMap } from './site.openapi.js';
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

  @Get(':slug/sitemap.xml')
  @ApiReadSiteMap()
  async siteMap(
    @PathParam('slug', siteSlugSchema, 'not_found') slug: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const siteMap = await this.sites.siteMap(slug);
    if (!siteMap) return this.notFound.send(res, slug);
    sendRevalidated(req, res, { ...siteMap, type: 'application/xml' });
  }

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
    res.setHeader('Content-Security-Policy', document.csp);
    sendRevalidated(req, res, { body: document.html, etag: document.etag, type: 'html' });
  }
}
