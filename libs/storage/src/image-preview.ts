// Small JPEG copies of stored images, for clients that take the picture itself rather than its URL.
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { BlobStore } from './blob-store.js';

export interface ImagePreview {
  /** Base64 JPEG. */
  data: string;
  mimeType: 'image/jpeg';
  width: number;
  height: number;
}

export interface PreviewSize {
  maxWidth: number;
  maxHeight: number;
}

/** Previews are derived from content-addressed blobs, so a cached one never goes stale. */
const cacheLimit = 500;

@Injectable()
export class ImagePreviews {
  private readonly cache = new LRUCache<string, Promise<ImagePreview | null>>({ max: cacheLimit });

  constructor(private readonly blobs: BlobStore) {}

  /**
   * The stored image behind one of our asset URLs, scaled down to fit `size` (never up), as JPEG; null
   * when the URL is not one of our blobs or the blob is gone.
   */
  of(url: string, size: PreviewSize): Promise<ImagePreview | null> {
    const name = this.blobs.nameOf(url);
    if (!name) return Promise.resolve(null);
    const key = `${name}@${size.maxWidth}x${size.maxHeight}`;
    let preview = this.cache.get(key);
    if (!preview) {
      preview = this.make(name, size);
      this.cache.set(key, preview);
      preview.then(
        (made) => made ?? this.cache.delete(key),
        () => this.cache.delete(key),
      );
    }
    return preview;
  }

  private async make(name: string, { maxWidth, maxHeight }: PreviewSize): Promise<ImagePreview | null> {
    const blob = await this.blobs.get(name);
    if (!blob) return null;
    const { data, info } = await sharp(blob.bytes)
      .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data: data.toString('base64'), mimeType: 'image/jpeg', width: info.width, height: info.height };
  }
}
