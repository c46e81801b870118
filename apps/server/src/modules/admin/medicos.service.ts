import {
  ADMIN_MEDICOS_PAGE_SIZE,
  type AdminMedicoDetail,
  type AdminMedicoItem,
  ADMIN_MEDICO_MESSAGES as M,
  type MEDICO_FILTRO_STATUS,
  type MEDICO_FILTRO_VERIFICACAO,
  type MedicoCreate,
  type MedicoEdit,
} from '@pulso/domain';
import { and, asc, eq, inArray, isNotNull, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cidades,
  clinicas,
  especialidades,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  users,
} from '../../db/schema/index.ts';
import { searchKey } from '../../db/seed/seed.ts';
import { fieldError, HttpError, notFound } from '../../errors.ts';
import { drawFreeCode } from '../auth/auth.service.ts';
import { escapeLike } from '../cidades/cidades.service.ts';
import { INT4_MAX } from '../telemedicina/telemedicina.access.ts';
import type { StaffActor } from './admin.access.ts';
import { audit } from './audit.service.ts';

/**
 * Doctors in the admin back-office (issue 9 "Doctors") and the creation
 * `npm run medico:create` shares (issue 6): create, list, read, edit,
 * verify, suspend, set the support flag. Every staff change runs in one
 * transaction with its audit row (entidade `medico`).
 */

/**
 * Why a creation or an edit was refused, with what the CLI needs to word it
 * its own way: an e-mail with an account, the support doctor that exists,
 * a CRM of another doctor, unknown specialties, an unknown city.
 */
export type MedicoRefusal =
  | { kind: 'email'; email: string }
  | { kind: 'suporte'; email: string }
  | { kind: 'crm'; crm: { numero: string; uf: string } }
  | { kind: 'especialidades'; names: string[] }
  | { kind: 'cidade'; id: number };

/** A refused creation or edit: an {@link HttpError} (409 or 422 with a field) carrying the {@link MedicoRefusal}. */
export class MedicoRefused extends HttpError {
  constructor(readonly refusal: MedicoRefusal) {
    const [status, field, message] = ((): [number, string | null, string] => {
      switch (refusal.kind) {
        case 'email':
          return [409, null, M.emailTaken];
        case 'suporte':
          return [409, null, M.suporteExists];
        case 'crm':
          return [422, 'crms', `${M.crmTaken}: CRM/${refusal.crm.uf} ${refusal.crm.numero}`];
        case 'especialidades':
          return [422, 'especialidades', `${M.especialidadeUnknown}: ${refusal.names.join(', ')}`];
        case 'cidade':
          return [422, 'cidade_id', M.cidadeUnknown];
      }
    })();
    super(status, message, field ? { [field]: [message] } : undefined);
  }
}

/** What a creation writes: the validated form minus the password, whose hash comes apart. */
export type MedicoCreateInput = Omit<MedicoCreate, 'password'>;

/** The created doctor: account and profile ids, the specialties' CFM names, the city 'Nome - UF'. */
export interface CreatedMedico {
  userId: number;
  medicoId: number;
  especialidades: string[];
  cidade: string | null;
}

/** The specialties by name, accents and case ignored; unknown names refuse. */
async function specialtyIds(db: Db, names: string[]): Promise<{ id: number; nome: string }[]> {
  if (names.length === 0) return [];
  const all = await db.select({ id: especialidades.id, nome: especialidades.nome }).from(especialidades);
  const byKey = new Map(all.map((e) => [searchKey(e.nome), e]));
  const found: { id: number; nome: string }[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const hit = byKey.get(searchKey(name));
    if (!hit) unknown.push(name);
    else if (!found.includes(hit)) found.push(hit);
  }
  if (unknown.length > 0) throw new MedicoRefused({ kind: 'especialidades', names: unknown });
  return found;
}

/** 'Nome - UF' of an IBGE id (`null` for `null`); an unknown id refuses. */
async function cidadeName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ nome: cidades.nome, uf: cidades.uf })
    .from(cidades)
    .where(eq(cidades.id, id))
    .limit(1);
  if (!row) throw new MedicoRefused({ kind: 'cidade', id });
  return `${row.nome} - ${row.uf}`;
}

/** Refuses CRMs that belong to a doctor other than `medicoId`. */
async function assertCrmsFree(tx: Db, crms: { numero: string; uf: string }[], medicoId: number | null) {
  for (const crm of crms) {
    const [other] = await tx
      .select({ id: medico_crms.id })
      .from(medico_crms)
      .where(
        and(
          eq(medico_crms.numero, crm.numero),
          eq(medico_crms.uf, crm.uf),
          medicoId === null ? undefined : ne(medico_crms.medico_id, medicoId),
        ),
      )
      .limit(1);
    if (other) throw new MedicoRefused({ kind: 'crm', crm });
  }
}

