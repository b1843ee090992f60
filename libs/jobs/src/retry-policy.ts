/** Runs per job before it stays failed: the first and four retries. */
export const jobAttempts = 5;
/** First retry delay; each next one doubles (2, 4, 8, 16 s). */
export const firstRetryDelayMs = 2_000;

/** The in-process runner's first retry delay (a provider, so tests can shorten it). */
export const firstRetryDelay = Symbol('firstRetryDelay');

export function retryDelayMs(failedAttempt: number, firstDelayMs = firstRetryDelayMs): number {
  return firstDelayMs * 2 ** (failedAttempt - 1);
}
