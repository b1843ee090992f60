import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { BlobStore } from './blob-store.js';
import { ImagePreviews } from './image-preview.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The blob store the configuration names: a local directory by default, else an S3-compatible bucket. */
export function createBlobStore(config: AppConfig): BlobStore {
  const { storage, publicBaseUrl } = config;
  return storage.kind === 's3'
    ? new S3BlobStore(storage, publicBaseUrl)
    : new LocalBlobStore(storage.dir, publicBaseUrl);
}

/** Provides BlobStore and ImagePreviews to every module. Needs ConfigModule in the app. */
@Global()
@Module({
  providers: [{ provide: BlobStore, inject: [APP_CONFIG], useFactory: createBlobStore }, ImagePreviews],
  exports: [BlobStore, ImagePreviews],
})
export class StorageModule {}
