// Why a call to the AI provider failed, in words a caller can act on, with no secret and no response body.
import { APICallError, LoadAPIKeyError, NoObjectGeneratedError, NoOutputGeneratedError } from 'ai';
import { ComposerError } from '../composition.js';
import { invalidAnswer } from './plan-answer.js';

/** The AI provider could not be reached, refused the call, or did not answer in time. */
export class AiProviderError extends ComposerError {
  override name = 'AiProviderError';
}

const maxProviderMessage = 200;

/** The error to reject with when the SDK call threw `error`. */
export function providerFailure(error: unknown, call: { signal: AbortSignal; apiKey: string | null }): Error {
  if (call.signal.aborted) return new AiProviderError('The AI provider did not answer in time.');
  if (NoObjectGeneratedError.isInstance(error)) {
    return invalidAnswer(
      error.finishReason === 'length' ? 'it was cut off at the output limit' : 'it is not JSON',
    );
  }
  if (NoOutputGeneratedError.isInstance(error)) return invalidAnswer('it holds no answer');
  if (LoadAPIKeyError.isInstance(error)) {
    return new AiProviderError('The AI provider needs an API key: set AI_API_KEY.');
  }
  const said = providerMessage(error, call.apiKey);
  if (APICallError.isInstance(error)) {
    // Callers are not the operator: where the provider lives and what it says about the key stay here.
    if (error.statusCode === undefined) return new AiProviderError('The AI provider could not be reached.');
    if (error.statusCode === 401 || error.statusCode === 403) {
      return new AiProviderError(
        `The AI provider refused this server's credentials (HTTP ${error.statusCode}); its operator should check AI_API_KEY.`,
      );
    }
    return new AiProviderError(`The AI provider answered HTTP ${error.statusCode} (${said}).`);
  }
  return new AiProviderError(`The AI provider call failed (${said}).`);
}

/** The SDK's one-line message (the provider's error text at most), without the API key, cut short. */
function providerMessage(error: unknown, apiKey: string | null): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  const redacted = apiKey ? message.split(apiKey).join('[API key]') : message;
  return redacted.length <= maxProviderMessage ? redacted : `${redacted.slice(0, maxProviderMessage - 1)}…`;
}
