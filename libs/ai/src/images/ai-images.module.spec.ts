import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '#folio/config';
import { imageGeneratorFor } from './ai-images.module.js';
import { LocalImageGenerator } from './local-image-generator.js';
import { ProviderImageGenerator } from './provider-image-generator.js';

describe(imageGeneratorFor.name, () => {
  const generatorFor = (env: Record<string, string>) =>
    imageGeneratorFor(loadConfig(env, { seedDemo: false }));

  it('draws with the provider only when it has an image API and AI_IMAGE_MODEL is set', () => {
    expect(generatorFor({})).toBeInstanceOf(LocalImageGenerator);
    expect(generatorFor({ AI_PROVIDER: 'openai' })).toBeInstanceOf(LocalImageGenerator);
    expect(generatorFor({ AI_PROVIDER: 'anthropic', AI_IMAGE_MODEL: 'gpt-image-1' })).toBeInstanceOf(
      LocalImageGenerator,
    );
    expect(generatorFor({ AI_PROVIDER: 'openai', AI_IMAGE_MODEL: 'gpt-image-1' })).toBeInstanceOf(
      ProviderImageGenerator,
    );
    const compatible = {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:8080/v1',
      AI_MODEL: 'llama3',
      AI_IMAGE_MODEL: 'sdxl',
    };
    expect(generatorFor(compatible)).toBeInstanceOf(ProviderImageGenerator);
  });
});
