import { lookup } from 'node:dns/promises';
import { type InputProblem } from '#folio/errors';
import { isPublicAddress } from '#folio/http';

/** A slow resolver must not hold a create call open; a host that answers slower is treated as unresolvable. */
const lookupTimeoutMs = 3_000;

/**
 * Problems with caller image URLs that make them unusable before anything is spent: each must be https
 * and its host must resolve only to public addresses (the fetch itself re-checks, against rebinding).
 */
export async function imageUrlProblems(
  images: readonly { url: string }[],
  options: { allowPrivate: boolean; pathPrefix: string },
): Promise<InputProblem[]> {
  const problems = await Promise.all(
    images.map(async ({ url }, index): Promise<InputProblem | null> => {
      const path = `${options.pathPrefix}[${index}].url`;
      const parsed = new URL(url);
      if (parsed.protocol !== 'https:') return { path, message: 'expected a public https URL' };
      if (options.allowPrivate) return null;
      const host = parsed.hostname.replace(/^\[|\]$/g, '');
      let addresses: string[];
      try {
        const resolved = lookup(host, { all: true });
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), lookupTimeoutMs).unref(),
        );
        addresses = (await Promise.race([resolved, timeout])).map((entry) => entry.address);
      } catch {
        return { path, message: `${host} does not resolve; use a public https image URL` };
      }
      return addresses.every(isPublicAddress)
        ? null
        : { path, message: `${host} is not a public address; use a public https image URL` };
    }),
  );
  return problems.filter((problem): problem is InputProblem => problem !== null);
}
