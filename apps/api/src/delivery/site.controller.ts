import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { matchesEtag } from './render-cache.js';
import { SiteService } from './site.service.js';
import { ApiReadSitePage } from './site.openapi.js';
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
  @ApiReadSitePage()
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
