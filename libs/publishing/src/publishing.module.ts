import { Module } from '@nestjs/common';
import { AuditModule } from '#folio/audit';
import { ProjectsModule } from '#folio/projects';
import { VersionsModule } from '#folio/versions';
import { CitationUrls } from './citation-urls.service.js';
import { EmbedCodeService } from './embed-code.service.js';
import { EmbedResolver } from './embed-resolver.service.js';
import { PublicationRepository } from './publication.repository.js';
import { PublishService } from './publish.service.js';
import { SiteResolver } from './site-resolver.service.js';
import { WebhookService } from './webhook.service.js';

/** Publishing versions to destinations, the sites and embeds that serve them, and embed code. Needs DbModule, ConfigModule and JobsModule in the app. */
@Module({
  imports: [ProjectsModule, VersionsModule, AuditModule],
  providers: [
    PublicationRepository,
    PublishService,
    WebhookService,
    SiteResolver,
    EmbedResolver,
    EmbedCodeService,
    CitationUrls,
  ],
  exports: [PublishService, SiteResolver, EmbedResolver, EmbedCodeService, CitationUrls],
})
export class PublishingModule {}
