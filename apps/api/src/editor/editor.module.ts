import { Module } from '@nestjs/common';
import { IdentityModule } from '#folio/identity';
import { LibrariesModule } from '#folio/libraries';
import { ProjectsModule } from '#folio/projects';
import { PublishingModule } from '#folio/publishing';
import { VersionsModule } from '#folio/versions';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { LibraryPageFilter, PublishLinkPageFilter } from './editor-page.filter.js';
import { EditorPagesModule } from './editor-pages.js';
import { EditorController } from './editor.controller.js';
import { EditorService } from './editor.service.js';
import { LibraryAdminController } from './library-admin.controller.js';
import { ProjectListController } from './project-list.controller.js';
import { ProjectListService } from './project-list.service.js';
import { PublishConfirmController } from './publish-confirm.controller.js';

/**
 * The editor pages behind login: the projects a person can see; a project's page list, draft preview,
 * history (versions to restore, who changed what) and publish dialog; and
 * the section libraries someone administers, with their AI switch.
 */
@Module({
  imports: [
    IdentityModule,
    EditorPagesModule,
    ProjectsModule,
    PublishingModule,
    VersionsModule,
    DeliveryModule,
    LibrariesModule,
  ],
  // LibraryAdminController first: EditorController's `/editor/:projectKey` would take `/editor/libraries`.
  controllers: [LibraryAdminController, ProjectListController, EditorController, PublishConfirmController],
  providers: [EditorService, ProjectListService, LibraryPageFilter, PublishLinkPageFilter],
})
export class EditorModule {}
