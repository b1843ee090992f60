import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { DraftRestoreRepository } from './draft-restore.repository.js';
import { VersionRepository } from './version.repository.js';
import { VersionService } from './version.service.js';

/** Saved versions: snapshots of the whole project, each owing its section screenshots, and restoring one over the draft. Needs DbModule and JobsModule in the app. */
@Module({
  imports: [ProjectsModule],
  providers: [VersionRepository, VersionService, DraftRestoreRepository],
  exports: [VersionRepository, VersionService],
})
export class VersionsModule {}
