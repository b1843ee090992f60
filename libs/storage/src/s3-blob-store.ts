import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type OnApplicationShutdown } from '@nestjs/common';
import { type S3StorageConfig } from '#folio/config';
import { BlobStore, type BlobType } from './blob-store.js';

/** Blobs as objects in an S3-compatible bucket, keyed by their names. */
export class S3BlobStore extends BlobStore implements OnApplicationShutdown {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig, publicBaseUrl: string) {
    super(publicBaseUrl);
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials ?? undefined,
      // The SDK's default extra checksums are refused by several S3-compatible services (aws-sdk-js-v3#6810).
      ...(config.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
  }

  protected async write(name: string, bytes: Uint8Array, type: BlobType): Promise<void> {
    if (!(await this.exists(name))) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: bytes,
          ContentType: type,
          // For buckets served to browsers directly or through a CDN; the name changes with the bytes.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    }
  }

  protected async read(name: string): Promise<Uint8Array | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return await object.Body!.transformToByteArray();
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }

  private async exists(name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return true;
    } catch (error) {
      // Without s3:ListBucket a missing object is a 403; uploading again is harmless (same name, same bytes).
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (error instanceof NotFound || status === 403) return false;
      throw error;
    }
  }
}
