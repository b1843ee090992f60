import { Module } from '@nestjs/common';
import { PublishingModule } from '#folio/publishing';
import { EmbedController } from './embed.controller.js';
import { EmbedService } from './embed.service.js';
import { FaviconController } from './favicon.controller.js';
import { FontsController } from './fonts.controller.js';
import { RobotsController } from './robots.controller.js';
import { SiteController } from './site.controller.js';
import { SiteService } from './site.service.js';
import { SiteNotFoundPage } from './site-not-found.js';

/**
 * Public delivery of published projects: sites at `/sites/*` with their sitemaps, embed scripts at
 * `/embed/*`, theme fonts at `/fonts/*`, the favicon and `/robots.txt`.
 */
@Module({
  imports: [PublishingModule],
  controllers: [SiteController, RobotsController, EmbedController, FaviconController, FontsController],
  providers: [SiteService, EmbedService, SiteNotFoundPage],
  exports: [EmbedService],
})
export class DeliveryModule {}
