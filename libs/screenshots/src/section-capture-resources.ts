// Every request a captured page makes goes through here, because the document is user content and the
// browser must not reach Folio's own network: our assets and served theme fonts are read directly, other
// images, fonts, stylesheets and media are fetched server-side through safeFetch (public addresses only),
// the rest is refused.
import { STATUS_CODES } from 'node:http';
import { BlockedAddressError, safeFetch } from '#folio/outbound';
import { readServedFont } from '#folio/render';
import { type BrowserContext, type Route } from 'playwright-core';
import { type CaptureWarnings, shortUrl } from './section-capture-warnings.js';

export type ReadOwnAsset = (url: string) => Promise<{ bytes: Uint8Array; type: string } | null>;

export interface ResourcePolicy {
  /** URLs under this prefix are our own blobs, read with `readOwnAsset` instead of over HTTP. */
  ownAssetPrefix: string;
  readOwnAsset?: ReadOwnAsset;
  /** URLs under this prefix (`<PUBLIC_BASE_URL>/fonts/`) are the theme fonts Folio serves, read from disk. */
  servedFontPrefix?: string;
  allowPrivate: boolean;
}

const fetchedKinds: Record<string, string> = {
  image: 'Image',
  font: 'Font',
  stylesheet: 'Stylesheet',
  media: 'Media',
};

export const resourceTimeoutMs = 5_000;
const maxResourceBytes = 10 * 1024 * 1024;

export interface Fulfillment {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Outcome of loading one URL: what to answer the browser with, or why it could not be loaded. */
export type Loaded = { ok: true; response: Fulfillment } | { ok: false; reason: string };

/**
 * Routes every request of `context` by `policy`, adding one warning per resource that could not be loaded.
 * Returns the URLs that failed, so broken images with no warning yet can be told apart.
 */
export async function routeResources(
  context: BrowserContext,
  policy: ResourcePolicy,
  warnings: CaptureWarnings,
): Promise<Set<string>> {
  const failed = new Set<string>();
  const loads = new Map<string, Promise<Loaded>>();
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = request.url();
    if (/^(data|blob):/i.test(url)) return route.continue().catch(() => undefined);
    const kind = fetchedKinds[request.resourceType()];
    if (!kind || request.method() !== 'GET' || !/^https?:/i.test(url)) {
      if (request.resourceType() === 'document') {
        warnings.add(`Embedded page ${shortUrl(url)} is not shown in screenshots.`);
      }
      return abort(route);
    }
    let load = loads.get(url);
    if (!load) {
      load = loadResource(url, request.headers(), policy);
      loads.set(url, load);
    }
    const loaded = await load;
    if (!loaded.ok) {
      failed.add(url);
      warnings.add(`${kind} ${shortUrl(url)} could not be loaded: ${loaded.reason}`);
      return abort(route);
    }
    const { status, contentType, body } = loaded.response;
    if (status < 200 || status > 299) {
      failed.add(url);
      warnings.add(`${kind} ${shortUrl(url)} could not be loaded: ${statusText(status)}`);
    }
    await route.fulfill({ status, contentType, body }).catch(() => undefined);
  });
  return failed;
}

function abort(route: Route): Promise<void> {
  // The page may be gone already (capture finished or timed out).
  return route.abort('blockedbyclient').catch(() => undefined);
}

/** One URL loaded by `policy`: our own blobs and fonts from storage and disk, the rest through safeFetch. */
export async function loadResource(
  url: string,
  requestHeaders: Record<string, string>,
  policy: ResourcePolicy,
): Promise<Loaded> {
  if (policy.readOwnAsset && url.startsWith(policy.ownAssetPrefix)) {
    try {
      const asset = await policy.readOwnAsset(url);
      if (!asset) return { ok: false, reason: 'no such asset' };
      return { ok: true, response: { status: 200, contentType: asset.type, body: Buffer.from(asset.bytes) } };
    } catch {
      return { ok: false, reason: 'the asset could not be read' };
    }
  }
  if (policy.servedFontPrefix && url.startsWith(policy.servedFontPrefix)) {
    // As `/fonts/` serves them, from the font packages: a worker may run without the HTTP server.
    try {
      const font = await readServedFont(url.slice(policy.servedFontPrefix.length).replace(/[?#].*$/, ''));
      if (!font) return { ok: false, reason: 'Folio serves no font of this name' };
      return { ok: true, response: { status: 200, contentType: 'font/woff2', body: font } };
    } catch {
      return { ok: false, reason: 'the font could not be read' };
    }
  }
  const headers: Record<string, string> = {};
  for (const name of ['accept', 'user-agent']) {
    if (requestHeaders[name]) headers[name] = requestHeaders[name];
  }
  try {
    const response = await safeFetch(url, {
      headers,
      allowPrivate: policy.allowPrivate,
      timeoutMs: resourceTimeoutMs,
      maxBytes: maxResourceBytes,
    });
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    return { ok: true, response: { status: response.status, contentType, body } };
  } catch (error) {
    return { ok: false, reason: failureReason(error) };
  }
}

function statusText(status: number): string {
  return STATUS_CODES[status] ? `${status} ${STATUS_CODES[status]}` : `HTTP ${status}`;
}

const errorCodeReasons: Record<string, string> = {
  ENOTFOUND: 'its host name does not exist',
  EAI_AGAIN: 'its host name could not be resolved',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'its host is unreachable',
  ENETUNREACH: 'its network is unreachable',
};

/** A failed fetch as a few words for people, never a stack trace. */
export function failureReason(error: unknown): string {
  if (error instanceof BlockedAddressError) return 'it points to a private or local network address';
  const { name, code, message } = (error ?? {}) as { name?: string; code?: string; message?: string };
  if (name === 'TimeoutError' || name === 'AbortError') {
    return `no answer within ${resourceTimeoutMs / 1000} s`;
  }
  if (code && errorCodeReasons[code]) return errorCodeReasons[code];
  if (code && /CERT|TLS|SSL/.test(code)) return 'its TLS certificate was not accepted';
  if (message?.startsWith('Too many redirects')) return 'too many redirects';
  if (message && /is larger than \d+ bytes/.test(message)) {
    return `larger than ${maxResourceBytes / 1024 / 1024} MiB`;
  }
  return code ?? 'network error';
}
