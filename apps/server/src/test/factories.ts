import { createECDH, randomBytes, randomInt } from 'node:crypto';
import type { StaffRole, UserView } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { profissionais, timeline_items, users, virgin_codes } from '../db/schema/index.ts';
import { createStaffAccount } from '../modules/admin/staff.service.ts';
import { hashPassword } from '../modules/auth/auth.service.ts';
import type { TestApp } from './harness.ts';

/**
 * Test factories of accounts (bodies, patients, staff) and of what a
 * patient's account holds. Doctors, plans, credits, passes and sessions:
 * telemedicina-factories.ts.
 */

let sequence = 0;

/** The next number of this run's sequence (1, 2, …): unique names, e-mails and CRMs. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/** A valid registration body; `overrides` replace fields. */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  const n = nextSequence();
  return {
    name: `Maria da Silva ${n}`,
    telefone: '11987654321',
    email: `maria${n}.${Date.now()}@exemplo.com.br`,
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

/** Registers an emergency-professional credential for an account (issue 7 builds /profissional). */
export async function createProfissional(
  db: Db,
  userId: number,
  overrides: Partial<typeof profissionais.$inferInsert> = {},
): Promise<void> {
  await db.insert(profissionais).values({ user_id: userId, tipo: 'S', numero: '12345', ...overrides });
}

/** Inserts a timeline record for a patient (issue 5 builds the routes); answers its id. */
export async function createTimelineItem(
  db: Db,
  userId: number,
  overrides: Partial<typeof timeline_items.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(timeline_items)
    .values({ user_id: userId, tipo: 1, data: '2026-10-01', descricao: 'Consulta de rotina', ...overrides })
    .returning({ id: timeline_items.id });
  if (!row) throw new Error('timeline item not created');
  return row.id;
}

/**
 * A staff account of `role` (issue 9), made by the service `npm run
 * admin:create` uses, signed in through `POST /api/login`: its token's headers.
 */
export async function createStaff(
  t: TestApp,
  role: StaffRole = 'admin',
  email = `${role}${randomInt(1_000_000)}@pulso.test`,
): Promise<{ userId: number; email: string; auth: { authorization: string } }> {
  const password = 'senha-da-equipe-1';
  const userId = await createStaffAccount(t.database.db, {
    name: role === 'admin' ? 'Ana Admin' : 'Sérgio Suporte',
    email,
    passwordHash: await hashPassword(password),
    role,
  });
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.statusCode} ${login.body}`);
  return { userId, email, auth: { authorization: `Bearer ${(login.json() as { token: string }).token}` } };
}
