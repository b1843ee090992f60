import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { editorStylesheet } from './view-renderer.js';

/** The editor's stylesheet: cached for a year when asked for by its content hash, as the pages do. */
@ApiExcludeController()
@Controller('editor-assets')
export class EditorAssetsController {
  @Get('editor.css')
  stylesheet(@Query('v') version: string | undefined, @Res() res: Response): void {
    res.setHeader(
      'Cache-Control',
      version === editorStylesheet.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    );
    res.type('text/css; charset=utf-8').send(editorStylesheet.body);
  }
}
