// The language model the LLM composer talks to, from AI_PROVIDER, AI_BASE_URL, AI_API_KEY and AI_MODEL.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LanguageModel } from 'ai';
import { type AiConfig } from '#folio/config';

/** AI settings of a provider with an API (not `offline`). */
export type ProviderAiConfig = Exclude<AiConfig, { provider: 'offline' }>;

/** Without AI_API_KEY, the SDKs read OPENAI_API_KEY or ANTHROPIC_API_KEY (an OpenAI-compatible server may need none). */
export function languageModelOf(ai: ProviderAiConfig): LanguageModel {
  const apiKey = ai.apiKey ?? undefined;
  const baseURL = ai.baseUrl ?? undefined;
  switch (ai.provider) {
    case 'openai':
      // Chat Completions, not the Responses API: OpenAI proxies behind AI_BASE_URL implement it too.
      return createOpenAI({ apiKey, baseURL }).chat(ai.model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL }).languageModel(ai.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        // loadConfig refuses openai-compatible without AI_BASE_URL.
        baseURL: ai.baseUrl!,
        apiKey,
        // JSON-schema response formats (Ollama, vLLM, LM Studio, llama.cpp, OpenRouter, …), not bare JSON mode.
        supportsStructuredOutputs: true,
      }).chatModel(ai.model);
  }
}
