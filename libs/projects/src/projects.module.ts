import { Module } from '@nestjs/common';
import { PageDeletion } from './page-deletion.service.js';
import { ProjectAccess } from './project-access.service.js';
import { PlacementResolver } from './placement-resolver.service.js';
import { PlacementRepository } from './placement.repository.js';
import { ProjectCreator } from './project-creator.service.js';
import { ProjectQueryRepository } from './project-queries.repository.js';
import { ProjectRepository } from './project.repository.js';
import { ProjectWriter } from './project-writer.repository.js';

/** Projects, pages and assets as other libs read them; finding, placing and creating projects. Needs DbModule in the app. */
@Module({
  providers: [
    ProjectRepository,
    ProjectAccess,
    ProjectQueryRepository,
    PlacementRepository,
    PlacementResolver,
    ProjectWriter,
    ProjectCreator,
    PageDeletion,
  ],
  exports: [
    ProjectRepository,
    ProjectAccess,
    ProjectQueryRepository,
    ProjectWriter,
    PlacementResolver,
    ProjectCreator,
    PageDeletion,
  ],
})
export class ProjectsModule {}
