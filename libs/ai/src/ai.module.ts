import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { LibrariesModule } from '#folio/libraries';
import { ProjectsModule } from '#folio/projects';
import { AiPageService } from './ai-page.service.js';
import { PAGE_COMPOSER, type PageComposer } from './composer/composition.js';
import { LlmComposer } from './composer/llm/llm-composer.js';
import { OfflineComposer } from './composer/offline/offline-composer.js';
import { CreditsModule } from '#folio/credits';
import { GenerationRepository } from './generation.repository.js';

/** The composer AI_PROVIDER names: the offline one by default, else the provider's model. */
function pageComposerFor(config: AppConfig): PageComposer {
  return config.ai.provider === 'offline' ? new OfflineComposer() : new LlmComposer(config);
}

/**
 * AI page generation from section libraries (docs/design.md §9). Needs DbModule, ConfigModule and JobsModule in
 * the app; the images it queues are drawn by AiImagesModule wherever jobs are worked.
 */
@Module({
  imports: [ProjectsModule, LibrariesModule, CreditsModule],
  providers: [
    AiPageService,
    GenerationRepository,
    { provide: PAGE_COMPOSER, useFactory: pageComposerFor, inject: [APP_CONFIG] },
  ],
  exports: [AiPageService],
})
export class AiModule {}
