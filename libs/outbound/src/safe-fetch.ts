// Outbound HTTP that cannot be pointed at Folio's own network (SSRF): every address a request connects
// to — after DNS resolution, on every redirect — must be a global unicast address (address-policy.ts),
// and a request that started over https never continues over plain http.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy.js';

/** The request would reach an address that is not global unicast (directly, via DNS or a redirect). */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  constructor(
    readonly url: string,
    readonly address: string,
  ) {
    super(`Refusing to connect to ${address} (${url}): not a public address.`);
  }
}

/** An https request redirected to plain http: what it carries (and what comes back) would travel unencrypted. */
export class InsecureRedirectError extends Error {
  override name = 'InsecureRedirectError';
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`Refusing to follow a redirect from https to http (${from} → ${to}).`);
  }
}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Skip the address check. Only tests and `OUTBOUND_ALLOW_PRIVATE=true` set this. */
  allowPrivate?: boolean;
  /** Redirects followed (each one checked like the first request); default 3. */
  maxRedirects?: number;
  /** `manual` answers a redirect as it is, without following it (as `fetch` does); default `follow`. */
  redirect?: 'follow' | 'manual';
  /** Whole request, redirects included; default 10 s. */
  timeoutMs?: number;
  /** Aborts the request early, besides the timeout. */
  signal?: AbortSignal;
  /** Largest response body read; default 5 MiB. */
  maxBytes?: number;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * `fetch` for user-supplied URLs: http(s) only, refuses blocked addresses after DNS resolution (the
 * checked address is the one connected to, so DNS rebinding cannot slip past) and on every redirect;
 * never follows an https URL to an http one. Resolves to a buffered `Response` whose `url` is the final URL.
 */
export function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<Response> {
  return fetchWithAddressPolicy(input, options, options.allowPrivate ? () => true : isPublicAddress);
}

/**
 * `safeFetch` behind the signature of `fetch`, for libraries that take a fetch hook (oidc-provider's
 * `fetch` option): method, headers, a string/URLSearchParams/bytes body, `redirect` and `signal` carry over.
 */
export function safeFetchAsFetch(
  defaults: Pick<SafeFetchOptions, 'allowPrivate' | 'timeoutMs' | 'maxBytes'>,
): (input: string | URL, init?: RequestInit) => Promise<Response> {
  return (input, init = {}) => {
    const body = init.body ?? undefined;
    if (
      body !== undefined &&
      !(typeof body === 'string' || body instanceof URLSearchParams || body instanceof Uint8Array)
    ) {
      return Promise.reject(new TypeError('safeFetch sends string, URLSearchParams or byte bodies only.'));
    }
    const headers = new Headers(init.headers);
    if (body instanceof URLSearchParams && !headers.has('content-type')) {
      headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    }
    return safeFetch(input, {
      ...defaults,
      method: init.method,
      headers: Object.fromEntries(headers),
      body: body instanceof URLSearchParams ? body.toString() : body,
      redirect: init.redirect === 'manual' ? 'manual' : 'follow',
      signal: init.signal ?? undefined,
    });
  };
}

/** `safeFetch` with its own rule for which addresses may be connected to (tests exercise redirects with it). */
export async function fetchWithAddressPolicy(
  input: string | URL,
  options: SafeFetchOptions,
  isAllowed: (address: string) => boolean,
): Promise<Response> {
  const maxRedirects = options.maxRedirects ?? 3;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = new URL(input);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  const headers = { ...options.headers };
  for (let redirects = 0; ; redirects++) {
    const response = await requestOnce(url, { ...options, method, headers, body }, isAllowed, signal);
    const location = response.headers.location;
    if (!redirectStatuses.has(response.statusCode ?? 0) || !location || options.redirect === 'manual') {
      return toResponse(response, url, options);
    }
    response.destroy();
    if (redirects >= maxRedirects) {
      throw new Error(`Too many redirects (more than ${maxRedirects}) from ${input}.`);
    }
    const next = new URL(location, url);
    if (url.protocol === 'https:' && next.protocol === 'http:') {
      throw new InsecureRedirectError(url.href, next.href);
    }
    // Credentials meant for one origin are not handed to another.
    if (next.origin !== url.origin) {
      for (const name of Object.keys(headers)) {
        if (/^(authorization|cookie)$/i.test(name)) delete headers[name];
      }
    }
    url = next;
    // 303, and 301/302 after a POST, turn into a GET without a body (as browsers and fetch do).
    if (
      response.statusCode === 303 ||
      ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = undefined;
      for (const name of Object.keys(headers)) {
        if (/^content-/i.test(name)) delete headers[name];
      }
    }
  }
}

function requestOnce(
  url: URL,
  options: SafeFetchOptions & { method: string; headers: Record<string, string> },
  isAllowed: (address: string) => boolean,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new Error(`Only http and https URLs can be fetched, not ${url.protocol}`));
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address never goes through the lookup below, so it is checked here.
  if (isIP(host) !== 0 && !isAllowed(host)) {
    return Promise.reject(new BlockedAddressError(url.href, host));
  }
  const transport = url.protocol === 'https:' ? https : http;
  const headers = { ...options.headers };
  // A known length instead of chunked encoding, which some receivers refuse.
  if (options.body !== undefined && !Object.keys(headers).some((name) => /^content-length$/i.test(name))) {
    headers['content-length'] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: options.method,
      headers,
      signal,
      lookup: checkedLookup(url.href, isAllowed),
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(options.body);
  });
}

/** A DNS lookup for `net.connect` that fails when any address of the name is not allowed. */
function checkedLookup(url: string, isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const blocked = addresses.find((a) => !isAllowed(a.address));
      if (blocked) return callback(new BlockedAddressError(url, blocked.address), '', 0);
      if (lookupOptions.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

async function toResponse(message: IncomingMessage, url: URL, options: SafeFetchOptions): Promise<Response> {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of message as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      message.destroy();
      throw new Error(`Response from ${url.href} is larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, item);
  }
  const status = message.statusCode ?? 500;
  const response = new Response(nullBodyStatuses.has(status) ? null : Buffer.concat(chunks), {
    status,
    statusText: message.statusMessage,
    headers,
  });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}
