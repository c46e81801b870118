import type {
  AtendimentoStatus,
  AtendimentoView,
  MedicoView,
  MensagemView,
  PacienteResumo,
  PagamentoAtendimento,
  RecusaMotivo,
} from '@pulso/domain';
import { and, count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type atendimentos, medico_bloqueios, mensagens, users } from '../../db/schema/index.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import { avatarUrl } from '../users/index.ts';
import { signedArquivoUrl } from './chat.files.ts';
import { loadMedicoViews } from './medico.presenter.ts';

/**
 * Presenters of telemedicine (docs/api/telemedicina.md "Shapes"; issue 6): rows →
 * the wire shapes of `@pulso/domain` (`AtendimentoView`, `PacienteResumo`,
 * `MensagemView`), loading in a fixed number of queries whatever the list's
 * length. The doctor (`MedicoView`): medico.presenter.ts.
 */

/** An `atendimentos` row. */
export type AtendimentoRow = typeof atendimentos.$inferSelect;

/** A `mensagens` row. */
export type MensagemRow = typeof mensagens.$inferSelect;

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
