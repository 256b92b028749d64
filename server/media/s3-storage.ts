/**
 * Uploads in an S3-compatible bucket (MEDIA_DRIVER=s3), so several machines share them. Keys are
 * random and never reused, so each object is stored with a year-long immutable Cache-Control and
 * browsers fetch it straight from the bucket's public URL (or MEDIA_PUBLIC_URL, a CDN before it).
 *
 * Path-style requests when an endpoint is given (MinIO, s3rver and most S3-compatible servers
 * need them); connection and request timeouts so a stalled bucket fails an upload instead of
 * hanging it; the SDK's standard retries (3 attempts). The credentials are given to the SDK only
 * and never logged: the client gets no logger.
 *
 * The AWS SDK is imported on the first call to the bucket, not at start (about 5 MB resident, and
 * 20 MB alone): a shop with its media on disk never loads it.
 */
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3MediaConfig } from '../config';
import { assertSafeKey, type FileStorage } from './storage';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface S3StorageOptions {
  /** Milliseconds to open a connection (default 5 s). */
  connectionTimeoutMs?: number;
  /** Milliseconds a request may go without an answer (default 30 s: a 10 MB PDF on a slow link). */
  requestTimeoutMs?: number;
}

let sdk: Promise<typeof S3Sdk> | null = null;

/** The SDK, imported once on first use. */
function loadSdk(): Promise<typeof S3Sdk> {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
}

export class S3Storage implements FileStorage {
  readonly bucket: string;
  private readonly publicBase: string;
  private connected: Promise<{ sdk: typeof S3Sdk; client: S3Client }> | null = null;

  constructor(
    private readonly config: Omit<S3MediaConfig, 'driver'>,
    private readonly opts: S3StorageOptions = {},
  ) {
    this.bucket = config.bucket;
    this.publicBase = config.publicBase.replace(/\/+$/, '');
  }

  /** The SDK and this bucket's client, made on the first call. */
  private connect(): Promise<{ sdk: typeof S3Sdk; client: S3Client }> {
    const { config, opts } = this;
    this.connected ??= loadSdk().then((s3) => ({
      sdk: s3,
      client: new s3.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        maxAttempts: 3,
        requestHandler: { connectionTimeout: opts.connectionTimeoutMs ?? 5_000, requestTimeout: opts.requestTimeoutMs ?? 30_000 },
      }),
    }));
    return this.connected;
  }

  /** The bucket's client (tests list the bucket with it). */
  async client(): Promise<S3Client> {
    return (await this.connect()).client;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { sdk: s3, client } = await this.connect();
    await client.send(
      new s3.PutObjectCommand({
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
    assertSafeKey(key);
    const { sdk: s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    const { sdk: s3, client } = await this.connect();
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
      throw error;
    }
  }

  url(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  /** Closes the client's connections (none were opened if the bucket was never called). */
  close(): void {
    void this.connected?.then(({ client }) => client.destroy());
  }
}
