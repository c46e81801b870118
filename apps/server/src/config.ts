import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INATIVIDADE_HORAS_PADRAO } from '@pulso/domain';
import { EnvSchema, STRIPE_KEYS, TEST_DELAYS } from './config-env.ts';
import { s3SettingsOf } from './config-s3.ts';
import type { S3Settings } from './platform/storage-s3.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root, for the embedded defaults that point inside it. */
export const REPO_ROOT = path.resolve(here, '../../..');

/**
 * Default of {@link Config.pagamentoRetomadaMs}: 2 minutes, longer than any
 * provider call with its retries (docs/operations-and-faults.md).
 */
export const PAGAMENTO_RETOMADA_PADRAO_MS = 2 * 60 * 1000;

/**
 * The card payment provider's configuration (issue 8 "Payment providers";
 * docs/api/pagamentos.md "Provider"): the offline `sandbox` (default), or
 * `stripe` with its secret key (server calls), publishable key (the
 * browser's Stripe Elements) and webhook signing secret
 * (`POST /api/webhooks/stripe`).
 */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };

/** The parsed configuration every part of the server receives. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite database, files, dev outbox). */
  dataDir: string;
  /** PostgreSQL URL; `undefined` selects embedded PGlite under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Redis URL; `undefined` keeps rate-limit counters (and later realtime) in-process. */
  redisUrl: string | undefined;
  /** Origin the QR codes and links point to, without a trailing slash. */
  publicOrigin: string;
  logLevel: string;
  trustProxy: boolean;
  /** Absolute path of the built SPA, served at `/`. */
  webDist: string;
  /**
   * Per-address limits: `authPerMinute` requests to register, password
   * recovery and settings; `codePerMinute` public code lookups;
   * `loginFailuresPerAddress` wrong passwords at `POST /api/login` in 15
   * minutes (`RATE_LIMIT_LOGIN_FAILURES`, default 30; docs/auth-security.md).
   */
  rateLimit: { authPerMinute: number; codePerMinute: number; loginFailuresPerAddress: number };
  /**
   * Overload shedding (docs/resilience.md "Overload"): past `maxInFlight`
   * requests in progress (`OVERLOAD_MAX_IN_FLIGHT`; default 256 on
   * PostgreSQL, off on PGlite), or an event loop busy — or, on PGlite, a
   * query waiting — for over `maxEventLoopDelayMs`
   * (`OVERLOAD_MAX_EVENT_LOOP_DELAY_MS`, default 1000), new requests get a
   * prompt 503 with `Retry-After`; the scan of a code is admitted up to
   * twice either bound. 0 turns a bound off.
   */
  overload: { maxInFlight: number; maxEventLoopDelayMs: number };
  /**
   * Secret of the signed file URLs (`FILES_URL_SECRET`); when absent it is
   * generated into `dataDir/files-url-secret` on first start (see `platform/signed-url.ts`).
   */
  filesUrlSecret: string | undefined;
  /**
   * Bearer token of `GET /metrics` (`METRICS_TOKEN`, ≥ 32 characters); when
   * absent only a request made on this machine, not through a proxy, reads them.
   */
  metricsToken: string | undefined;
  /** Outgoing mail: real SMTP when `smtpUrl` is set, else the dev outbox under `dataDir/mail`. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Web Push VAPID keys; when absent they are generated into `dataDir` on first start. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** Seed the fictitious demo doctors at start (`SEED_DEMO`; default on unless production). */
  seedDemo: boolean;
  /**
   * E-mail of the support pseudo-doctor's account (`SUPORTE_EMAIL`): the
   * support team sets its password through 'Esqueci minha senha' and answers
   * at /medico.
   */
  suporteEmail: string;
  /**
   * Hours without a message after which an A care session ends as ET
   * (`ATENDIMENTO_INATIVIDADE_HORAS`, > 0, fractions allowed, ≤ 8760; default
   * `INATIVIDADE_HORAS_PADRAO` = 24;
   * docs/api/telemedicina.md "Ending a session and inactivity").
   */
  inatividadeHoras: number;
  /**
   * Contact channels shown on /faqs (`GET /api/faqs` `contato`): `email`
   * from `CONTATO_EMAIL` (default: {@link Config.suporteEmail}, the support
   * team's mailbox), lower-cased; `whatsapp` from `CONTATO_WHATSAPP` as
   * international digits (`5511987654321`), or `null` when unset: no number
   * is ever made up, so without it no WhatsApp link is shown.
   */
  contato: { email: string; whatsapp: string | null };
  /**
   * The card payment provider (`PAYMENT_PROVIDER`: `sandbox` by default;
   * `stripe` requires `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY` and
   * `STRIPE_WEBHOOK_SECRET`, the start fails naming each one missing).
   */
  payments: PaymentsConfig;
  /**
   * How long a `pendente` charge is left to the request that made it before
   * a request with the same key takes it over, in ms
   * (`PAGAMENTO_RETOMADA_SEGUNDOS`, > 0, fractions allowed, ≤ 86400; default
   * {@link PAGAMENTO_RETOMADA_PADRAO_MS} = 120 s; docs/operations-and-faults.md "The charge
   * takeover window"). Longer than any provider call with its retries.
   */
  pagamentoRetomadaMs: number;
  /**
   * Test-only fault hooks, in ms (0: off; refused when `NODE_ENV=production`):
   * `sandboxChargeMs` (`SANDBOX_CHARGE_DELAY_MS`) makes the sandbox provider
   * answer a charge this late, after recording it; `storageWriteMs`
   * (`STORAGE_WRITE_DELAY_MS`) pauses disk storage halfway through a file
   * (docs/operations-and-faults.md "Fault tests").
   */
  testDelays: { sandboxChargeMs: number; storageWriteMs: number };
  /**
   * Object storage for the uploaded files (`S3_URL` or `S3_BUCKET` and the
   * other `S3_*`; `config-s3.ts`), or `undefined`: the disk, `dataDir/files`.
   */
  s3: S3Settings | undefined;
}