/** The e-mail of the support pseudo-doctor other than `except`, serialising those who set it. */
async function otherSuporte(tx: Db, except: number | null): Promise<string | null> {
  // One support pseudo-doctor (docs/telemedicine.md "Doctors"): two staff setting it at once queue here.
  await tx.execute(sql`select pg_advisory_xact_lock(91001)`);
  const [row] = await tx
    .select({ email: users.email })
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(and(eq(medicos.suporte, true), except === null ? undefined : ne(medicos.id, except)))
    .limit(1);
  return row?.email ?? null;
}

/** Replaces a doctor's CRMs, specialties and clinics (clinics found or created in `cidadeId`). */
async function writeLists(
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

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The CRMs of the given doctors, in registration order. */
async function crmsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { numero: string; uf: string }[]>();
  const rows = await db
    .select({ medico_id: medico_crms.medico_id, numero: medico_crms.numero, uf: medico_crms.uf })
    .from(medico_crms)
    .where(inArray(medico_crms.medico_id, ids))
    .orderBy(asc(medico_crms.id));
  const out = new Map<number, { numero: string; uf: string }[]>();
  for (const r of rows)
    out.set(r.medico_id, [...(out.get(r.medico_id) ?? []), { numero: r.numero, uf: r.uf }]);
  return out;
}

const itemColumns = {
  id: medicos.id,
  user_id: medicos.user_id,
  name: users.name,
  email: users.email,
  suporte: medicos.suporte,
  verified_at: medicos.verified_at,
  suspended_at: medicos.suspended_at,
  created_at: medicos.created_at,
  cidade_id: medicos.cidade_id,
};

/** Filters of {@link listMedicos}. */
export interface MedicoListFilter {
  /** Part of the name (accents and case ignored) or of a CRM number ('123456', '123456/SP'). */
  q?: string;
  status: (typeof MEDICO_FILTRO_STATUS)[number];
  verificacao: (typeof MEDICO_FILTRO_VERIFICACAO)[number];
  offset: number;
}

/**
 * `GET /api/admin/medicos`: doctors by name (accent-free, then id), filtered
 * by `q` (name part, or CRM number with an optional UF), suspension and
 * verification, {@link ADMIN_MEDICOS_PAGE_SIZE} from `offset`; `next` is the
 * offset of the next page, `null` at the end.
 */
export async function listMedicos(
  db: Db,
  filter: MedicoListFilter,
): Promise<{ medicos: AdminMedicoItem[]; next: number | null }> {
  const where: SQL[] = [];
  const q = filter.q?.trim() ?? '';
  if (q) {
    const crm = /^(?:CRM[\s/-]*)?(?:([A-Za-z]{2})\s*)?(\d{1,10})(?:\s*[/-]\s*([A-Za-z]{2}))?$/i.exec(q);
    const byName = like(medicos.busca, `%${escapeLike(searchKey(q).slice(0, 255))}%`);
    if (crm?.[2]) {
      const uf = (crm[1] ?? crm[3])?.toUpperCase();
      const byCrm = sql`exists (select 1 from ${medico_crms} where ${medico_crms.medico_id} = ${medicos.id}
        and ${medico_crms.numero} = ${String(Number(crm[2]))}${uf ? sql` and ${medico_crms.uf} = ${uf}` : sql``})`;
      where.push(or(byName, byCrm) as SQL);
    } else where.push(byName);
  }
  if (filter.status === 'ativos') where.push(isNull(medicos.suspended_at));
  if (filter.status === 'suspensos') where.push(isNotNull(medicos.suspended_at));
  if (filter.verificacao === 'verificados') where.push(isNotNull(medicos.verified_at));
  if (filter.verificacao === 'nao_verificados') where.push(isNull(medicos.verified_at));
  const rows = await db
    .select(itemColumns)
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(sql`${medicos.busca} collate "C"`), asc(medicos.id))
    .limit(ADMIN_MEDICOS_PAGE_SIZE + 1)
    .offset(filter.offset);
  const page = rows.slice(0, ADMIN_MEDICOS_PAGE_SIZE);
  const crms = await crmsOf(
    db,
    page.map((r) => r.id),
  );
  return {
    medicos: page.map((r) => toItem(r, crms.get(r.id) ?? [])),
    next: rows.length > ADMIN_MEDICOS_PAGE_SIZE ? filter.offset + ADMIN_MEDICOS_PAGE_SIZE : null,
  };
}

