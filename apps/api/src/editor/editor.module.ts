import { Module } from '@nestjs/common';
import { IdentityModule } from '#folio/identity';
import { ProjectsModule } from '#folio/projects';
import { PublishingModule } from '#folio/publishing';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { EditorAssetsController } from './editor-assets.controller.js';
import { EditorPageFilter } from './editor-page.filter.js';
import { EditorSessionGuard } from './editor-session.guard.js';
import { EditorController } from './editor.controller.js';
import { EditorService } from './editor.service.js';
import { SameOriginGuard } from './same-origin.guard.js';
import { ViewRenderer } from './view-renderer.js';

/** The editor page behind login: page list, draft preview, versions and the publish dialog. */
@Module({
  imports: [IdentityModule, ProjectsModule, PublishingModule, DeliveryModule],
  controllers: [EditorController, EditorAssetsController],
  providers: [EditorService, EditorSessionGuard, SameOriginGuard, EditorPageFilter, ViewRenderer],
})
export class EditorModule {}
