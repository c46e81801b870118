import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INATIVIDADE_HORAS_PADRAO, normalizeWhatsapp } from '@pulso/domain';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root, for the embedded defaults that point inside it. */
export const REPO_ROOT = path.resolve(here, '../../..');

/** An optional secret whose form `prefix` checks; empty counts as unset. */
function optionalKey(prefix: RegExp, message: string) {
  return z
    .string()
    .trim()
    .regex(prefix, message)
    .optional()
    .or(z.literal('').transform(() => undefined));
}

/**
 * Default of {@link Config.pagamentoRetomadaMs}: 2 minutes, longer than any
 * provider call with its retries (docs/operations-and-faults.md).
 */
export const PAGAMENTO_RETOMADA_PADRAO_MS = 2 * 60 * 1000;

/** A test-only delay in milliseconds (0 to 10 minutes; empty or unset: none). */
const testDelay = z
  .union([z.literal('').transform(() => 0), z.coerce.number().int().min(0).max(600_000)])
  .default(0);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * Every environment variable Pulso reads, with its embedded default
 * (README "Configuração"). No other file reads `process.env`.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  // Set by npm to the directory `npm start` was typed in; relative paths are taken from there.
  INIT_CWD: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_ORIGIN: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag,
  WEB_DIST: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Pulso <nao-responda@pulso.local>'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:suporte@pulso.local'),
  // Signs the short-lived URLs of stored files; several API nodes must share one.
  FILES_URL_SECRET: z
    .string()
    .min(32, 'must have at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CODE_PER_MINUTE: z.coerce.number().int().positive().default(60),
  // Wrong passwords per client address in 15 minutes before POST /api/login answers 429 (docs/auth-security.md).
  RATE_LIMIT_LOGIN_FAILURES: z.coerce.number().int().positive().default(30),
  // Overload shedding (docs/resilience.md "Overload"); 0 turns a bound off.
  OVERLOAD_MAX_IN_FLIGHT: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0)])
    .optional(),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  // Hours without a message after which an A care session ends as ET (RULINGS.md "Inactivity").
  ATENDIMENTO_INATIVIDADE_HORAS: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().positive().max(8760)])
    .optional(),
  // Unset or empty: on, except in production.
  SEED_DEMO: z.enum(['true', 'false', '1', '0', '']).optional(),
  // The support pseudo-doctor's sign-in e-mail: the team's mailbox, where its password-reset link goes.
  SUPORTE_EMAIL: z.email('must be an e-mail address').default('suporte@pulso.local'),
  // Contact channels of /faqs: an e-mail (default SUPORTE_EMAIL) and an optional WhatsApp number.
  CONTATO_EMAIL: z
    .email('must be an e-mail address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTATO_WHATSAPP: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const digits = normalizeWhatsapp(v);
      if (!digits) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a Brazilian phone number: DDD and number, optionally after 55 (e.g. 5511987654321)',
        });
        return z.NEVER;
      }
      return digits;
    }),
  // The card payment provider (issue 8 "Payment providers"); `stripe` needs the three STRIPE_* keys.
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'stripe', ''])
    .optional()
    .transform((v) => (v === 'stripe' ? 'stripe' : 'sandbox')),
  STRIPE_SECRET_KEY: optionalKey(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)'),
  STRIPE_PUBLISHABLE_KEY: optionalKey(/^pk_/, 'must be a Stripe publishable key (pk_…)'),
  STRIPE_WEBHOOK_SECRET: optionalKey(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)'),
  // Seconds a `pendente` charge is left to its request before its key may take it over
  // (docs/operations-and-faults.md "The charge takeover window").
  PAGAMENTO_RETOMADA_SEGUNDOS: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().positive().max(86_400)])
    .optional(),
  // Test-only fault hooks (docs/operations-and-faults.md "Fault tests"); refused in production.
  SANDBOX_CHARGE_DELAY_MS: testDelay,
  STORAGE_WRITE_DELAY_MS: testDelay,
});

/** The test-only delays; refused when `NODE_ENV=production`. */
const TEST_DELAYS = ['SANDBOX_CHARGE_DELAY_MS', 'STORAGE_WRITE_DELAY_MS'] as const;

/** The Stripe keys `PAYMENT_PROVIDER=stripe` needs, each named when missing. */
const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/**
 * The card payment provider's configuration (issue 8 "Payment providers";
 * RULINGS.md "Payments"): the offline `sandbox` (default), or `stripe` with
 * its secret key (server calls), publishable key (the browser's Stripe
 * Elements) and webhook signing secret (`POST /api/webhooks/stripe`).
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
   * `INATIVIDADE_HORAS_PADRAO` = 24; RULINGS.md "Inactivity").
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
  };
}
