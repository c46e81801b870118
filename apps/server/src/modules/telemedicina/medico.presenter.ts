import type { MedicoStatus, MedicoView } from '@pulso/domain';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  atendimentos,
  cidades,
  clinicas,
  especialidades,
  medico_bloqueios,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  mensagens,
  users,
} from '../../db/schema/index.ts';
import { avatarUrl } from '../users/index.ts';

/**
 * The doctor presenter of telemedicine (docs/api/telemedicina.md "Shapes"; issue 6): rows →
 * `MedicoView` of `@pulso/domain`, loading in a fixed number of queries
 * whatever the list's length. Sessions and messages: telemedicina.presenter.ts.
 */

/** What a `MedicoView` is built from, besides the viewer-dependent counts. */
export interface MedicoBase {
  id: number;
  user_id: number;
  name: string;
  avatar: string | null;
  status: number;
  suporte: boolean;
  verified_at: Date | null;
  cidade_id: number | null;
  cidade_nome: string | null;
  cidade_uf: string | null;
  especialidades: string[];
  clinicas: { id: number; nome: string }[];
  crms: { numero: string; uf: string }[];
}

const MEDICO_STATUS_SET = new Set<number>([0, 1, 2]);

/**
 * A doctor as the viewer sees it (`MedicoView`): `especialidade` the first
 * specialty in pt-BR alphabetical order (`null` without any),
 * `cidade_descricao` 'Nome - UF', `verificado` the CRM checked by staff.
 * `bloqueado` (this doctor blocked the viewer) and `mensagens_novas` (the
 * viewer's unread messages from this doctor) come from the caller.
 */
export function toMedicoView(
  base: MedicoBase,
  viewer: { bloqueado: boolean; mensagens_novas: number },
): MedicoView {
  const cidade =
    base.cidade_id !== null && base.cidade_nome !== null
      ? { id: base.cidade_id, descricao: `${base.cidade_nome} - ${base.cidade_uf}` }
      : null;
  return {
    id: base.id,
    name: base.name,
    avatar: avatarUrl(base.avatar),
    especialidade: base.especialidades[0] ?? null,
    especialidades: base.especialidades,
    cidade,
    cidade_descricao: cidade?.descricao ?? null,
    clinicas: base.clinicas,
    crms: base.crms,
    status: (MEDICO_STATUS_SET.has(base.status) ? base.status : 0) as MedicoStatus,
    bloqueado: viewer.bloqueado,
    suporte: base.suporte,
    verificado: base.verified_at !== null,
    mensagens_novas: viewer.mensagens_novas,
  };
}

/** The viewer-independent part of the given doctors, by id (unknown ids are absent). */
export async function loadMedicoBases(db: Db, ids: readonly number[]): Promise<Map<number, MedicoBase>> {
  const out = new Map<number, MedicoBase>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const [rows, crms, specialties, clinics] = await Promise.all([
    db
      .select({
        id: medicos.id,
        user_id: medicos.user_id,
        name: users.name,
        avatar: users.avatar,
        status: medicos.status,
        suporte: medicos.suporte,
        verified_at: medicos.verified_at,
        cidade_id: medicos.cidade_id,
        cidade_nome: cidades.nome,
        cidade_uf: cidades.uf,
      })
      .from(medicos)
      .innerJoin(users, eq(users.id, medicos.user_id))
      .leftJoin(cidades, eq(cidades.id, medicos.cidade_id))
      .where(inArray(medicos.id, unique)),
    db
      .select({ medico_id: medico_crms.medico_id, numero: medico_crms.numero, uf: medico_crms.uf })
      .from(medico_crms)
      .where(inArray(medico_crms.medico_id, unique))
      .orderBy(asc(medico_crms.id)),
    db
      .select({ medico_id: medico_especialidades.medico_id, nome: especialidades.nome })
      .from(medico_especialidades)
      .innerJoin(especialidades, eq(especialidades.id, medico_especialidades.especialidade_id))
      .where(inArray(medico_especialidades.medico_id, unique)),
    db
      .select({ medico_id: medico_clinicas.medico_id, id: clinicas.id, nome: clinicas.nome })
      .from(medico_clinicas)
      .innerJoin(clinicas, eq(clinicas.id, medico_clinicas.clinica_id))
      .where(inArray(medico_clinicas.medico_id, unique)),
  ]);
  const byPt = (a: string, b: string) => a.localeCompare(b, 'pt-BR');
  for (const row of rows) {
    out.set(row.id, {
      ...row,
      especialidades: specialties
        .filter((s) => s.medico_id === row.id)
        .map((s) => s.nome)
        .sort(byPt),
      clinicas: clinics
        .filter((c) => c.medico_id === row.id)
        .map((c) => ({ id: c.id, nome: c.nome }))
        .sort((a, b) => byPt(a.nome, b.nome) || a.id - b.id),
      crms: crms.filter((c) => c.medico_id === row.id).map((c) => ({ numero: c.numero, uf: c.uf })),
    });
  }
  return out;
}

/**
 * The given doctors as `viewerUserId` sees them, in the order of `ids`
 * (unknown ids dropped): whether each blocked the viewer, and the viewer's
 * unread messages from each (messages `from` M, unread, in the viewer's
 * sessions with that doctor).
 */
export async function loadMedicoViews(
  db: Db,
  ids: readonly number[],
  viewerUserId: number,
): Promise<MedicoView[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [bases, blocks, unread] = await Promise.all([
    loadMedicoBases(db, unique),
    db
      .select({ medico_id: medico_bloqueios.medico_id })
      .from(medico_bloqueios)
      .where(and(eq(medico_bloqueios.user_id, viewerUserId), inArray(medico_bloqueios.medico_id, unique))),
    db
      .select({ medico_id: atendimentos.medico_id, n: count() })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimento_id))
      .where(
        and(
          eq(atendimentos.user_id, viewerUserId),
          inArray(atendimentos.medico_id, unique),
          eq(mensagens.from, 'M'),
          isNull(mensagens.read_at),
        ),
      )
      .groupBy(atendimentos.medico_id),
  ]);
  const blocked = new Set(blocks.map((b) => b.medico_id));
  const unreadBy = new Map(unread.map((u) => [u.medico_id, Number(u.n)]));
  return unique.flatMap((id) => {
    const base = bases.get(id);
    return base
      ? [toMedicoView(base, { bloqueado: blocked.has(id), mensagens_novas: unreadBy.get(id) ?? 0 })]
      : [];
  });
}

/** One doctor as the viewer sees it, or `null` when unknown. */
export async function loadMedicoView(db: Db, id: number, viewerUserId: number): Promise<MedicoView | null> {
  const [view] = await loadMedicoViews(db, [id], viewerUserId);
  return view ?? null;
}
