export {
  BlobStore,
  blobName,
  blobTypes,
  blobPath,
  parseBlobName,
  publicUrl,
  type BlobType,
  type StoredBlob,
} from './blob-store.js';
export { ImagePreviews, type ImagePreview, type PreviewSize } from './image-preview.js';
export { LocalBlobStore } from './local-blob-store.js';
export { S3BlobStore } from './s3-blob-store.js';
export { StorageModule, createBlobStore } from './storage.module.js';
