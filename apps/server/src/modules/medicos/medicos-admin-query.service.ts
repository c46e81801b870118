import {
  ADMIN_MEDICOS_PAGE_SIZE,
  type AdminMedicoDetail,
  type AdminMedicoItem,
  INT4_MAX,
  ADMIN_MEDICO_MESSAGES as M,
  type MEDICO_FILTRO_STATUS,
  type MEDICO_FILTRO_VERIFICACAO,
} from '@pulso/domain';
import { and, asc, eq, inArray, isNotNull, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clinicas,
  especialidades,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  users,
} from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { notFound } from '../../errors.ts';
import { escapeLike } from '../cidades/index.ts';

import { cidadeName } from './medicos-refusal.ts';

/** Doctors in the admin back-office as staff read them (issue 9 "Doctors"): the list and one doctor. */

/** An instant as ISO 8601, `null` kept. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
