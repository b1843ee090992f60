import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { authStylesheet } from './view-renderer.js';

/** The auth pages' stylesheet: cached for a year when asked for by its content hash, as the pages do. */
@Controller('auth-assets')
export class AssetsController {
  @Get('auth.css')
  stylesheet(@Query('v') version: string | undefined, @Res() res: Response): void {
    res.setHeader(
      'Cache-Control',
      version === authStylesheet.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    );
    res.type('text/css; charset=utf-8').send(authStylesheet.body);
  }
}
