import { Controller, Get, Query, Res, type Type } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { type HashedStylesheet } from './stylesheet.js';

/** A controller serving `sheet` at its path: cached for a year when asked for by its content hash, as the pages do. */
export function stylesheetController(sheet: HashedStylesheet): Type<unknown> {
  @ApiExcludeController()
  @Controller()
  class StylesheetController {
    @Get(sheet.path)
    stylesheet(@Query('v') version: string | undefined, @Res() res: Response): void {
      res.setHeader(
        'Cache-Control',
        version === sheet.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      res.type('text/css; charset=utf-8').send(sheet.body);
    }
  }
  return StylesheetController;
}
