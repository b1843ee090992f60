import { type InputProblem } from '#folio/errors';
import { BlockedAddressError, InsecureRedirectError, safeFetch } from '#folio/outbound';

/** A caller image must answer within this, both requests included; slower hosts hold a create call open. */
const checkTimeoutMs = 5_000;
const maxImageBytes = 10 * 1024 * 1024;
const mebibyte = 1024 * 1024;

/**
 * Problems with caller image URLs that make them unusable, found before anything is spent (all at once):
 * each must be https, reach only public addresses (checked on the address connected to, redirects
 * included), answer 2xx with an image type, and be at most 10 MB.
 */
export async function imageUrlProblems(
  images: readonly { url: string }[],
  options: { allowPrivate: boolean; pathPrefix: string },
): Promise<InputProblem[]> {
  const problems = await Promise.all(
    images.map(async ({ url }, index): Promise<InputProblem | null> => {
      const message = await imageUrlProblem(url, options.allowPrivate);
      return message === null ? null : { path: `${options.pathPrefix}[${index}].url`, message };
    }),
  );
  return problems.filter((problem): problem is InputProblem => problem !== null);
}

/** Why the URL is no usable image, as the rest of a sentence about it; null when it is one. */
async function imageUrlProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:') return 'expected a public https URL';
  let response: Response;
  try {
    response = await probe(url, allowPrivate);
  } catch (error) {
    return fetchProblem(error as Error);
  }
  if (!response.ok) return `answered ${response.status}`;
  const type = response.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
  if (!type) return 'has no Content-Type; expected an image';
  if (!type.startsWith('image/')) return `is ${type}, not an image`;
  const size = await byteSize(response);
  return size !== null && size > maxImageBytes ? `is ${megabytes(size)} MB; the limit is 10 MB` : null;
}

/**
 * The image's headers without its bytes: HEAD, else (HEAD refused, or no length given) a GET of its first
 * byte, which a server that ignores ranges answers in full — read up to the limit only.
 */
async function probe(url: string, allowPrivate: boolean): Promise<Response> {
  const deadline = Date.now() + checkTimeoutMs;
  const options = { allowPrivate, maxBytes: maxImageBytes };
  const head = await safeFetch(url, { ...options, method: 'HEAD', timeoutMs: checkTimeoutMs });
  if (head.ok && head.headers.has('content-length')) return head;
  return safeFetch(url, {
    ...options,
    headers: { range: 'bytes=0-0' },
    timeoutMs: Math.max(1, deadline - Date.now()),
  });
}

/** The whole image's size: from Content-Range or Content-Length, else the bytes read; null when unknown. */
async function byteSize(response: Response): Promise<number | null> {
  if (response.status === 206) {
    const total = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '')?.[1];
    return total === undefined ? null : Number(total);
  }
  const length = response.headers.get('content-length');
  return length === null ? (await response.arrayBuffer()).byteLength : Number(length);
}

function fetchProblem(error: Error): string {
  if (error instanceof BlockedAddressError) return 'is not a public address; use a public https image URL';
  if (error instanceof InsecureRedirectError) return 'redirects to plain http; use a public https image URL';
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'does not resolve; use a public https image URL';
  if (error.name === 'AbortError' || error.name === 'TimeoutError') {
    return `did not answer within ${checkTimeoutMs / 1000} s`;
  }
  // safeFetch stops reading a body past maxBytes with this message.
  if (/larger than \d+ bytes/.test(error.message)) return 'is larger than 10 MB, the limit';
  // The low-level reason (refused port, TLS detail) stays here: echoing it would make this a port scanner.
  return 'could not be fetched; use a public https image URL that answers';
}

function megabytes(bytes: number): string {
  return (bytes / mebibyte).toFixed(1);
}
