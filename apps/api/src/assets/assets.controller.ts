import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { NotFoundError } from '#folio/errors';
import { PathParam } from '#folio/http';
import { BlobStore, parseBlobName } from '#folio/storage';
import { matchesEtag } from '../delivery/render-cache.js';

const blobNameSchema = z.string().refine((name) => parseBlobName(name) !== null);

/**
 * `GET|HEAD /assets/<sha256>.<ext>`: stored blobs (screenshots, images). A name is the hash of its bytes,
 * so a response never changes: cached for a year, and the hash is the ETag. Express answers HEAD with
 * this GET route, minus the body.
 */
@ApiExcludeController()
@Controller('assets')
export class AssetsController {
  constructor(private readonly blobs: BlobStore) {}

  @Get(':name')
  async asset(
    @PathParam('name', blobNameSchema, 'not_found') name: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const blob = await this.blobs.get(name);
    if (!blob) throw new NotFoundError('No asset has this name.');
    const etag = `"${parseBlobName(name)!.hash}"`;
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', etag);
    // Screenshots and images show on other origins too: sites' embeds, agents' chat windows.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.type(blob.type);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.send(Buffer.from(blob.bytes.buffer, blob.bytes.byteOffset, blob.bytes.byteLength));
  }
}
