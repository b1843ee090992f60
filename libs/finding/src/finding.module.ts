import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { PublishingModule } from '#folio/publishing';
import { ProjectDocuments } from './project-documents.service.js';
import { ProjectFinder } from './project-finder.service.js';
import { UrlResolver } from './url-resolver.service.js';

/**
 * Finding projects (find_projects): by key, by Folio URL and by search; projects and pages as documents to
 * search and read (search, fetch). Needs DbModule and ConfigModule in the app.
 */
@Module({
  imports: [ProjectsModule, PublishingModule],
  providers: [UrlResolver, ProjectFinder, ProjectDocuments],
  exports: [UrlResolver, ProjectFinder, ProjectDocuments],
})
export class FindingModule {}
