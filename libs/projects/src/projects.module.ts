import { Module } from '@nestjs/common';
import { ProjectRepository } from './project.repository.js';

/** Projects, pages and assets as other libs read them. Needs DbModule in the app. */
@Module({
  providers: [ProjectRepository],
  exports: [ProjectRepository],
})
export class ProjectsModule {}
