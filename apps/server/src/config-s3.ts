import type { S3Settings } from './platform/storage-s3.ts';

/** The variables that choose object storage (README "Configuração"; docs/operations-and-faults.md "Object storage"). */
export const S3_VARIABLES = [
  'S3_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

const DEFAULT_REGION = 'us-east-1';
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The bucket the files go to, or `undefined` for the disk (the embedded
 * default). Either `S3_URL` — `https://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…]`,
 * an S3-compatible service addressed by path — or `S3_BUCKET` with
 * `S3_ENDPOINT` (another service than AWS), `S3_REGION` (default
 * `us-east-1`), `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` (both or
 * neither: neither leaves the SDK's own chain) and `S3_FORCE_PATH_STYLE`
 * (default on with an endpoint). Each problem is pushed to `problems` as a
 * `  VARIABLE: message` line.
 */
export function s3SettingsOf(env: NodeJS.ProcessEnv, problems: string[]): S3Settings | undefined {
  const value = (name: (typeof S3_VARIABLES)[number]) => env[name]?.trim() || undefined;
  const url = value('S3_URL');
  if (url) return fromUrl(url, value('S3_REGION'), problems);
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    for (const name of S3_VARIABLES) {
      if (name !== 'S3_BUCKET' && value(name)) problems.push(`  ${name}: needs S3_BUCKET (or S3_URL)`);
    }
    return undefined;
  }
  if (!BUCKET.test(bucket))
    problems.push('  S3_BUCKET: not a bucket name (3–63 lower-case letters, digits, dots, hyphens)');
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    problems.push('  S3_ENDPOINT: must be http(s)://host[:port]');
  }
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    problems.push('  S3_ACCESS_KEY_ID: set it with S3_SECRET_ACCESS_KEY, or neither');
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE');
  if (pathStyle && !['true', 'false', '1', '0'].includes(pathStyle)) {
    problems.push('  S3_FORCE_PATH_STYLE: true or false');
  }
  return {
    bucket,
    region: value('S3_REGION') ?? DEFAULT_REGION,
    endpoint,
    forcePathStyle:
      pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true' || pathStyle === '1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

function fromUrl(text: string, region: string | undefined, problems: string[]): S3Settings | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.push('  S3_URL: not a URL (https://ACCESS_KEY:SECRET@host/bucket)');
    return undefined;
  }
  const bucket = url.pathname.split('/').filter(Boolean)[0];
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bucket || !BUCKET.test(bucket)) {
    problems.push('  S3_URL: must be http(s)://[ACCESS_KEY:SECRET@]host[:port]/bucket');
    return undefined;
  }
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    problems.push('  S3_URL: give both the access key and the secret, or neither');
  }
  return {
    bucket,
    region: url.searchParams.get('region') ?? region ?? DEFAULT_REGION,
    endpoint: `${url.protocol}//${url.host}`,
    forcePathStyle: true,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
