import type { AdminMedicoDetail, MedicoCreate } from '@pulso/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clinicas,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  users,
} from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import { drawFreeCode } from '../auth/index.ts';
import { getMedico } from './medicos-admin-query.service.ts';
import { assertCrmsFree, cidadeName, MedicoRefused, otherSuporte, specialtyIds } from './medicos-refusal.ts';

/**
 * Creating a doctor: the creation `npm run medico:create` (issue 6) and the
 * admin back-office (issue 9 "Doctors") share, and the lists (CRMs,
 * specialties, clinics) an edit rewrites the same way.
 */

/** What a creation writes: the validated form minus the password, whose hash comes apart. */
export type MedicoCreateInput = Omit<MedicoCreate, 'password'>;

/** The created doctor: account and profile ids, the specialties' CFM names, the city 'Nome - UF'. */
export interface CreatedMedico {
  userId: number;
  medicoId: number;
  especialidades: string[];
  cidade: string | null;
}

/**
 * Replaces a doctor's CRMs, specialties and clinics (clinics found or created in `cidadeId`).
 * A CRM another transaction took meanwhile refuses ({@link MedicoRefused}, the unique index decides).
 */
export async function writeLists(
  tx: Db,
  medicoId: number,
  input: { crms: { numero: string; uf: string }[]; clinicas: string[]; cidade_id: number | null },
  specialties: { id: number }[],
): Promise<void> {
  await tx.delete(medico_crms).where(eq(medico_crms.medico_id, medicoId));
  for (const crm of input.crms) {
    const [row] = await tx
      .insert(medico_crms)
      .values({ medico_id: medicoId, ...crm })
      .onConflictDoNothing()
      .returning({ id: medico_crms.id });
    if (!row) throw new MedicoRefused({ kind: 'crm', crm });
  }
  await tx.delete(medico_especialidades).where(eq(medico_especialidades.medico_id, medicoId));
  if (specialties.length > 0) {
    await tx
      .insert(medico_especialidades)
      .values(specialties.map((s) => ({ medico_id: medicoId, especialidade_id: s.id })));
  }
  await tx.delete(medico_clinicas).where(eq(medico_clinicas.medico_id, medicoId));
  for (const nome of input.clinicas) {
    const busca = searchKey(nome);
    await tx.insert(clinicas).values({ nome, busca, cidade_id: input.cidade_id }).onConflictDoNothing();
    const [clinica] = await tx
      .select({ id: clinicas.id })
      .from(clinicas)
      .where(
        and(
          eq(clinicas.busca, busca),
          input.cidade_id === null
            ? sql`${clinicas.cidade_id} is null`
            : eq(clinicas.cidade_id, input.cidade_id),
        ),
      )
      .limit(1);
    if (!clinica) throw new Error(`clinic ${nome} not found after insert`);
    await tx
      .insert(medico_clinicas)
      .values({ medico_id: medicoId, clinica_id: clinica.id })
      .onConflictDoNothing();
  }
}

/**
 * Creates a doctor account inside `tx` (issue 6 `npm run medico:create`,
 * issue 9 `POST /api/admin/medicos`): a `users` row with a verified e-mail
 * and accepted terms (the operator vouches for them) and a fresh personal
 * code, its `medicos` row (status 0 offline, or 2 for the support
 * pseudo-doctor; `verified_at` now when `verified`), CRMs, specialties
 * (CFM names, accents ignored) and clinics (found or created in the city).
 * Refuses ({@link MedicoRefused}) an e-mail with an account, a second
 * support doctor, a CRM of another doctor, an unknown specialty or city —
 * also when another transaction takes them meanwhile (the unique indexes decide).
 */
export async function createMedico(
  tx: Db,
  input: MedicoCreateInput,
  passwordHash: string,
  options: { verified: boolean },
): Promise<CreatedMedico> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  if (taken) throw new MedicoRefused({ kind: 'email', email: input.email });
  if (input.suporte) {
    const email = await otherSuporte(tx, null);
    if (email) throw new MedicoRefused({ kind: 'suporte', email });
  }
  await assertCrmsFree(tx, input.crms, null);
  const cidade = await cidadeName(tx, input.cidade_id);
  const specialties = await specialtyIds(tx, input.especialidades);

  const now = new Date();
  const [user] = await tx
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      password_hash: passwordHash,
      code: await drawFreeCode(tx),
      email_verified_at: now,
      terms_accepted_at: now,
      cidade_id: input.cidade_id,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw new MedicoRefused({ kind: 'email', email: input.email });
  const [medico] = await tx
    .insert(medicos)
    .values({
      user_id: user.id,
      busca: searchKey(input.name),
      // The support pseudo-doctor answers at any time; a doctor turns itself on in /medico.
      status: input.suporte ? 2 : 0,
      suporte: input.suporte,
      cidade_id: input.cidade_id,
      verified_at: options.verified ? now : null,
    })
    .returning({ id: medicos.id });
  if (!medico) throw new Error('doctor profile not created');
  await writeLists(tx, medico.id, input, specialties);
  return { userId: user.id, medicoId: medico.id, especialidades: specialties.map((s) => s.nome), cidade };
}

/**
 * `POST /api/admin/medicos`: creates a doctor (the rules of `npm run
 * medico:create`), not yet verified — staff verify the CRM apart. Audited
 * `medico.criar`. Errors: {@link MedicoRefused} (409 e-mail or support
 * doctor; 422 CRM, specialty, city).
 */
export async function adminCreateMedico(
  db: Db,
  actor: AuditActor,
  input: MedicoCreateInput,
  passwordHash: string,
): Promise<AdminMedicoDetail> {
  const created = await db.transaction(async (tx) => {
    const made = await createMedico(tx, input, passwordHash, { verified: false });
    await audit(tx, actor, {
      acao: 'medico.criar',
      entidade: 'medico',
      entidade_id: made.medicoId,
      depois: {
        name: input.name,
        email: input.email,
        crms: input.crms.map((c) => `${c.numero}/${c.uf}`),
        especialidades: made.especialidades,
        cidade_id: input.cidade_id,
        clinicas: input.clinicas,
        suporte: input.suporte,
      },
    });
    return made;
  });
  return getMedico(db, created.medicoId);
}
