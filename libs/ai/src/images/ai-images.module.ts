import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { ImageAssetRepository } from './image-asset.repository.js';
import { ImageGenerator } from './image-generator.js';
import { ImageRenderProcessor } from './image-render.processor.js';
import { LocalImageGenerator } from './local-image-generator.js';
import { imageProviderSettings, ProviderImageGenerator } from './provider-image-generator.js';

/** The provider's image API when it has one and AI_IMAGE_MODEL is set, else the local generator. */
export function imageGeneratorFor(config: AppConfig): ImageGenerator {
  const settings = imageProviderSettings(config.ai);
  return settings ? new ProviderImageGenerator(settings) : new LocalImageGenerator();
}

/**
 * The image-render job processor: draws the pending images AI page generation leaves behind. Import it
 * wherever jobs are worked; needs the config, db, jobs and storage modules in the app.
 */
@Module({
  providers: [
    ImageAssetRepository,
    ImageRenderProcessor,
    { provide: ImageGenerator, inject: [APP_CONFIG], useFactory: imageGeneratorFor },
  ],
})
export class AiImagesModule {}
