import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { publicKeySchema } from '#folio/content';
import { EncodedBodies, PathParam } from '#folio/http';
import { ApiLoadEmbedScript } from './embed.openapi.js';
import { EmbedService } from './embed.service.js';
import { matchesEtag } from './render-cache.js';

/**
 * `GET /embed/<projectKey>/<pageKey>.js[?options]`: a script any website can load (CORS `*`, and a
 * cross-origin resource policy) that renders the published embed version of the page.
 */
@ApiTags('Embeds and sites')
@Controller('embed')
export class EmbedController {
  private readonly encoded = new EncodedBodies();

  constructor(private readonly embeds: EmbedService) {}

  @Get(':projectKey/:pageKey.js')
  @ApiLoadEmbedScript()
  async script(
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @PathParam('pageKey', publicKeySchema, 'not_found') pageKey: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const script = await this.embeds.script(projectKey, pageKey, query);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.removeHeader('Content-Security-Policy');
    // The page an embed shows belongs to its host page: search engines index it there, not as a script.
    res.setHeader('X-Robots-Tag', 'noindex');
    // A message (not published yet) must give way to the real embed as soon as it is published.
    res.setHeader('Cache-Control', script.published ? 'public, max-age=60' : 'no-cache');
    res.setHeader('ETag', script.etag);
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    if (matchesEtag(req.headers['if-none-match'], script.etag)) {
      res.status(304).end();
      return;
    }
    await this.encoded.send(req, res, script, script.body);
  }
}
