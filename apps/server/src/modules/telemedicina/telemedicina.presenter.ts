import type {
  AtendimentoStatus,
  AtendimentoView,
  MedicoStatus,
  MedicoView,
  MensagemView,
  PacienteResumo,
  PagamentoAtendimento,
  RecusaMotivo,
} from '@pulso/domain';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
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
import type { UrlSigner } from '../../platform/signed-url.ts';
import { avatarUrl } from '../users/user.presenter.ts';
import { signedArquivoUrl } from './chat.files.ts';

/**
 * Presenters of telemedicine (docs/api/telemedicina.md "Shapes"; issue 6): rows →
 * the wire shapes of `@pulso/domain` (`MedicoView`, `AtendimentoView`,
 * `PacienteResumo`, `MensagemView`), loading in a fixed number of queries
 * whatever the list's length.
 */

/** An `atendimentos` row. */
export type AtendimentoRow = typeof atendimentos.$inferSelect;

/** A `mensagens` row. */
export type MensagemRow = typeof mensagens.$inferSelect;

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

const STATUS_SET = new Set<string>(['P', 'A', 'R', 'E', 'ET']);
const PAGAMENTO_SET = new Set<string>(['suporte', 'pass', 'plano', 'credito']);
const RECUSA_SET = new Set<number>([1, 2, 3]);

/** A session's status as the domain types it (an unknown value reads as ended). */
export function statusOf(row: Pick<AtendimentoRow, 'status'>): AtendimentoStatus {
  return (STATUS_SET.has(row.status) ? row.status : 'E') as AtendimentoStatus;
}

/** What paid for a session as the domain types it. */
export function pagamentoOf(row: Pick<AtendimentoRow, 'pagamento'>): PagamentoAtendimento {
  return (PAGAMENTO_SET.has(row.pagamento) ? row.pagamento : 'suporte') as PagamentoAtendimento;
}

/**
 * A session (`AtendimentoView`): instants ISO (UTC); `pass` true when a pass
 * paid for it; `mensagens_count` every message in it; `mensagens_novas` the
 * messages in it the viewer has not read (from the other side);
 * `recusado_motivo` 1–3 or `null`.
 */
export function toAtendimentoView(
  row: AtendimentoRow,
  related: {
    medico: MedicoView;
    paciente: PacienteResumo;
    mensagens_count: number;
    mensagens_novas: number;
  },
): AtendimentoView {
  const pagamento = pagamentoOf(row);
  return {
    id: row.id,
    status: statusOf(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    ended_at: row.ended_at?.toISOString() ?? null,
    motivo: row.motivo ?? '',
    pass: pagamento === 'pass',
    pagamento,
    mensagens_count: related.mensagens_count,
    mensagens_novas: related.mensagens_novas,
    recusado_motivo:
      row.recusado_motivo !== null && RECUSA_SET.has(row.recusado_motivo)
        ? (row.recusado_motivo as RecusaMotivo)
        : null,
    recusado_comentario: row.recusado_comentario,
    medico: related.medico,
    paciente: related.paciente,
  };
}

/**
 * The patients of the given sessions as their doctors see them
 * (`PacienteResumo`), keyed `medico_id:user_id`: `bloqueado` whether that
 * doctor blocked that patient.
 */
async function loadPacientes(
  db: Db,
  rows: readonly Pick<AtendimentoRow, 'user_id' | 'medico_id'>[],
): Promise<Map<string, PacienteResumo>> {
  const out = new Map<string, PacienteResumo>();
  if (rows.length === 0) return out;
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const medicoIds = [...new Set(rows.map((r) => r.medico_id))];
  const [people, blocks] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, avatar: users.avatar, code: users.code })
      .from(users)
      .where(inArray(users.id, userIds)),
    db
      .select({ medico_id: medico_bloqueios.medico_id, user_id: medico_bloqueios.user_id })
      .from(medico_bloqueios)
      .where(and(inArray(medico_bloqueios.user_id, userIds), inArray(medico_bloqueios.medico_id, medicoIds))),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const blocked = new Set(blocks.map((b) => `${b.medico_id}:${b.user_id}`));
  for (const r of rows) {
    const person = byId.get(r.user_id);
    if (!person) continue;
    const key = `${r.medico_id}:${r.user_id}`;
    out.set(key, {
      id: person.id,
      name: person.name,
      avatar: avatarUrl(person.avatar),
      code: person.code,
      bloqueado: blocked.has(key),
    });
  }
  return out;
}

/**
 * The given sessions as `viewerUserId` sees them, in the given order. The
 * viewer is the patient of a session it owns and its doctor otherwise (no
 * account has a session with itself): `mensagens_novas` counts the messages
 * from the other side the viewer has not read, and the `medico` view is
 * computed for the viewer (`bloqueado`/`mensagens_novas` about the viewer:
 * false and 0 when the viewer is the doctor itself).
 */
export async function loadAtendimentoViews(
  db: Db,
  rows: readonly AtendimentoRow[],
  viewerUserId: number,
): Promise<AtendimentoView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [medicoViews, pacientes, counts] = await Promise.all([
    loadMedicoViews(
      db,
      rows.map((r) => r.medico_id),
      viewerUserId,
    ),
    loadPacientes(db, rows),
    db
      .select({
        atendimento_id: mensagens.atendimento_id,
        from: mensagens.from,
        total: count(),
        unread: sql<number>`count(*) filter (where ${mensagens.read_at} is null)`.mapWith(Number),
      })
      .from(mensagens)
      .where(inArray(mensagens.atendimento_id, ids))
      .groupBy(mensagens.atendimento_id, mensagens.from),
  ]);
  const medicoBy = new Map(medicoViews.map((m) => [m.id, m]));
  return rows.flatMap((row) => {
    const medico = medicoBy.get(row.medico_id);
    const paciente = pacientes.get(`${row.medico_id}:${row.user_id}`);
    if (!medico || !paciente) return [];
    const mine = counts.filter((c) => c.atendimento_id === row.id);
    const fromOther = row.user_id === viewerUserId ? 'M' : 'U';
    return [
      toAtendimentoView(row, {
        medico,
        paciente,
        mensagens_count: mine.reduce((sum, c) => sum + Number(c.total), 0),
        mensagens_novas: mine.filter((c) => c.from === fromOther).reduce((sum, c) => sum + c.unread, 0),
      }),
    ];
  });
}

/** One session as the viewer sees it. */
export async function loadAtendimentoView(
  db: Db,
  row: AtendimentoRow,
  viewerUserId: number,
): Promise<AtendimentoView> {
  const [view] = await loadAtendimentoViews(db, [row], viewerUserId);
  if (!view) throw new Error(`atendimento ${row.id} has no doctor or patient`);
  return view;
}

/**
 * A chat message (`MensagemView`): `content` the text (T) or the file's
 * name (I, F); `url` the file's signed URL (valid 15–16 minutes from `now`,
 * Unix seconds), `null` for text; `size` bytes of the file, `null` for text.
 */
export function toMensagemView(row: MensagemRow, signer: UrlSigner, now: number): MensagemView {
  const file = row.type !== 'T' && row.file_key !== null;
  return {
    id: row.id,
    atendimento_id: row.atendimento_id,
    from: row.from === 'M' ? 'M' : 'U',
    type: row.type === 'I' ? 'I' : row.type === 'F' ? 'F' : 'T',
    content: row.content,
    url: file ? signedArquivoUrl(signer, row.id, now) : null,
    size: file ? row.file_size : null,
    created_at: row.created_at.toISOString(),
    read_at: row.read_at?.toISOString() ?? null,
  };
}
