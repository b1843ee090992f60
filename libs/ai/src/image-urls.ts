import { lookup } from 'node:dns/promises';
import { type InputProblem } from '#folio/errors';
import { isPublicAddress } from '#folio/http';

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
        addresses = (await lookup(host, { all: true })).map((entry) => entry.address);
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
