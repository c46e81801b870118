import path from 'node:path';
import type { Config } from '../config.ts';
import { type DiskStorageOptions, diskStorage, type Storage } from './storage.ts';
import { s3Storage } from './storage-s3.ts';

/**
 * The server's storage for uploaded files (docs/architecture.md "Files"): the
 * bucket of `S3_URL`/`S3_BUCKET` when configured, else `DATA_DIR/files` on
 * this machine's disk. Throws when the bucket cannot be reached.
 */
export async function openStorage(
  config: Pick<Config, 's3' | 'dataDir'>,
  diskOptions: DiskStorageOptions = {},
): Promise<Storage> {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'files'), diskOptions);
}
