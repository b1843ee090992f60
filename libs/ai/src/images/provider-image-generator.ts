import { createOpenAI } from '@ai-sdk/openai';
import { generateImage, type ImageModel } from 'ai';
import { type AiConfig } from '#folio/config';
import { AiProviderError, providerFailure } from '../composer/llm/provider-failure.js';
import { type GeneratedImage, ImageGenerator, type ImageRequest } from './image-generator.js';
import { imageInfo } from './image-info.js';

/** The settings of a provider with an OpenAI-style image API and an image model. */
export interface ImageProviderSettings {
  apiKey: string | null;
  baseUrl: string | null;
  imageModel: string;
}

/**
 * The provider's image API (`POST /images/generations`, OpenAI and OpenAI-compatible servers). No size is
 * asked for: models accept different fixed sizes, so each draws at its default and the asset records
 * the size it got.
 */
export class ProviderImageGenerator extends ImageGenerator {
  private readonly model: ImageModel;

  constructor(private readonly settings: ImageProviderSettings) {
    super();
    // Without AI_API_KEY the SDK reads OPENAI_API_KEY (an OpenAI-compatible server may need none).
    const openai = createOpenAI({
      apiKey: settings.apiKey ?? undefined,
      baseURL: settings.baseUrl ?? undefined,
    });
    this.model = openai.image(settings.imageModel);
  }

  async generate({ prompt }: ImageRequest, signal: AbortSignal): Promise<GeneratedImage> {
    let bytes: Uint8Array;
    try {
      // The job queue retries with backoff; retries inside the call would only eat its time bound.
      const result = await generateImage({ model: this.model, prompt, abortSignal: signal, maxRetries: 0 });
      bytes = result.image.uint8Array;
    } catch (error) {
      throw providerFailure(error, { signal, apiKey: this.settings.apiKey });
    }
    const info = imageInfo(bytes);
    if (!info)
      throw new AiProviderError(
        'The image provider answered with something that is not a PNG, JPEG, WebP or GIF image.',
      );
    return { bytes, ...info };
  }
}

/** The provider's image API when AI_PROVIDER has one and AI_IMAGE_MODEL is set; otherwise none. */
export function imageProviderSettings(ai: AiConfig): ImageProviderSettings | null {
  if (ai.provider !== 'openai' && ai.provider !== 'openai-compatible') return null;
  return ai.imageModel ? { apiKey: ai.apiKey, baseUrl: ai.baseUrl, imageModel: ai.imageModel } : null;
}
