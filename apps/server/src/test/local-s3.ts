import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../platform/storage-s3.ts';
import { freePort } from './faults.ts';

/** A local S3-compatible server with one bucket, as the storage tests use it. */
export interface LocalS3 {
  /** What `s3Storage` takes to reach the bucket. */
  settings: S3Settings;
  /** The same as a server's `S3_URL`. */
  url: string;
  /** Makes another, empty bucket on the same server: its settings and its `S3_URL`. */
  addBucket(name: string): Promise<{ settings: S3Settings; url: string }>;
  /** Stops the server and deletes what it stored. */
  close(): Promise<void>;
}

/**
 * Starts `s3rver` on a free loopback port with `bucket` made, its data in a
 * temporary folder (docs/operations-and-faults.md "Object storage"). s3rver
 * checks signatures against its own fixed keys, `S3RVER`/`S3RVER`.
 */
export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'pulso-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  const settingsOf = (name: string): S3Settings => ({
    bucket: name,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const urlOf = (name: string) => `http://S3RVER:S3RVER@127.0.0.1:${port}/${name}`;
  return {
    settings: settingsOf(bucket),
    url: urlOf(bucket),
    addBucket: async (name) => {
      const settings = settingsOf(name);
      const client = new S3Client({ ...settings, credentials: settings.credentials });
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
      return { settings, url: urlOf(name) };
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
