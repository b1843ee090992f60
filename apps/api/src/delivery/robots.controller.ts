import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendRevalidated } from './revalidated.js';
import { SiteService } from './site.service.js';

/** `/robots.txt`: crawlers may read sites (and their assets and fonts), nothing else; every sitemap named. */
@ApiExcludeController()
@Controller()
export class RobotsController {
  constructor(private readonly sites: SiteService) {}

  @Get('robots.txt')
  async robots(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendRevalidated(req, res, { ...(await this.sites.robots()), type: 'text/plain' });
  }
}