type ItemRow = {
  id: number;
  user_id: number;
  name: string;
  email: string;
  suporte: boolean;
  verified_at: Date | null;
  suspended_at: Date | null;
  created_at: Date;
};

function toItem(r: ItemRow, crms: { numero: string; uf: string }[]): AdminMedicoItem {
  return {
    id: r.id,
    user_id: r.user_id,
    name: r.name,
    email: r.email,
    crms,
    suporte: r.suporte,
    verified_at: iso(r.verified_at),
    suspended_at: iso(r.suspended_at),
    created_at: r.created_at.toISOString(),
  };
}

/**
 * `GET /api/admin/medicos/:id`: the doctor with its account e-mail, CRMs,
 * specialties (alphabetical), city and clinics. Errors: 404 {@link M.notFound}.
 */
export async function getMedico(db: Db, id: number): Promise<AdminMedicoDetail> {
  if (id > INT4_MAX) throw notFound(M.notFound);
  const [row] = await db
    .select(itemColumns)
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(eq(medicos.id, id))
    .limit(1);
  if (!row) throw notFound(M.notFound);
  const [crms, specialties, clinics, cidade] = await Promise.all([
    crmsOf(db, [id]),
    db
      .select({ nome: especialidades.nome })
      .from(medico_especialidades)
      .innerJoin(especialidades, eq(especialidades.id, medico_especialidades.especialidade_id))
      .where(eq(medico_especialidades.medico_id, id)),
    db
      .select({ nome: clinicas.nome })
      .from(medico_clinicas)
      .innerJoin(clinicas, eq(clinicas.id, medico_clinicas.clinica_id))
      .where(eq(medico_clinicas.medico_id, id))
      .orderBy(asc(clinicas.nome)),
    row.cidade_id === null ? null : cidadeName(db, row.cidade_id).catch(() => null),
  ]);
  return {
    ...toItem(row, crms.get(id) ?? []),
    especialidades: specialties.map((s) => s.nome).sort((a, b) => a.localeCompare(b, 'pt-BR')),
    cidade_id: row.cidade_id,
    cidade,
    clinicas: clinics.map((c) => c.nome),
  };
}

/** The editable fields of a doctor as the audit log records them. */
function editable(d: AdminMedicoDetail) {
  return {
    name: d.name,
    crms: d.crms.map((c) => `${c.numero}/${c.uf}`),
    especialidades: d.especialidades,
    cidade_id: d.cidade_id,
    clinicas: d.clinicas,
  };
}

/** Only the fields whose value changed, before and after. */
function diff(antes: Record<string, unknown>, depois: Record<string, unknown>) {
  const a: Record<string, unknown> = {};
  const d: Record<string, unknown> = {};
  for (const key of Object.keys(depois)) {
    if (JSON.stringify(antes[key]) !== JSON.stringify(depois[key])) {
      a[key] = antes[key];
      d[key] = depois[key];
    }
  }
  return { antes: a, depois: d };
}

/**
 * `POST /api/admin/medicos`: creates a doctor (the rules of `npm run
 * medico:create`), not yet verified — staff verify the CRM apart. Audited
 * `medico.criar`. Errors: {@link MedicoRefused} (409 e-mail or support
 * doctor; 422 CRM, specialty, city).
 */
