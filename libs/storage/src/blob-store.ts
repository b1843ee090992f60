import { createHash } from 'node:crypto';

/** The blob types Folio stores, with the file extension their names end in. */
export const blobTypes = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const;
export type BlobType = keyof typeof blobTypes;

export interface StoredBlob {
  name: string;
  /** absolute URL */
  url: string;
  /** The URL relative to PUBLIC_BASE_URL: what records keep, so a new base URL takes them along. */
  path: string;
}

/** Where apps/api serves a blob, relative to PUBLIC_BASE_URL. */
export function blobPath(name: string): string {
  return `/assets/${name}`;
}

/** A recorded URL as clients get it: base-relative paths (our blobs) under PUBLIC_BASE_URL, others as they are. */
export function publicUrl(publicBaseUrl: string, recorded: string): string {
  return recorded.startsWith('/') ? `${publicBaseUrl}${recorded}` : recorded;
}

const namePattern = /^([0-9a-f]{64})\.(png|jpg|webp|gif|avif)$/;
const typeOfExtension = new Map<string, BlobType>(
  Object.entries(blobTypes).map(([type, ext]) => [ext, type as BlobType]),
);

/** `<sha256 hex>.<ext>`: the name the bytes are stored under. */
export function blobName(bytes: Uint8Array, type: BlobType): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${blobTypes[type]}`;
}

/**
 * The hash and type a well-formed blob name stands for, else null. Stores build paths and keys only
 * from names that passed here.
 */
export function parseBlobName(name: string): { hash: string; type: BlobType } | null {
  const match = namePattern.exec(name);
  return match ? { hash: match[1], type: typeOfExtension.get(match[2])! } : null;
}

/** Content-addressed blobs: name = `<sha256 hex>.<ext>`; putting the same bytes twice stores one blob. */
export abstract class BlobStore {
  private readonly assetsBase: string;

  constructor(publicBaseUrl: string) {
    this.assetsBase = `${publicBaseUrl}${blobPath('')}`;
  }

  /** Stores the bytes under their content name; the same bytes again store nothing new. */
  async put(bytes: Uint8Array, type: BlobType): Promise<StoredBlob> {
    const name = blobName(bytes, type);
    await this.write(name, bytes, type);
    return { name, url: this.url(name), path: blobPath(name) };
  }

  /** null when there is no such blob, or the name is not a blob name */
  async get(name: string): Promise<{ bytes: Uint8Array; type: BlobType } | null> {
    const parsed = parseBlobName(name);
    if (!parsed) return null;
    const bytes = await this.read(name);
    return bytes && { bytes, type: parsed.type };
  }

  /** Keeps the bytes under `name` (a valid blob name) unless they are there already. */
  protected abstract write(name: string, bytes: Uint8Array, type: BlobType): Promise<void>;

  /** The bytes under `name` (a valid blob name), or null when there are none. */
  protected abstract read(name: string): Promise<Uint8Array | null>;

  /** `${publicBaseUrl}/assets/${name}` */
  url(name: string): string {
    return `${this.assetsBase}${name}`;
  }

  /** The blob name inside one of our own asset URLs, else null (so the screenshot renderer can read blobs directly). */
  nameOf(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    // Compared as URLs, so `HTTP://Host:80/…` is ours too; the query and fragment do not change the blob served.
    const base = new URL(this.assetsBase);
    if (parsed.origin !== base.origin || !parsed.pathname.startsWith(base.pathname)) return null;
    const name = parsed.pathname.slice(base.pathname.length);
    return parseBlobName(name) ? name : null;
  }
}
