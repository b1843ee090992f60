import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';

const mark =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M11 8h11v3.5h-7v3.5h6v3.5h-6V24h-4z" fill="#fff"/></svg>';

/**
 * `/favicon.ico` of the origin every site shares: browsers ask for it on each site page, and a 404 there
 * would be a console error on every published page.
 */
@ApiExcludeController()
@Controller()
export class FaviconController {
  @Get('favicon.ico')
  favicon(@Res() res: Response): void {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(mark);
  }
}
