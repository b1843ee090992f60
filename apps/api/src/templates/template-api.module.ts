import { Module } from '@nestjs/common';
import { ProjectsModule } from '#folio/projects';
import { TemplatesModule } from '#folio/templates';
import { ProjectPageController } from './project-page.controller.js';
import { TemplateProjectController } from './template-project.controller.js';
import { TemplateController } from './template.controller.js';

/** The template REST API (docs/design.md §10) and page deletion. */
@Module({
  imports: [TemplatesModule, ProjectsModule],
  controllers: [TemplateProjectController, TemplateController, ProjectPageController],
})
export class TemplateApiModule {}
