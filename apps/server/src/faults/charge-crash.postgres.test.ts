import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAGAMENTO_MESSAGES } from '@pulso/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { app_secrets, creditos, payments, qrcode_orders, sandbox_charges } from '../db/schema/index.ts';
import { paymentKey } from '../modules/pagamentos/payments.read.ts';
import { createSharedDatabase, type ServerProcess, startServer, until } from '../test/cluster.ts';
import { call, freePort, register } from '../test/faults.ts';

// Fault suite, PostgreSQL (docs/operations-and-faults.md "Fault tests"): a real server killed with
// SIGKILL while three charges are in flight — the sandbox has charged them and answers late (the
// test-only SANDBOX_CHARGE_DELAY_MS) — and a fresh server that takes them over once the window
// (PAGAMENTO_RETOMADA_SEGUNDOS, 2 s here) has passed. The shared PostgreSQL is only used as a
// database here (a fresh one), never stopped.

let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
let database: Database;
const servers: ServerProcess[] = [];
const root = mkdtempSync(path.join(tmpdir(), 'pulso-charge-crash-'));
// A DATA_DIR that does not exist yet: with DATABASE_URL the server creates it (it once failed writing vapid.json there).
const dataDir = path.join(root, 'nao-existe', 'data');

beforeAll(async () => {
  shared = await createSharedDatabase();
  database = await openDatabase({ databaseUrl: shared.url, pgliteDir: null });
}, 60_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await database?.close();
  await shared?.drop();
  rmSync(root, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({
  DATABASE_URL: shared.url,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  PAGAMENTO_RETOMADA_SEGUNDOS: '2',
  ...extra,
});

describe('fault suite: kill -9 during charges (PostgreSQL)', () => {
  it('takes over every charge the dead server left pendente: charged once at the provider, granted once, no stuck key', async () => {
    const dying = await startServer(await freePort(), env({ SANDBOX_CHARGE_DELAY_MS: '600000' }), 120_000);
    servers.push(dying);
    // DATA_DIR made (the files live there); the VAPID keys kept once for every node, in the database.
    expect(existsSync(dataDir)).toBe(true);
    expect(await database.db.select({ name: app_secrets.name }).from(app_secrets)).toContainEqual({
      name: 'vapid.json',
    });

    const ana = await register(dying.origin);
    expect(ana.status).toBe(201);
    const token = ana.token as string;
    const userId = (ana.body as { user: { id: number; code: string } }).user.id;
    const pm = await call(dying.origin, 'POST', '/api/sandbox/payment-methods', {
      token,
      body: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2031, cvc: '123' },
    });
    expect(pm.status).toBe(200);
    const paymentMethod = (pm.body as { id: string }).id;

    const buy = (origin: string, key: string) =>
      call(origin, 'PUT', '/api/telemedicina/purchase/atendimento', {
        token,
        body: { payment_method: paymentMethod },
        headers: { 'idempotency-key': key },
      });
    const order = (origin: string, key: string) =>
      call(origin, 'PUT', '/api/qrcode/purchase', {
        token,
        body: {
          endereco: 'Rua das Flores, 100',
          bairro: 'Centro',
          cidade: { id: 3550308, descricao: 'São Paulo - SP' },
          cep: '01310-100',
          complemento: null,
          payment_method: paymentMethod,
        },
        headers: { 'idempotency-key': key },
      });
    const keys = {
      atendimento: ['crash-atendimento-0001', 'crash-atendimento-0002'],
      pedido: ['crash-pedido-0001'],
    };
    const stored = [
      ...keys.atendimento.map((k) => paymentKey(userId, 'atendimento', k)),
      ...keys.pedido.map((k) => paymentKey(userId, 'pedido', k)),
    ];
    const inFlight = [
      ...keys.atendimento.map((k) => buy(dying.origin, k)),
      ...keys.pedido.map((k) => order(dying.origin, k)),
    ].map((p) =>
      p.then(
        () => 'answered' as const,
        () => 'cut' as const,
      ),
    );
    const charged = () =>
      database.db.select().from(sandbox_charges).where(inArray(sandbox_charges.idempotency_key, stored));
    // The provider has charged all three; their answers are still on the way.
    await until(async () => (await charged()).length === 3, 60_000);
    dying.child.kill('SIGKILL');
    await dying.exited;
    expect(await Promise.all(inFlight)).toEqual(['cut', 'cut', 'cut']);
    const left = await database.db.select().from(payments).where(eq(payments.user_id, userId));
    expect(left.map((p) => p.status)).toEqual(['pendente', 'pendente', 'pendente']);

    const next = await startServer(await freePort(), env(), 120_000);
    servers.push(next);
    // The window has passed (the restart alone takes longer); the same keys are retried.
    await until(async () => (await buy(next.origin, keys.atendimento[0] as string)).status !== 409, 30_000);
    for (const key of keys.atendimento) {
      const answer = await buy(next.origin, key);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ message: PAGAMENTO_MESSAGES.paid });
    }
    for (const key of keys.pedido) {
      const answer = await order(next.origin, key);
      expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
      // Asked again: the same order, nothing new (200).
      expect((await order(next.origin, key)).status).toBe(200);
    }

    const paid = await database.db.select().from(payments).where(eq(payments.user_id, userId));
    expect(paid.map((p) => p.status)).toEqual(['pago', 'pago', 'pago']);
    const atProvider = await charged();
    expect(atProvider).toHaveLength(3);
    expect(new Set(paid.map((p) => p.provider_payment_id))).toEqual(new Set(atProvider.map((c) => c.id)));
    expect(await database.db.select().from(creditos).where(eq(creditos.user_id, userId))).toHaveLength(2);
    expect(
      await database.db.select().from(qrcode_orders).where(eq(qrcode_orders.user_id, userId)),
    ).toHaveLength(1);
    const me = await call(next.origin, 'GET', '/api/telemedicina/purchase/atendimento', { token });
    expect(me.body).toMatchObject({ user: { hasCredit: true } });
  }, 240_000);
});
