import { Module } from '@nestjs/common';
import { AuditModule } from '#folio/audit';
import { ProjectsModule } from '#folio/projects';
import { IdempotencyRepository } from './idempotency.repository.js';
import { TemplateCatalog } from './template-catalog.service.js';
import { TemplateProjectRepository } from './template-project.repository.js';
import { TemplateProjectService } from './template-project.service.js';
import { TemplateRepository } from './template.repository.js';

/** Templates and the projects made from them (docs/design.md §10). Needs DbModule in the app. */
@Module({
  imports: [ProjectsModule, AuditModule],
  providers: [
    TemplateRepository,
    TemplateCatalog,
    TemplateProjectRepository,
    TemplateProjectService,
    IdempotencyRepository,
  ],
  exports: [TemplateCatalog, TemplateProjectService],
})
export class TemplatesModule {}
