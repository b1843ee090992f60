import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BlobStore } from './blob-store.js';

/** Blobs as files under one directory, sharded by the first two hex digits: `<dir>/ab/ab12….png`. */
export class LocalBlobStore extends BlobStore {
  constructor(
    private readonly dir: string,
    publicBaseUrl: string,
  ) {
    super(publicBaseUrl);
  }

  protected async write(name: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(name);
    if (!(await exists(path))) {
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so readers never see a partial blob; concurrent puts of the same
      // bytes each rename their own complete copy over the same name.
      const partial = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    }
  }

  protected async read(name: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.pathOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Only for valid blob names (BlobStore checks them): they cannot leave the directory. */
  private pathOf(name: string): string {
    return join(this.dir, name.slice(0, 2), name);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
