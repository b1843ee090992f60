import { Module } from '@nestjs/common';
import { LibrariesModule } from '#folio/libraries';
import { ProjectsModule } from '#folio/projects';
import { AiPageService } from './ai-page.service.js';

/** AI page generation from section libraries (DESIGN §9). Needs DbModule and ConfigModule in the app. */
@Module({
  imports: [ProjectsModule, LibrariesModule],
  providers: [AiPageService],
  exports: [AiPageService],
})
export class AiModule {}
