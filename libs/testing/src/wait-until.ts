/**
 * Polls `check` until it holds; throws `Timed out waiting for <what>.` after `timeoutMs`. For work that
 * finishes in the background (queues, other processes), where there is nothing to await.
 */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, intervalMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
