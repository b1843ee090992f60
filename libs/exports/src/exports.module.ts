import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { SectionExportRepository } from './section-export.repository.js';
import { SectionExportService } from './section-export.service.js';

/** The section export behind get_project_sections. Needs DbModule, ConfigModule and StorageModule in the app. */
@Module({
  imports: [ProjectsModule],
  providers: [SectionExportRepository, SectionExportService],
  exports: [SectionExportService],
})
export class ExportsModule {}
