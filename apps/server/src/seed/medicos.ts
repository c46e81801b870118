import { randomBytes } from 'node:crypto';
import { once } from '@pulso/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  clinicas,
  especialidades,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  users,
} from '../db/schema/index.ts';
import { searchKey } from '../db/search-key.ts';
import { hashPassword } from '../modules/auth/auth.service.ts';
import { drawFreeCode } from '../modules/auth/registration.ts';
import { DEMO_DOCTORS, type DemoDoctor } from './medicos-demo.ts';

/**
 * An account nobody can sign in to: the argon2id hash of 32 random bytes that
 * are thrown away. A demo doctor becomes usable only through password recovery.
 * Made once per process and shared by the accounts it seeds: a hash per account
 * cost a fresh start one argon2 run per demo doctor (docs/performance.md "Start-up").
 */
const unusablePasswordHash = once(() => hashPassword(randomBytes(32).toString('base64url')));

/** Finds or creates the clinic `nome` in `cidadeId` (unique by search key and city); answers its id. */
async function clinicaId(tx: Db, nome: string, cidadeId: number): Promise<number> {
  const busca = searchKey(nome);
  await tx.insert(clinicas).values({ nome, busca, cidade_id: cidadeId }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: clinicas.id })
    .from(clinicas)
    .where(and(eq(clinicas.busca, busca), eq(clinicas.cidade_id, cidadeId)))
    .limit(1);
  if (!row) throw new Error(`clinic ${nome} not found after insert`);
  return row.id;
}

/**
 * Creates one demo doctor in a single transaction, unless its e-mail already
 * has an account. An existing account is never turned into a doctor: it was
 * either seeded before (complete, thanks to the transaction) or belongs to
 * someone who registered that address, who must not gain a doctor's access.
 * A demo doctor seeded before clinics existed (issue 4) gets its clinics.
 */
async function seedOne(db: Db, doctor: DemoDoctor, specialtyIds: Map<string, number>): Promise<void> {
  const email = doctor.email.toLowerCase();
  const account = (q: Db) =>
    q
      .select({ id: users.id, medico_id: medicos.id })
      .from(users)
      .leftJoin(medicos, eq(medicos.user_id, users.id))
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
  // Seeded on an earlier start (the usual case): no password to hash, which costs ~0.1 s of every start.
  const [seeded] = await account(db);
  const passwordHash = seeded ? null : await unusablePasswordHash();
  await db.transaction(async (tx) => {
    const [existing] = await account(tx);
    if (existing) {
      if (existing.medico_id !== null) await linkClinicas(tx, existing.medico_id, doctor);
      return;
    }
    // Its account was deleted since the check above: the next start creates it.
    if (passwordHash === null) return;
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        name: doctor.name,
        email,
        password_hash: passwordHash,
        code: await drawFreeCode(tx),
        email_verified_at: now,
        terms_accepted_at: now,
        cidade_id: doctor.cidade_id,
      })
      // Another node seeding at the same moment took the e-mail: that one wins.
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return;
    const [medico] = await tx
      .insert(medicos)
      .values({
        user_id: user.id,
        busca: searchKey(doctor.name),
        status: doctor.status,
        cidade_id: doctor.cidade_id,
        verified_at: now,
      })
      .returning({ id: medicos.id });
    if (!medico) throw new Error(`demo doctor ${email} has no doctor profile`);
    await tx.insert(medico_crms).values({ medico_id: medico.id, ...doctor.crm });
    const rows = doctor.especialidades.map((nome) => {
      const especialidade_id = specialtyIds.get(nome);
      if (especialidade_id === undefined) throw new Error(`unknown specialty ${nome}`);
      return { medico_id: medico.id, especialidade_id };
    });
    if (rows.length > 0) await tx.insert(medico_especialidades).values(rows);
    await linkClinicas(tx, medico.id, doctor);
  });
}

/** Links a demo doctor to its clinics, creating them in its city; links already there stay. */
async function linkClinicas(tx: Db, medicoId: number, doctor: DemoDoctor): Promise<void> {
  for (const nome of doctor.clinicas) {
    const clinica_id = await clinicaId(tx, nome, doctor.cidade_id);
    await tx.insert(medico_clinicas).values({ medico_id: medicoId, clinica_id }).onConflictDoNothing();
  }
}

