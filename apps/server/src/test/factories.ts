import { createECDH, randomBytes } from 'node:crypto';
import type { UserView } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { users, virgin_codes } from '../db/schema/index.ts';
import type { TestApp } from './harness.ts';

let sequence = 0;

/** A valid registration body; `overrides` replace fields. */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Maria da Silva ${sequence}`,
    telefone: '11987654321',
    email: `maria${sequence}.${Date.now()}@exemplo.com.br`,
    password: 'senha-segura-1',
    password_confirmation: 'senha-segura-1',
    terms: true,
    newsletter: false,
    ...overrides,
  };
}

/** Registers a patient through `POST /api/register`; answers the token and user. */
export async function createPatient(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; user: UserView; password: string; auth: { authorization: string } }> {
  const body = registrationBody(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json() as { token: string; user: UserView };
  return { token, user, password: body.password, auth: { authorization: `Bearer ${token}` } };
}

/** Inserts unclaimed sticker codes (admin batches arrive with issue 9). */
export async function createVirginCodes(t: TestApp, codes: string[]): Promise<void> {
  await t.database.db.insert(virgin_codes).values(codes.map((code) => ({ code, batch: 'test' })));
}

/** A full set of emergency data (every `pessoal`, `caracteristicas`, `geral` and `outras` column). */
export const EMERGENCY_DATA = {
  contato: 'João Pereira',
  contato_telefone: '11912345678',
  contato_relacao: 'C',
  peso: 68.5,
  altura: 1.65,
  cor: 3,
  olhos: 2,
  sinal: 'Cicatriz no joelho esquerdo',
  nascimento: '1980-05-17',
  sexo: 'F',
  sangue: 8,
  endereco: 'Rua das Flores, 100',
  bairro: 'Centro',
  cidade_id: 3550308,
  complemento: 'Apto 12',
  doador: 'S',
  adicional: 'Texto da aba Minha Saúde: nunca sai na aba de emergência',
} satisfies Partial<typeof users.$inferInsert>;

/**
 * Writes a patient's emergency data straight into `users` (independent of the
 * `/home` PUT routes); `overrides` replace fields of {@link EMERGENCY_DATA}.
 */
export async function fillEmergencyData(
  db: Db,
  userId: number,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<void> {
  await db
    .update(users)
    .set({ ...EMERGENCY_DATA, ...overrides })
    .where(eq(users.id, userId));
}

/** Marks a patient's e-mail as confirmed (what following the verification mail does; issue 3). */
export async function verifyEmail(db: Db, userId: number, at: Date = new Date()): Promise<void> {
  await db.update(users).set({ email_verified_at: at }).where(eq(users.id, userId));
}

/**
 * A browser's serialised push subscription (`PushSubscription.toJSON()`) with
 * real P-256 keys, as `POST /api/device` receives it in `firebase_token`.
 * Answers the JSON text and the receiver's ECDH key and auth secret (to decrypt).
 */
export function pushSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const json = JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  });
  return { json, endpoint, ecdh, authSecret };
}
