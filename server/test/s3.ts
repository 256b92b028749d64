/** A local S3-compatible server (s3rver) on 127.0.0.1, an ephemeral port and a temporary folder, for MEDIA_DRIVER=s3 tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { S3MediaConfig } from '../config';
import { S3Storage } from '../media/s3-storage';

export interface TestS3 {
  config: S3MediaConfig;
  storage: S3Storage;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'haat-media'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any signature made with its own well-known key pair.
  const config: S3MediaConfig = { driver: 's3', endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', publicBase: `${endpoint}/${bucket}` };
  const storage = new S3Storage(config);
  return {
    config,
    storage,
    async keys() {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await (await storage.client()).send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        out.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return out.sort();
    },
    async close() {
      storage.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
