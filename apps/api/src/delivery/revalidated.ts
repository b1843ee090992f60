import type { Request, Response } from 'express';
import { matchesEtag } from './render-cache.js';

/**
 * Sends an answer that browsers and CDNs may store but must revalidate before each use (`public, no-cache`):
 * a publish is seen on the next request, and an unchanged answer costs a `304` on its ETag.
 */
export function sendRevalidated(
  req: Request,
  res: Response,
  answer: { body: string; etag: string; type: string },
): void {
  res.setHeader('Cache-Control', 'public, no-cache');
  res.setHeader('ETag', answer.etag);
  if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
    res.status(304).end();
    return;
  }
  res.type(answer.type).send(answer.body);
}
