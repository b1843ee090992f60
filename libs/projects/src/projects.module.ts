import { Module } from '@nestjs/common';
import { DraftChangeRepository } from './draft-change.repository.js';
import { PageDeletion } from './page-deletion.service.js';
import { ProjectAccess } from './project-access.service.js';
import { PlacementResolver } from './placement-resolver.service.js';
import { PlacementRepository } from './placement.repository.js';
import { ProjectCreator } from './project-creator.service.js';
import { ProjectQueryRepository } from './project-query.repository.js';
import { ProjectRepository } from './project.repository.js';
import { ProjectSnapshots } from './project-snapshots.js';
import { ProjectWriter } from './project-writer.repository.js';

/**
 * Projects, pages and sections: read, opened under the access policy, found, placed, created, and written
 * by their one writer (ProjectWriter, which also keeps the search document and who made each revision). Needs DbModule in the app.
 */
@Module({
  providers: [
    ProjectRepository,
    ProjectSnapshots,
    ProjectAccess,
    ProjectQueryRepository,
    PlacementRepository,
    PlacementResolver,
    ProjectWriter,
    ProjectCreator,
    PageDeletion,
    DraftChangeRepository,
  ],
  exports: [
    ProjectRepository,
    ProjectSnapshots,
    ProjectAccess,
    ProjectQueryRepository,
    ProjectWriter,
    PlacementResolver,
    ProjectCreator,
    PageDeletion,
    DraftChangeRepository,
  ],
})
export class ProjectsModule {}
