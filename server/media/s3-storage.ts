/**
 * Uploads in an S3-compatible bucket (MEDIA_DRIVER=s3), so several machines share them. Keys are
 * random and never reused, so each object is stored with a year-long immutable Cache-Control and
 * browsers fetch it straight from the bucket's public URL (or MEDIA_PUBLIC_URL, a CDN before it).
 *
 * Path-style requests when an endpoint is given (MinIO, s3rver and most S3-compatible servers
 * need them); connection and request timeouts so a stalled bucket fails an upload instead of
 * hanging it; the SDK's standard retries (3 attempts). The credentials are given to the SDK only
 * and never logged: the client gets no logger.
 */
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3MediaConfig } from '../config';
import { assertSafeKey, type FileStorage } from './storage';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface S3StorageOptions {
  /** Milliseconds to open a connection (default 5 s). */
  connectionTimeoutMs?: number;
  /** Milliseconds a request may go without an answer (default 30 s: a 10 MB PDF on a slow link). */
  requestTimeoutMs?: number;
}

export class S3Storage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicBase: string;

  constructor(config: Omit<S3MediaConfig, 'driver'>, opts: S3StorageOptions = {}) {
    this.bucket = config.bucket;
    this.publicBase = config.publicBase.replace(/\/+$/, '');
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      maxAttempts: 3,
      requestHandler: { connectionTimeout: opts.connectionTimeoutMs ?? 5_000, requestTimeout: opts.requestTimeoutMs ?? 30_000 },
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
        // A PDF opens in the browser under its own name, as the local driver serves it.
        ...(key.endsWith('.pdf') ? { ContentDisposition: `inline; filename="${key.slice(key.lastIndexOf('/') + 1)}"` } : {}),
      }),
    );
  }

  async delete(key: string): Promise<void> {
    // Deleting a key that is not there succeeds in S3, as `rm --force` does on disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
      throw error;
    }
  }

  url(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
