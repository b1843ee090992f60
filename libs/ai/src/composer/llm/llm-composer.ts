// The page composer that asks the configured AI provider for the section plan (docs/design.md §9).
import { Inject, Injectable } from '@nestjs/common';
import { generateText, type LanguageModel, Output } from 'ai';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type CompositionInput, type PageComposer } from '../composition.js';
import { type SectionPlan } from '../section-plan.js';
import { compositionInstructions, compositionRequest } from './composition-prompt.js';
import { languageModelOf } from './language-model.js';
import { planAnswerFormat, planOfAnswer } from './plan-answer.js';
import { providerFailure } from './provider-failure.js';

@Injectable()
export class LlmComposer implements PageComposer {
  private readonly model: LanguageModel;
  private readonly apiKey: string | null;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'ai'>) {
    if (config.ai.provider === 'offline') {
      throw new Error('LlmComposer needs AI_PROVIDER openai, anthropic or openai-compatible.');
    }
    this.model = languageModelOf(config.ai);
    this.apiKey = config.ai.apiKey;
  }

  /** Rejects with PlanRejectedError for an unusable answer, AiProviderError when the provider fails. */
  async compose(input: CompositionInput, signal: AbortSignal): Promise<SectionPlan> {
    let answer: unknown;
    try {
      const result = await generateText({
        model: this.model,
        instructions: compositionInstructions(input),
        prompt: compositionRequest(input),
        output: Output.object({
          schema: planAnswerFormat,
          name: 'page_plan',
          description: 'The sections of the page.',
        }),
        // The caller's budget is a minute at most: a retry would only eat it.
        maxRetries: 0,
        abortSignal: signal,
      });
      answer = result.output;
    } catch (error) {
      throw providerFailure(error, { signal, apiKey: this.apiKey });
    }
    return planOfAnswer(answer);
  }
}