export async function adminCreateMedico(
  db: Db,
  actor: StaffActor,
  input: MedicoCreateInput,
  passwordHash: string,
): Promise<AdminMedicoDetail> {
  const created = await db.transaction(async (t) => {
    const tx: Db = t;
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

/**
 * `PUT /api/admin/medicos/:id`: replaces the name, CRMs, specialties, city
 * and clinics. A doctor other than the support pseudo-doctor keeps at least
 * one CRM. Audited `medico.editar` with the changed fields. Errors: 404;
 * 422 `crms` {@link M.crmRequired}; {@link MedicoRefused} (CRM, specialty, city).
 */
export async function editMedico(
  db: Db,
  actor: StaffActor,
  id: number,
  input: MedicoEdit,
): Promise<AdminMedicoDetail> {
  const before = await getMedico(db, id);
  if (input.crms.length === 0 && !before.suporte) throw fieldError('crms', M.crmRequired);
  await db.transaction(async (t) => {
    const tx: Db = t;
    await assertCrmsFree(tx, input.crms, id);
    await cidadeName(tx, input.cidade_id);
    const specialties = await specialtyIds(tx, input.especialidades);
    await tx.update(users).set({ name: input.name }).where(eq(users.id, before.user_id));
    await tx
      .update(medicos)
      .set({ busca: searchKey(input.name), cidade_id: input.cidade_id, updated_at: new Date() })
      .where(eq(medicos.id, id));
    await writeLists(tx, id, input, specialties);
    const after = editable({
      ...before,
      name: input.name,
      crms: input.crms,
      especialidades: specialties.map((s) => s.nome).sort((a, b) => a.localeCompare(b, 'pt-BR')),
      cidade_id: input.cidade_id,
      clinicas: [...input.clinicas].sort((a, b) => a.localeCompare(b)),
    });
    const changed = diff(
      editable({ ...before, clinicas: [...before.clinicas].sort((a, b) => a.localeCompare(b)) }),
      after,
    );
    if (Object.keys(changed.depois).length > 0) {
      await audit(tx, actor, { acao: 'medico.editar', entidade: 'medico', entidade_id: id, ...changed });
    }
  });
  return getMedico(db, id);
}

/** The state flags staff switch on a doctor. */
export type MedicoFlag = 'verificado' | 'suspenso' | 'suporte';

/**
 * `PUT /api/admin/medicos/:id/{verificacao|suspensao|suporte}` `{ativo}`:
 * - `verificado`: sets `verified_at` (staff checked the CRM number and UF
 *   with the council) or clears it; patients see 'Verificado';
 * - `suspenso`: sets `suspended_at` and the status offline, or clears it: a
 *   suspended doctor is not listed, cannot open /medico and counts as no
 *   doctor anywhere (docs/telemedicine.md "Doctors");
 * - `suporte`: makes the doctor the support pseudo-doctor (status 2
 *   disponível), refused with 409 {@link M.suporteExists} while another one
 *   is; or removes the mark.
 * A switch to the current value changes and records nothing. Audited
 * `medico.verificar` / `medico.desverificar`, `medico.suspender` /
 * `medico.reativar`, `medico.suporte`. Errors: 404.
 */
export async function setMedicoFlag(
  db: Db,
  actor: StaffActor,
  id: number,
  flag: MedicoFlag,
  ativo: boolean,
): Promise<AdminMedicoDetail> {
  if (id > INT4_MAX) throw notFound(M.notFound);
  await db.transaction(async (t) => {
    const tx: Db = t;
    const [row] = await tx
      .select({
        verified_at: medicos.verified_at,
        suspended_at: medicos.suspended_at,
        suporte: medicos.suporte,
      })
      .from(medicos)
      .where(eq(medicos.id, id))
      .for('update')
      .limit(1);
    if (!row) throw notFound(M.notFound);
    const now = new Date();
    if (flag === 'verificado') {
      if ((row.verified_at !== null) === ativo) return;
      const verified_at = ativo ? now : null;
      await tx.update(medicos).set({ verified_at, updated_at: now }).where(eq(medicos.id, id));
      await audit(tx, actor, {
        acao: ativo ? 'medico.verificar' : 'medico.desverificar',
        entidade: 'medico',
        entidade_id: id,
        antes: { verified_at: iso(row.verified_at) },
        depois: { verified_at: iso(verified_at) },
      });
    } else if (flag === 'suspenso') {
      if ((row.suspended_at !== null) === ativo) return;
      const suspended_at = ativo ? now : null;
      await tx
        .update(medicos)
        .set({ suspended_at, ...(ativo ? { status: 0 } : {}), updated_at: now })
        .where(eq(medicos.id, id));
      await audit(tx, actor, {
        acao: ativo ? 'medico.suspender' : 'medico.reativar',
        entidade: 'medico',
        entidade_id: id,
        antes: { suspended_at: iso(row.suspended_at) },
        depois: { suspended_at: iso(suspended_at) },
      });
    } else {
      if (row.suporte === ativo) return;
      if (ativo && (await otherSuporte(tx, id))) throw new HttpError(409, M.suporteExists);
      await tx
        .update(medicos)
        .set({ suporte: ativo, ...(ativo ? { status: 2 } : {}), updated_at: now })
        .where(eq(medicos.id, id));
      await audit(tx, actor, {
        acao: 'medico.suporte',
        entidade: 'medico',
        entidade_id: id,
        antes: { suporte: row.suporte },
        depois: { suporte: ativo },
      });
    }
  });
  return getMedico(db, id);
}
