// Response compression (gzip, brotli) for every app, with node:zlib streams: text answers — pages, scripts,
// stylesheets, JSON, SVG — shrink to a fraction (the demo's embed script from 109 KB to 16 KB with brotli).
import { type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

/** Media types worth compressing; everything else (images, fonts, event streams) goes as it is. */
const compressibleTypes = new Set([
  'text/html',
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'image/svg+xml',
]);

/** Below this, compressing saves less than it costs (headers, a round of zlib); the `compression` default. */
export const minCompressedBytes = 1024;

type Encoding = 'br' | 'gzip';

const encoders: Record<Encoding, () => Transform> = {
  // Quality 4 of 11: nearly gzip's speed, smaller answers; the highest levels are for files built once.
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: () => createGzip(),
};

function isCompressible(contentType: unknown): boolean {
  const mediaType = String(contentType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return compressibleTypes.has(mediaType);
}

/**
 * The encoding to send the answer in, decided as its headers go out: brotli or gzip by the client's
 * `Accept-Encoding` (preferredEncoding), for compressible types of at least minCompressedBytes that are
 * not compressed already, not partial, not `no-transform`. Compressible types always vary by
 * `Accept-Encoding`, compressed or not, so caches keep the encodings apart.
 */
function chooseEncoding(req: Request, res: Response, bodyBytes: number | undefined): Encoding | null {
  if (!isCompressible(res.getHeader('content-type'))) return null;
  res.vary('Accept-Encoding');
  const declared = Number(res.getHeader('content-length') ?? bodyBytes ?? Number.NaN);
  const skip =
    req.method === 'HEAD' ||
    res.statusCode < 200 ||
    res.statusCode === 204 ||
    res.statusCode === 206 ||
    res.statusCode === 304 ||
    declared < minCompressedBytes ||
    (res.getHeader('content-encoding') ?? 'identity') !== 'identity' ||
    /\bno-transform\b/i.test(String(res.getHeader('cache-control') ?? ''));
  if (skip) return null;
  return preferredEncoding(req.headers['accept-encoding'] ?? '');
}

/**
 * The encoding of highest quality in `Accept-Encoding` (RFC 9110 §12.5.3; `*` stands for codings it does
 * not name), brotli before gzip at equal quality (browsers name gzip first), none when neither is
 * acceptable or the client ranks `identity` above both.
 */
export function preferredEncoding(acceptEncoding: string): Encoding | null {
  const named = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [coding, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const weight = params.find((param) => param.startsWith('q='));
    const quality = weight === undefined ? 1 : Number(weight.slice(2));
    named.set(coding, Number.isFinite(quality) ? quality : 0);
  }
  const quality = (coding: string) => named.get(coding) ?? named.get('*') ?? 0;
  const best = quality('gzip') > quality('br') ? 'gzip' : 'br';
  return quality(best) > 0 && quality(best) >= (named.get('identity') ?? 0) ? best : null;
}

/**
 * Express middleware: compresses the answer when chooseEncoding says so, whatever writes it (Nest, Express
 * static files, oidc-provider). It takes over `writeHead`, where the decision is made, and `write`/`end`,
 * which then go through the encoder; backpressure passes both ways. ETags stay as the route set them (as
 * the `compression` package leaves them): `Vary` keeps cached encodings apart, and no compressed answer
 * is partial, so a validator never mixes the bytes of two encodings.
 */
export function compressResponses(req: Request, res: Response, next: NextFunction): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let encoder: Transform | null = null;
  let bodyBytes: number | undefined;

  res.writeHead = function writeHead(this: Response, statusCode: number, ...rest: unknown[]) {
    const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
    if (headers !== undefined && !Array.isArray(headers)) {
      // Headers given here are set first, so the decision sees them; a raw header array is left alone.
      for (const [name, value] of Object.entries(headers as Record<string, string>))
        this.setHeader(name, value);
      rest = typeof rest[0] === 'string' ? [rest[0]] : [];
    }
    this.statusCode = statusCode;
    const encoding = Array.isArray(headers) ? null : chooseEncoding(req, this, bodyBytes);
    if (encoding) {
      this.setHeader('Content-Encoding', encoding);
      this.removeHeader('Content-Length');
      encoder = startEncoder(this, encoding);
    }
    return (original.writeHead as (...args: unknown[]) => Response).call(this, statusCode, ...rest);
  } as Response['writeHead'];

  res.write = function write(this: Response, chunk: unknown, ...rest: unknown[]) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (!encoder) return (original.write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    return encoder.write(asBuffer(chunk, rest[0]), callback);
  } as Response['write'];

  res.end = function end(this: Response, ...args: unknown[]) {
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as () => void) : undefined;
    const [chunk, encoding] = args;
    if (!this.headersSent) {
      bodyBytes = chunk === undefined || chunk === null ? 0 : asBuffer(chunk, encoding).byteLength;
      this.writeHead(this.statusCode);
    }
    if (!encoder) {
      return (original.end as (...args: unknown[]) => Response).call(
        this,
        ...args,
        ...(callback ? [callback] : []),
      );
    }
    if (callback) this.once('finish', callback);
    if (chunk === undefined || chunk === null) encoder.end();
    else encoder.end(asBuffer(chunk, encoding));
    return this;
  } as Response['end'];

  /** The encoder's output goes to the socket; each side waits for the other when its buffer is full. */
  function startEncoder(res: Response, encoding: Encoding): Transform {
    const stream = encoders[encoding]();
    stream.on('data', (bytes: Buffer) => {
      if (!(original.write as (chunk: Buffer) => boolean).call(res, bytes)) stream.pause();
    });
    stream.on('end', () => (original.end as () => Response).call(res));
    stream.on('error', (error: Error) => res.destroy(error));
    stream.on('drain', () => res.emit('drain'));
    res.on('drain', () => stream.resume());
    res.once('close', () => stream.destroy());
    return stream;
  }

  next();
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}
