import { Module } from '@nestjs/common';
import { AuditModule } from '#folio/audit';
import { LibrariesModule } from '#folio/libraries';
import { ProjectsModule } from '#folio/projects';
import { ProjectEditRepository } from './project-edit.repository.js';
import { ProjectEditor } from './project-editor.service.js';

/** edit_project's rules and rows. Needs DbModule, ConfigModule and the rate limiter in the app. */
@Module({
  imports: [ProjectsModule, AuditModule, LibrariesModule],
  providers: [ProjectEditor, ProjectEditRepository],
  exports: [ProjectEditor],
})
export class EditingModule {}
