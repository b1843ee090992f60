import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { VersionRepository } from './version.repository.js';
import { VersionService } from './version.service.js';

/** Saved versions: snapshots of the whole project, each owing its section screenshots. Needs DbModule and JobsModule in the app. */
@Module({
  imports: [ProjectsModule],
  providers: [VersionRepository, VersionService],
  exports: [VersionRepository, VersionService],
})
export class VersionsModule {}
