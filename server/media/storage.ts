/**
 * Where uploaded and generated files live. The local-disk driver writes under
 * `$DATA_DIR/media`; the S3 driver (s3-storage.ts) keeps them in a bucket several servers
 * share. Keys are made by the server (`products/1a2b…-card.webp`), never from a client's
 * file name.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The URL the file is served at: a path on the shop (local disk) or an absolute URL (S3). */
  url(key: string): string;
}

export const MEDIA_URL_PREFIX = '/media/';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|pdf|png|jpg|svg)$/;

/** Every driver refuses a key the server could not have made (a path, an odd extension). */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, assertSafeKey(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  url(key: string): string {
    return `${MEDIA_URL_PREFIX}${key}`;
  }
}
