import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { SectionExportRepository } from './section-export.repository.js';
import { PagePreviewService } from './page-preview.service.js';
import { SectionExportService } from './section-export.service.js';

/**
 * The section export behind get_project_sections, and the page preview of the MCP Apps view. Needs DbModule, ConfigModule and StorageModule
 * in the app.
 */
@Module({
  imports: [ProjectsModule],
  providers: [SectionExportRepository, SectionExportService, PagePreviewService],
  exports: [SectionExportService, PagePreviewService],
})
export class ExportsModule {}
