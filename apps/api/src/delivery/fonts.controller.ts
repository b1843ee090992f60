import { createHash } from 'node:crypto';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { NotFoundError } from '#folio/errors';
import { PathParam } from '#folio/http';
import { readServedFont, servedFontPath } from '#folio/render';
import { matchesEtag } from './render-cache.js';

const servedFontSchema = z.string().refine((file) => servedFontPath(file) !== null);

/**
 * `GET|HEAD /fonts/<file>`: the theme fonts of `servedFonts` (`#folio/render`), from their npm packages.
 * Only catalog file names are answered, so no path reaches the disk. Sites, embeds on other origins and
 * exported sections all load them: CORS `*` and a cross-origin resource policy.
 */
@ApiExcludeController()
@Controller('fonts')
export class FontsController {
  private readonly etags = new Map<string, string>();

  @Get(':file')
  async font(
    @PathParam('file', servedFontSchema, 'not_found') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const bytes = await readServedFont(file);
    if (!bytes) throw new NotFoundError('No font has this name.');
    let etag = this.etags.get(file);
    if (!etag) {
      etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
      this.etags.set(file, etag);
    }
    // Not immutable: the URL stays the same when an upgraded font package changes the file.
    res.setHeader('Cache-Control', 'public, max-age=604800, stale-while-revalidate=86400');
    res.setHeader('ETag', etag);
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.type('font/woff2');
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.send(bytes);
  }
}
