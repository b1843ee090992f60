import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { PublishingModule } from '#folio/publishing';
import { ProjectFinder } from './project-finder.service.js';
import { UrlResolver } from './url-resolver.service.js';

/** Finding projects (find_projects): by key, by Folio URL and by search. Needs DbModule and ConfigModule in the app. */
@Module({
  imports: [ProjectsModule, PublishingModule],
  providers: [UrlResolver, ProjectFinder],
  exports: [UrlResolver, ProjectFinder],
})
export class FindingModule {}
