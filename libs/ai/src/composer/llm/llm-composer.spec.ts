import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type AiConfig } from '#folio/config';
import { analyzeLibrarySection } from '#folio/libraries';
import { starterLibrary } from '#folio/seed';
import { type FakeAiProvider, startFakeAiProvider } from '#folio/testing';
import { candidateOf } from '../candidates.js';
import { type CompositionInput } from '../composition.js';
import { type SectionPlan } from '../section-plan.js';
import { checkedPlan } from '../plan-check.js';
import { LlmComposer } from './llm-composer.js';
import { AiProviderError } from './provider-failure.js';

const apiKey = 'sk-test-7f3a9c1e5b2d';

const input: CompositionInput = {
  prompt: 'A landing page for Tidewater, a sea-kayak school in Cornwall: courses, prices and a FAQ.',
  text: 'Beginner course: £89 per day. Founded 2009 by Maya Penrose.',
  images: [{ url: 'https://images.example/kayaks.jpg', description: 'Kayaks on a beach at sunrise' }],
  useOnlyProvidedAssets: false,
  projectTitle: 'Tidewater',
  pageTitle: 'Home',
  candidates: starterLibrary.sections.map((section) =>
    candidateOf({ ...section, libraryKey: starterLibrary.key, analysis: analyzeLibrarySection(section) }),
  ),
};

const hero = input.candidates.find(
  (candidate) =>
    candidate.role === 'hero' &&
    ['image', 'icon'].every((kind) => candidate.slots.some((s) => s.kind === kind)),
)!;
const footer = input.candidates.find((candidate) => candidate.role === 'footer')!;
const slotOf = (kind: string) => hero.slots.find((slot) => slot.kind === kind)!;

/** A model's answer in the composer's answer format. */
const answer = {
  sections: [
    {
      sectionKey: hero.key,
      texts: [{ elementKey: slotOf('text').elementKey, text: 'Paddle the Cornish coast' }],
      images: [
        {
          elementKey: slotOf('image').elementKey,
          providedUrl: 'https://images.example/kayaks.jpg',
          generatedPrompt: null,
          alt: 'Kayaks at sunrise',
        },
      ],
      icons: [{ elementKey: slotOf('icon').elementKey, icon: 'waves' }],
    },
    { sectionKey: footer.key, texts: [], images: [], icons: [] },
  ],
};

const providers = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    path: '/v1/chat/completions',
    auth: ['authorization', `Bearer ${apiKey}`],
  },
  // Without native structured output in the SDK's catalogue: the answer comes as a call of the SDK's `json` tool.
  {
    provider: 'anthropic',
    model: 'claude-3-5-haiku-latest',
    path: '/v1/messages',
    auth: ['x-api-key', apiKey],
  },
  // With native structured output (`output_config.format`): the answer comes as text.
  { provider: 'anthropic', model: 'claude-sonnet-4-5', path: '/v1/messages', auth: ['x-api-key', apiKey] },
  {
    provider: 'openai-compatible',
    model: 'llama3.1',
    path: '/v1/chat/completions',
    auth: ['authorization', `Bearer ${apiKey}`],
  },
] as const;

describe.each(providers)(`${LlmComposer.name} with $provider ($model)`, ({ provider, model, path, auth }) => {
  let fake: FakeAiProvider;
  let composer: LlmComposer;

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    const ai: AiConfig = {
      provider,
      baseUrl: fake.baseUrl,
      apiKey,
      model,
      imageModel: null,
      pageCredits: 10,
      timeoutMs: 60_000,
    };
    composer = new LlmComposer({ ai });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('turns the answer into the section plan, which the plan check accepts as it is', async () => {
    fake.respondWith({ kind: 'answer', value: answer });

    const plan = await composer.compose(input, AbortSignal.timeout(5_000));

    const expected: SectionPlan = {
      sections: [
        {
          sectionKey: hero.key,
          fills: [
            { elementKey: slotOf('text').elementKey, kind: 'text', text: 'Paddle the Cornish coast' },
            {
              elementKey: slotOf('image').elementKey,
              kind: 'image',
              image: {
                source: 'provided',
                url: 'https://images.example/kayaks.jpg',
                alt: 'Kayaks at sunrise',
              },
            },
            { elementKey: slotOf('icon').elementKey, kind: 'icon', icon: 'waves' },
          ],
        },
        { sectionKey: footer.key, fills: [] },
      ],
    };
    expect(plan).toEqual(expected);
    expect(checkedPlan(plan, input)).toEqual(expected);
  });

  it('asks the configured model with the API key, the request and every candidate', async () => {
    fake.respondWith({ kind: 'answer', value: answer });

    await composer.compose(input, AbortSignal.timeout(5_000));

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.path).toBe(path);
    expect(request.headers[auth[0]]).toBe(auth[1]);
    expect(request.body).toMatchObject({ model });
    const sent = JSON.stringify(request.body);
    expect(sent).toContain('sea-kayak school in Cornwall');
    expect(sent).toContain('£89 per day');
    for (const candidate of input.candidates) expect(sent).toContain(candidate.key);
  });

  it('rejects an answer that is not JSON, saying so', async () => {
    fake.respondWith({ kind: 'garbage', text: 'Sure! Here is a lovely page about kayaks.' });

    await expect(composer.compose(input, AbortSignal.timeout(5_000))).rejects.toThrow(
      "The AI provider's answer was not a valid page plan: it is not JSON.",
    );
  });

  it('rejects JSON of the wrong shape, naming what is wrong', async () => {
    fake.respondWith({ kind: 'answer', value: { page: { sections: [] } } });

    await expect(composer.compose(input, AbortSignal.timeout(5_000))).rejects.toThrow(
      /^The AI provider's answer was not a valid page plan: sections: .+\.$/,
    );
  });

  it('gives up as soon as the signal aborts when the provider does not answer', async () => {
    fake.respondWith({ kind: 'hang' });
    const started = Date.now();

    await expect(composer.compose(input, AbortSignal.timeout(300))).rejects.toThrow(
      'The AI provider did not answer in time.',
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('reports an HTTP error once, without the API key the provider echoed', async () => {
    fake.respondWith({ kind: 'error', status: 500, message: `Upstream failure for key ${apiKey}` });

    const failure = await composer
      .compose(input, AbortSignal.timeout(5_000))
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AiProviderError);
    expect((failure as Error).message).toMatch(
      /^The AI provider answered HTTP 500 \(.*Upstream failure.*\)\.$/,
    );
    expect((failure as Error).message).not.toContain(apiKey);
    expect(fake.requests).toHaveLength(1);
  });
});
