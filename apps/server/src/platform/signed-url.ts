import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { secretStoreFor } from './secrets.ts';

/** Name of the generated secret (a file under `DATA_DIR`, or a row of `app_secrets`) when `FILES_URL_SECRET` is not set. */
export const FILES_URL_SECRET_FILE = 'files-url-secret';

// 256 bits, hex: the same strength as an HMAC-SHA256 key needs.
const GENERATED_SECRET = /^[0-9a-f]{64}$/;

/**
 * The secret that signs file URLs (docs/architecture.md "Files": short-lived
 * signed URLs): `FILES_URL_SECRET` when set, else the generated one
 * (`platform/secrets.ts`: 256 random bits, created on first start and reused,
 * so a restart keeps the URLs already handed out valid) — on PostgreSQL one
 * row every node reads, so a URL one node signed opens through any other; on
 * PGlite `${dataDir}/files-url-secret` (mode 0600).
 */
export async function loadFilesUrlSecret({
  config,
  database,
}: {
  config: Pick<Config, 'dataDir' | 'filesUrlSecret'>;
  database: Pick<Database, 'kind' | 'db'>;
}): Promise<string> {
  if (config.filesUrlSecret) return config.filesUrlSecret;
  const secrets = secretStoreFor(database, config.dataDir);
  const secret = (
    await secrets.readOrCreate(FILES_URL_SECRET_FILE, () => `${randomBytes(32).toString('hex')}\n`)
  ).trim();
  if (!GENERATED_SECRET.test(secret)) throw new Error(`Invalid file URL secret (${FILES_URL_SECRET_FILE})`);
  return secret;
}

/** Signs and checks capability URLs of one kind of file (`purpose` keeps kinds apart). */
export interface UrlSigner {
  /**
   * The signature of `id` valid until `expires` (Unix seconds): HMAC-SHA256
   * over `purpose:id:expires`, base64url (43 characters).
   */
  sign(id: number, expires: number): string;
  /**
   * True when `signature` is this signer's for `id` and `expires` and
   * `expires` is still ahead of `now` (Unix seconds). Constant-time compare.
   */
  verify(id: number, expires: number, signature: string, now?: number): boolean;
}

/** A {@link UrlSigner} with `secret` for file URLs of `purpose` (e.g. `'timeline-anexo'`). */
export function createUrlSigner(secret: string, purpose: string): UrlSigner {
  const sign = (id: number, expires: number) =>
    createHmac('sha256', secret).update(`${purpose}:${id}:${expires}`).digest('base64url');
  return {
    sign,
    verify(id, expires, signature, now = Math.floor(Date.now() / 1000)) {
      if (!Number.isSafeInteger(id) || !Number.isSafeInteger(expires) || expires <= now) return false;
      const expected = Buffer.from(sign(id, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
