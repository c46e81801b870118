import { normalizeWhatsapp } from '@pulso/domain';
import { z } from 'zod';

/**
 * What the environment may say (README "Configuração"): every variable with
 * its embedded default and its check. `loadConfig` (config.ts) parses it
 * once into the typed `Config` the server receives.
 */

/** An optional secret whose form `prefix` checks; empty counts as unset. */
function optionalKey(prefix: RegExp, message: string) {
  return z
    .string()
    .trim()
    .regex(prefix, message)
    .optional()
    .or(z.literal('').transform(() => undefined));
}

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
export const EnvSchema = z.object({
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
  // Bearer token that lets GET /metrics be read from elsewhere than this machine (docs/operations-and-faults.md "Metrics").
  METRICS_TOKEN: z
    .string()
    .min(32, 'must have at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
  // Hours without a message after which an A care session ends as ET (docs/api/telemedicina.md "Ending a session and inactivity").
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
export const TEST_DELAYS = ['SANDBOX_CHARGE_DELAY_MS', 'STORAGE_WRITE_DELAY_MS'] as const;

/** The Stripe keys `PAYMENT_PROVIDER=stripe` needs, each named when missing. */
export const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
