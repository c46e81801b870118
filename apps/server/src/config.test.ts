import path from 'node:path';
import { INATIVIDADE_HORAS_PADRAO } from '@pulso/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PAGAMENTO_RETOMADA_PADRAO_MS, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.publicOrigin).toBe('http://localhost:3000');
  });

  it('takes a relative DATA_DIR from the directory npm start was typed in', () => {
    expect(loadConfig({ DATA_DIR: 'dados', INIT_CWD: '/srv/pulso' }).dataDir).toBe('/srv/pulso/dados');
    expect(loadConfig({ DATA_DIR: '/var/lib/pulso' }).dataDir).toBe('/var/lib/pulso');
  });

  it('derives PUBLIC_ORIGIN from PORT and strips a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://pulso.app.br/' }).publicOrigin).toBe('https://pulso.app.br');
  });

  it('treats empty DATABASE_URL and REDIS_URL as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', REDIS_URL: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
  });

  it('takes the support pseudo-doctor’s e-mail from SUPORTE_EMAIL, lower-cased, suporte@pulso.local by default', () => {
    expect(loadConfig({}).suporteEmail).toBe('suporte@pulso.local');
    expect(loadConfig({ SUPORTE_EMAIL: 'Equipe@Clinica.example' }).suporteEmail).toBe(
      'equipe@clinica.example',
    );
    expect(() => loadConfig({ SUPORTE_EMAIL: 'suporte' })).toThrow(/SUPORTE_EMAIL/);
  });

  it('seeds the demo doctors by default except in production, and SEED_DEMO decides when set', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('ends idle care sessions after ATENDIMENTO_INATIVIDADE_HORAS hours, 24 by default', () => {
    expect(loadConfig({}).inatividadeHoras).toBe(INATIVIDADE_HORAS_PADRAO);
    expect(INATIVIDADE_HORAS_PADRAO).toBe(24);
    expect(loadConfig({ ATENDIMENTO_INATIVIDADE_HORAS: '' }).inatividadeHoras).toBe(24);
    expect(loadConfig({ ATENDIMENTO_INATIVIDADE_HORAS: '48' }).inatividadeHoras).toBe(48);
    expect(loadConfig({ ATENDIMENTO_INATIVIDADE_HORAS: '0.5' }).inatividadeHoras).toBe(0.5);
    expect(loadConfig({ ATENDIMENTO_INATIVIDADE_HORAS: '8760' }).inatividadeHoras).toBe(8760);
    for (const bad of ['0', '-1', 'abc', '8761']) {
      expect(() => loadConfig({ ATENDIMENTO_INATIVIDADE_HORAS: bad })).toThrow(
        /ATENDIMENTO_INATIVIDADE_HORAS/,
      );
    }
  });

  it('takes a pendente charge over after PAGAMENTO_RETOMADA_SEGUNDOS, 120 s by default', () => {
    expect(loadConfig({}).pagamentoRetomadaMs).toBe(PAGAMENTO_RETOMADA_PADRAO_MS);
    expect(PAGAMENTO_RETOMADA_PADRAO_MS).toBe(120_000);
    expect(loadConfig({ PAGAMENTO_RETOMADA_SEGUNDOS: '' }).pagamentoRetomadaMs).toBe(120_000);
    expect(loadConfig({ PAGAMENTO_RETOMADA_SEGUNDOS: '2' }).pagamentoRetomadaMs).toBe(2000);
    expect(loadConfig({ PAGAMENTO_RETOMADA_SEGUNDOS: '0.5' }).pagamentoRetomadaMs).toBe(500);
    for (const bad of ['0', '-1', 'abc', '86401']) {
      expect(() => loadConfig({ PAGAMENTO_RETOMADA_SEGUNDOS: bad })).toThrow(/PAGAMENTO_RETOMADA_SEGUNDOS/);
    }
  });

  it('keeps the fault-test delays off by default and refuses them in production', () => {
    expect(loadConfig({}).testDelays).toEqual({ sandboxChargeMs: 0, storageWriteMs: 0 });
    expect(loadConfig({ SANDBOX_CHARGE_DELAY_MS: '5000', STORAGE_WRITE_DELAY_MS: '' }).testDelays).toEqual({
      sandboxChargeMs: 5000,
      storageWriteMs: 0,
    });
    expect(() => loadConfig({ STORAGE_WRITE_DELAY_MS: '-1' })).toThrow(/STORAGE_WRITE_DELAY_MS/);
    const production = {
      NODE_ENV: 'production',
      SANDBOX_CHARGE_DELAY_MS: '5000',
      STORAGE_WRITE_DELAY_MS: '1',
    };
    expect(() => loadConfig(production)).toThrow(
      /SANDBOX_CHARGE_DELAY_MS: test-only[\s\S]*STORAGE_WRITE_DELAY_MS: test-only/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SANDBOX_CHARGE_DELAY_MS: '0' }).testDelays.sandboxChargeMs,
    ).toBe(0);
  });

  it('takes the contact channels of /faqs from CONTATO_EMAIL and CONTATO_WHATSAPP, with safe defaults', () => {
    // Defaults: the support team's mailbox, and no WhatsApp number at all (none is ever made up).
    expect(loadConfig({}).contato).toEqual({ email: 'suporte@pulso.local', whatsapp: null });
    expect(loadConfig({ SUPORTE_EMAIL: 'Equipe@Clinica.example' }).contato.email).toBe(
      'equipe@clinica.example',
    );
    expect(loadConfig({ CONTATO_EMAIL: 'Contato@Pulso.app.br', CONTATO_WHATSAPP: '' }).contato).toEqual({
      email: 'contato@pulso.app.br',
      whatsapp: null,
    });
    expect(loadConfig({ CONTATO_EMAIL: '' }).contato.email).toBe('suporte@pulso.local');
    expect(loadConfig({ CONTATO_WHATSAPP: '5511987654321' }).contato.whatsapp).toBe('5511987654321');
    expect(loadConfig({ CONTATO_WHATSAPP: '11987654321' }).contato.whatsapp).toBe('5511987654321');
    expect(loadConfig({ CONTATO_WHATSAPP: '+55 (11) 3333-4444' }).contato.whatsapp).toBe('551133334444');
    for (const bad of ['123', '14155552671', '01987654321', 'whatsapp']) {
      expect(() => loadConfig({ CONTATO_WHATSAPP: bad }), bad).toThrow(/CONTATO_WHATSAPP/);
    }
    expect(() => loadConfig({ CONTATO_EMAIL: 'contato' })).toThrow(/CONTATO_EMAIL/);
  });

  it('uses the sandbox payment provider by default and stripe with its three keys', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ PAYMENT_PROVIDER: '' }).payments).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox', STRIPE_SECRET_KEY: 'sk_test_1' }).payments).toEqual({
      provider: 'sandbox',
    });
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('fails fast in stripe mode naming each missing or malformed Stripe key', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('loadConfig accepted the environment');
    };
    const none = message({ PAYMENT_PROVIDER: 'stripe' });
    expect(none).toMatch(/STRIPE_SECRET_KEY: required/);
    expect(none).toMatch(/STRIPE_PUBLISHABLE_KEY: required/);
    expect(none).toMatch(/STRIPE_WEBHOOK_SECRET: required/);
    const one = message({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: '',
    });
    expect(one).not.toMatch(/STRIPE_SECRET_KEY/);
    expect(one).toMatch(/STRIPE_PUBLISHABLE_KEY: required/);
    expect(one).toMatch(/STRIPE_WEBHOOK_SECRET: required/);
    // Swapped keys are caught before the first charge.
    const swapped = message({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(swapped).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(swapped).toMatch(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
    // Other invalid variables are named alongside.
    expect(message({ PAYMENT_PROVIDER: 'stripe', PORT: 'abc' })).toMatch(/PORT[\s\S]*STRIPE_SECRET_KEY/);
  });

  it('sheds overload past 256 requests in progress on PostgreSQL (no count bound on PGlite), or 1000 ms of wait', () => {
    expect(loadConfig({}).overload).toEqual({ maxInFlight: 0, maxEventLoopDelayMs: 1000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/pulso' }).overload.maxInFlight).toBe(256);
    expect(
      loadConfig({ OVERLOAD_MAX_IN_FLIGHT: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', DATABASE_URL: '' })
        .overload,
    ).toEqual({ maxInFlight: 0, maxEventLoopDelayMs: 0 });
    expect(loadConfig({ OVERLOAD_MAX_IN_FLIGHT: '' }).overload.maxInFlight).toBe(0);
    expect(() => loadConfig({ OVERLOAD_MAX_IN_FLIGHT: '-1' })).toThrow(/OVERLOAD_MAX_IN_FLIGHT/);
  });

  it('fails fast naming every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PUBLIC_ORIGIN: 'nope' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });
});