/** Thrown when the environment is invalid; lists each bad variable. */
export class ConfigError extends Error {}

/** Parses `env` once; throws `ConfigError` naming every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const key of STRIPE_KEYS) {
      if (!env[key]?.trim()) lines.push(`  ${key}: required when PAYMENT_PROVIDER=stripe`);
    }
  }
  if (env.NODE_ENV === 'production') {
    for (const key of TEST_DELAYS) {
      if (env[key]?.trim() && Number(env[key]) !== 0)
        lines.push(`  ${key}: test-only, not allowed in production`);
    }
  }
  const s3 = s3SettingsOf(env, lines);
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR
      ? path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR)
      : path.join(REPO_ROOT, 'data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST
      ? path.resolve(e.INIT_CWD ?? process.cwd(), e.WEB_DIST)
      : path.join(REPO_ROOT, 'apps/web/dist'),
    rateLimit: {
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      codePerMinute: e.RATE_LIMIT_CODE_PER_MINUTE,
      loginFailuresPerAddress: e.RATE_LIMIT_LOGIN_FAILURES,
    },
    overload: {
      // On PGlite the wait for the database is measured directly (db/turns.ts): no bound on the count.
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT ?? (e.DATABASE_URL ? 256 : 0),
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    },
    filesUrlSecret: e.FILES_URL_SECRET,
    metricsToken: e.METRICS_TOKEN,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    suporteEmail: e.SUPORTE_EMAIL.toLowerCase(),
    seedDemo:
      e.SEED_DEMO === undefined || e.SEED_DEMO === ''
        ? e.NODE_ENV !== 'production'
        : e.SEED_DEMO === 'true' || e.SEED_DEMO === '1',
    inatividadeHoras: e.ATENDIMENTO_INATIVIDADE_HORAS ?? INATIVIDADE_HORAS_PADRAO,
    contato: {
      email: (e.CONTATO_EMAIL ?? e.SUPORTE_EMAIL).toLowerCase(),
      whatsapp: e.CONTATO_WHATSAPP,
    },
    payments:
      e.PAYMENT_PROVIDER === 'stripe' &&
      e.STRIPE_SECRET_KEY &&
      e.STRIPE_PUBLISHABLE_KEY &&
      e.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : { provider: 'sandbox' },
    pagamentoRetomadaMs:
      e.PAGAMENTO_RETOMADA_SEGUNDOS === undefined
        ? PAGAMENTO_RETOMADA_PADRAO_MS
        : Math.round(e.PAGAMENTO_RETOMADA_SEGUNDOS * 1000),
    testDelays: { sandboxChargeMs: e.SANDBOX_CHARGE_DELAY_MS, storageWriteMs: e.STORAGE_WRITE_DELAY_MS },
    s3,
  };
}
