import { Module } from '@nestjs/common';
import { AuditModule } from '#folio/audit';
import { ProjectsModule } from '#folio/projects';
import { EmbedCodeService } from './embed-code.service.js';
import { PublicationRepository } from './publication.repository.js';
import { ProjectFinder } from './project-finder.service.js';
import { EmbedResolver, SiteResolver } from './published-page.service.js';
import { PublishService } from './publish.service.js';
import { SectionExportRepository } from './section-export.repository.js';
import { SectionExportService } from './section-export.service.js';
import { UrlResolver } from './url-resolver.service.js';
import { VersionRepository } from './version.repository.js';
import { VersionService } from './version.service.js';
import { WebhookService } from './webhook.service.js';

/** Versions, publishing to destinations, published-page resolution and embed code. Needs DbModule, ConfigModule and StorageModule in the app. */
@Module({
  imports: [ProjectsModule, AuditModule],
  providers: [
    VersionRepository,
    PublicationRepository,
    VersionService,
    PublishService,
    WebhookService,
    SiteResolver,
    EmbedResolver,
    UrlResolver,
    EmbedCodeService,
    ProjectFinder,
    SectionExportRepository,
    SectionExportService,
  ],
  exports: [
    VersionService,
    PublishService,
    SiteResolver,
    EmbedResolver,
    UrlResolver,
    EmbedCodeService,
    ProjectFinder,
    SectionExportService,
  ],
})
export class PublishingModule {}
