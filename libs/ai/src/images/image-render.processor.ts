import { Injectable } from '@nestjs/common';
import {
  imageRenderJob,
  type JobContext,
  type JobPayloads,
  type JobProcessor,
  JobProcessorFor,
  type JobRequest,
} from '#folio/jobs';
import { BlobStore } from '#folio/storage';
import { ImageAssetRepository } from './image-asset.repository.js';
import { ImageGenerator } from './image-generator.js';

/** One drawing, provider call included, may take this long before the attempt counts as failed. */
const generationTimeoutMs = 60_000;
/** For a pending asset that does not say which size its slot wants. */
const defaultSize = { width: 1200, height: 800 };

/**
 * Draws a pending AI image asset from its prompt, stores it and marks the asset ready; the last failed
 * attempt marks it failed. Assets no longer pending are left alone, so duplicates and retries are harmless.
 */
@Injectable()
@JobProcessorFor('image-render')
export class ImageRenderProcessor implements JobProcessor<'image-render'> {
  /** Provider calls are slow but light; local drawing is quick but holds the event loop. */
  readonly concurrency = 2;

  constructor(
    private readonly assets: ImageAssetRepository,
    private readonly generator: ImageGenerator,
    private readonly blobs: BlobStore,
  ) {}

  async process({ assetId }: JobPayloads['image-render'], { isLastAttempt }: JobContext): Promise<void> {
    const order = await this.assets.pendingOrder(assetId);
    if (!order) return;
    try {
      const image = await this.generator.generate(
        {
          prompt: order.prompt,
          width: order.width ?? defaultSize.width,
          height: order.height ?? defaultSize.height,
        },
        AbortSignal.timeout(generationTimeoutMs),
      );
      const blob = await this.blobs.put(image.bytes, image.type);
      await this.assets.saveReady(assetId, {
        url: blob.path,
        mime: image.type,
        width: image.width,
        height: image.height,
      });
    } catch (error) {
      if (isLastAttempt) await this.assets.markFailed(assetId);
      throw error;
    }
  }

  async outstanding(): Promise<JobRequest<'image-render'>[]> {
    return (await this.assets.owed()).map(imageRenderJob);
  }
}
