import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOpenAI } from '@ai-sdk/openai';
import { generateImage } from 'ai';
import { PNG } from 'pngjs';
import { type FakeAiProvider, fakeImageSize, startFakeAiProvider } from './fake-ai-provider.js';

describe(startFakeAiProvider.name, () => {
  let fake: FakeAiProvider;

  beforeAll(async () => {
    fake = await startFakeAiProvider();
  });
  afterAll(() => fake.close());

  it('answers the OpenAI image API with a real PNG, and records the request', async () => {
    const openai = createOpenAI({ baseURL: fake.baseUrl, apiKey: 'sk-images' });

    const { image } = await generateImage({
      model: openai.image('gpt-image-1'),
      prompt: 'A lighthouse',
      maxRetries: 0,
    });

    expect(PNG.sync.read(Buffer.from(image.uint8Array))).toMatchObject(fakeImageSize);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/images/generations',
      headers: { authorization: 'Bearer sk-images' },
      body: { model: 'gpt-image-1', prompt: 'A lighthouse' },
    });
  });
});
