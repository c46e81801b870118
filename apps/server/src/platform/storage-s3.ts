import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type Storage } from './storage.ts';

/** Where the bucket is (`config.ts` reads it from `S3_URL` or the `S3_*` variables). */
export interface S3Settings {
  bucket: string;
  /** Region of the bucket (`S3_REGION`; AWS's default `us-east-1`). */
  region: string;
  /** Another S3-compatible service's URL (`S3_ENDPOINT`: MinIO, Ceph, R2, a local test server); AWS when absent. */
  endpoint: string | undefined;
  /** Addresses the bucket in the path (`http://host/bucket/key`) rather than the host name: most S3-compatible services need it. */
  forcePathStyle: boolean;
  /** Keys (`S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`); when absent the SDK's own chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Storage in an S3 bucket, for nodes that share their files
 * (docs/architecture.md "Files"; docs/operations-and-faults.md "Object storage"), with the
 * official AWS SDK v3, loaded only in this mode. The bucket stays private:
 * files are served through the app's authorised routes and signed links as
 * from the disk, never by a public bucket URL. Checksums are asked and
 * checked only where S3 requires them, which S3-compatible services accept.
 * A missing object reads as `null`; deleting one that is gone is not an error.
 * Throws when the bucket cannot be reached at start (HeadBucket).
 */
export async function s3Storage(settings: S3Settings): Promise<Storage> {
  const sdk = await import('@aws-sdk/client-s3');
  const client: S3Client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  // Fail at start, naming the bucket, rather than at the first upload.
  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket }));
  } catch (error) {
    throw new Error(
      `S3 bucket ${Bucket} is not reachable: ${(error as Error).name} ${(error as Error).message}`,
    );
  }
  return {
    async put(key, bytes) {
      assertSafeKey(key);
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (
          error instanceof sdk.NoSuchKey ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        ) {
          return null;
        }
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *keys() {
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      }
    },
  };
}