/**
 * Seeds {@link DEMO_DOCTORS} (main.ts, when `SEED_DEMO` is on): each an
 * active `users` row with a verified e-mail at `@demo.pulso.local`, an
 * unusable password and a fresh personal code, plus its `medicos` row, CRM,
 * specialties and clinics (created in the doctor's city, shared by name).
 * Idempotent, keyed by e-mail: a doctor whose e-mail already has an account is
 * skipped (an earlier demo doctor only gets the clinics it lacks). Needs the
 * reference data (cities, specialties) seeded first.
 */
export async function seedDemoDoctors(db: Db, doctors: readonly DemoDoctor[] = DEMO_DOCTORS): Promise<void> {
  const names = [...new Set(doctors.flatMap((d) => d.especialidades))];
  const specialtyIds = new Map<string, number>();
  if (names.length > 0) {
    const found = await db
      .select({ id: especialidades.id, nome: especialidades.nome })
      .from(especialidades)
      .where(inArray(especialidades.nome, names));
    for (const s of found) specialtyIds.set(s.nome, s.id);
  }
  for (const doctor of doctors) await seedOne(db, doctor, specialtyIds);
}

/** The support pseudo-doctor's account (docs/telemedicine.md "Doctors"). */
export const SUPPORT_DOCTOR = { name: 'Suporte Pulso', email: 'suporte@pulso.local' } as const;

/**
 * Seeds the support pseudo-doctor on every start (main.ts) with the account
 * e-mail `email` (`SUPORTE_EMAIL`, default {@link SUPPORT_DOCTOR}.email): an
 * account 'Suporte Pulso' (verified e-mail, an unusable password until the
 * team sets one through 'Esqueci minha senha', a fresh personal code) and its
 * `medicos` row with `suporte` set, status 2 (disponível), no CRM,
 * specialty, city or clinic. A request to it needs no payment (docs/telemedicine.md "Requests and payment").
 * When the seeded support doctor already exists with the reserved default
 * e-mail, that e-mail is moved to `email` if that differs and no other
 * account uses it (`'updated'`): the operator set `SUPORTE_EMAIL`. A support
 * doctor made with its own e-mail (`medico:create --suporte`) is left as is. An existing account with that e-mail is
 * never turned into a doctor: then nothing changes and `'email-taken'` is
 * answered. Safe when several nodes start at once (the e-mail is unique).
 */
export async function seedSupportDoctor(
  db: Db,
  email: string = SUPPORT_DOCTOR.email,
): Promise<'created' | 'present' | 'updated' | 'email-taken'> {
  const [present] = await db
    .select({ id: medicos.id, user_id: users.id, email: users.email })
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(eq(medicos.suporte, true))
    .orderBy(asc(medicos.id))
    .limit(1);
  if (present) {
    // Only the seeded reserved address moves; a support account made with its own e-mail stays.
    if (present.email.toLowerCase() === email || present.email !== SUPPORT_DOCTOR.email) return 'present';
    const [holder] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (holder) return 'email-taken';
    await db.update(users).set({ email }).where(eq(users.id, present.user_id));
    return 'updated';
  }
  const passwordHash = await unusablePasswordHash();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, suporte: medicos.suporte })
      .from(users)
      .leftJoin(medicos, eq(medicos.user_id, users.id))
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    // Seeded by another node since the check above, or someone else's account.
    if (existing) return existing.suporte ? 'present' : 'email-taken';
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        name: SUPPORT_DOCTOR.name,
        email,
        password_hash: passwordHash,
        code: await drawFreeCode(tx),
        email_verified_at: now,
        terms_accepted_at: now,
      })
      // Another node starting at the same moment seeded it: that one wins.
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return 'present';
    await tx.insert(medicos).values({
      user_id: user.id,
      busca: searchKey(SUPPORT_DOCTOR.name),
      status: 2,
      suporte: true,
      verified_at: now,
    });
    return 'created';
  });
}
