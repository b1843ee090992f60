import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import { minCompressedBytes } from './compression.js';

type ContentCoding = 'br' | 'gzip';

const encoders: Record<ContentCoding, (body: string) => Promise<Buffer>> = {
  // Made once per cached body, so the strongest settings pay for themselves.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  gzip: (body) => promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
};

/**
 * Encoded copies of answers that are themselves cached (an embed script of one published version and set
 * of options): each is compressed once per content coding, not on every request as the compression
 * middleware would. Keyed by the cached answer object, so a copy lives as long as its answer is cached.
 */
export class EncodedBodies {
  private readonly copies = new WeakMap<object, Map<ContentCoding, Promise<Buffer>>>();

  /**
   * Sends `body` (the text of the cached answer `owner`) in the coding the client ranks highest, brotli
   * first at equal rank; the compression middleware passes an answer that already has a Content-Encoding.
   */
  async send(req: Request, res: Response, owner: object, body: string): Promise<void> {
    res.vary('Accept-Encoding');
    const coding = Buffer.byteLength(body) < minCompressedBytes ? undefined : negotiate(req);
    if (!coding) {
      res.send(body);
      return;
    }
    let copies = this.copies.get(owner);
    if (!copies) this.copies.set(owner, (copies = new Map()));
    let encoded = copies.get(coding);
    if (!encoded) copies.set(coding, (encoded = encoders[coding](body)));
    res.setHeader('Content-Encoding', coding);
    res.send(await encoded);
  }
}

function negotiate(req: Request): ContentCoding | undefined {
  const coding = new Negotiator(req).encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] });
  return coding === 'br' || coding === 'gzip' ? coding : undefined;
}
