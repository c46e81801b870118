import {
  ATENDIMENTOS_PAGE_SIZE,
  type AtendimentoView,
  INT4_MAX,
  TELEMEDICINA_MESSAGES as M,
  type MedicoView,
  type UserView,
} from '@pulso/domain';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { atendimentos, creditos, mensagens, passes, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import {
  type AtendimentoRow,
  announceEnded,
  conflict,
  loadAtendimentoView,
  loadAtendimentoViews,
  loadMedicoView,
  partiesOf,
  publishAtendimentoEvent,
  requireMedico,
  solicitacoesOf,
  type TelemedicinaDeps,
  writeAtendimentoRecords,
} from '../telemedicina/index.ts';
import { loadCaller } from '../timeline/index.ts';

/**
 * The doctor area (docs/api/telemedicina.md "Doctor area"): a doctor account
 * answers its requests, lists and ends its sessions. Its status and the
 * patients it blocks are medico-controls.service.ts, its passes
 * passes.service.ts. Every service starts with `requireMedico` (403
 * 'Esta conta não é de um médico.'); a session of another doctor is 404.
 */

/** Which sessions `GET /api/medico/atendimentos` lists. */
export type AtendimentosFiltro = 'ativos' | 'encerrados' | 'todos';

const FILTRO_STATUS: Record<AtendimentosFiltro, string[] | null> = {
  ativos: ['A'],
  encerrados: ['E', 'ET'],
  todos: null,
};

/** The doctor's own session `id` (locked `FOR UPDATE` inside a transaction), or 404 notFound. */
async function ownSession(tx: Db, medicoId: number, id: number, lock = false): Promise<AtendimentoRow> {
  if (id > INT4_MAX) throw notFound(M.notFound);
  const query = tx
    .select()
    .from(atendimentos)
    .where(and(eq(atendimentos.id, id), eq(atendimentos.medico_id, medicoId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * `GET /api/medico/me` (the doctor area's guard and home): the caller's
 * `user`, its own `medico` view, and `resumo`: pending requests, active
 * sessions and unread messages from its patients. Errors: 403 notMedico.
 */
export async function getMedicoMe(
  db: Db,
  actor: Actor,
): Promise<{
  user: UserView;
  medico: MedicoView;
  resumo: { solicitacoes: number; ativos: number; mensagens_novas: number };
}> {
  const { medicoId } = await requireMedico(db, actor);
  const [user, medico, byStatus, unread] = await Promise.all([
    loadCaller(db, actor),
    loadMedicoView(db, medicoId, actor.userId),
    db
      .select({ status: atendimentos.status, n: count() })
      .from(atendimentos)
      .innerJoin(users, eq(users.id, atendimentos.user_id))
      .where(and(eq(atendimentos.medico_id, medicoId), inArray(atendimentos.status, ['P', 'A'])))
      .groupBy(atendimentos.status),
    db
      .select({ n: count() })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimento_id))
      .where(and(eq(atendimentos.medico_id, medicoId), eq(mensagens.from, 'U'), isNull(mensagens.read_at))),
  ]);
  if (!medico) throw notFound(M.medicoNotFound);
  const of = (status: string) => byStatus.find((s) => s.status === status)?.n ?? 0;
  return {
    user,
    medico,
    resumo: { solicitacoes: of('P'), ativos: of('A'), mensagens_novas: unread[0]?.n ?? 0 },
  };
}

/**
 * `GET /api/telemedicina/solicitacoes` (docs/telemedicine.md "Requests
 * waiting"): the doctor's pending (P) requests, oldest first. Errors: 403
 * notMedico.
 */
export async function listSolicitacoes(db: Db, actor: Actor): Promise<AtendimentoView[]> {
  const { medicoId } = await requireMedico(db, actor);
  return solicitacoesOf(db, medicoId, actor.userId);
}

/** The session as its patient sees it, for the events both sides hear. */
function patientView(db: Db, row: AtendimentoRow): Promise<AtendimentoView> {
  return loadAtendimentoView(db, row, row.user_id);
}

/**
 * `PUT /api/telemedicina/atendimento/:id/aceitar` (docs/telemedicine.md
 * "Requests waiting"): P → A; `accepted_at` and `last_message_at` now
 * (inactivity counts from here). Both sides hear `atendimento.updated`; the
 * patient gets a Web Push when offline. Answers the session as the doctor sees
 * it. Errors: 403 notMedico; 404 notFound (not this doctor's); 409 notPending.
 */
export async function aceitar(deps: TelemedicinaDeps, actor: Actor, id: number): Promise<AtendimentoView> {
  const db = deps.ctx.database.db;
  const { medicoId } = await requireMedico(db, actor);
  await ownSession(db, medicoId, id);
  const now = new Date();
  const [row] = await db
    .update(atendimentos)
    .set({ status: 'A', accepted_at: now, last_message_at: now, updated_at: now, resposta_vista: false })
    .where(and(eq(atendimentos.id, id), eq(atendimentos.medico_id, medicoId), eq(atendimentos.status, 'P')))
    .returning();
  if (!row) throw conflict(M.notPending);
  publishAtendimentoEvent(
    deps.ctx,
    deps.log,
    partiesOf(row, actor.userId),
    'atendimento.updated',
    { atendimento: await patientView(db, row) },
    {
      to: 'paciente',
      payload: {
        title: 'Solicitação aceita',
        body: 'O médico aceitou sua solicitação de atendimento.',
        url: `/telemedicina/atendimento/${row.id}`,
      },
    },
  );
  return loadAtendimentoView(db, row, actor.userId);
}

/**
 * `PUT /api/telemedicina/atendimento/:id/recusar` `{recusado_motivo,
 * recusado_comentario}` (docs/telemedicine.md "Decline reasons"): P → R with
 * the reason (1–3) and comment; the pass or credit that paid for it is given
 * back in the same transaction (a plan's quota needs nothing: refused sessions
 * are not counted). Both sides hear `atendimento.updated`; the patient gets a
 * Web Push when offline. Errors: 403 notMedico; 404 notFound; 409 notPending.
 */
export async function recusar(
  deps: TelemedicinaDeps,
  actor: Actor,
  id: number,
  input: { recusado_motivo: number; recusado_comentario: string | null },
): Promise<void> {
  const db = deps.ctx.database.db;
  const { medicoId } = await requireMedico(db, actor);
  const row = await db.transaction(async (tx) => {
    const current = await ownSession(tx, medicoId, id, true);
    if (current.status !== 'P') throw conflict(M.notPending);
    if (current.pass_id !== null) {
      await tx.update(passes).set({ used_at: null, used_by: null }).where(eq(passes.id, current.pass_id));
    }
    if (current.credito_id !== null) {
      await tx
        .update(creditos)
        .set({ used_at: null, atendimento_id: null })
        .where(eq(creditos.id, current.credito_id));
    }
    const [updated] = await tx
      .update(atendimentos)
      .set({
        status: 'R',
        recusado_motivo: input.recusado_motivo,
        recusado_comentario: input.recusado_comentario,
        pass_id: null,
        credito_id: null,
        resposta_vista: false,
        updated_at: sql`now()`,
      })
      .where(eq(atendimentos.id, current.id))
      .returning();
    if (!updated) throw notFound(M.notFound);
    return updated;
  });
  publishAtendimentoEvent(
    deps.ctx,
    deps.log,
    partiesOf(row, actor.userId),
    'atendimento.updated',
    { atendimento: await patientView(db, row) },
    {
      to: 'paciente',
      payload: {
        title: 'Solicitação recusada',
        body: 'O médico não pôde aceitar sua solicitação de atendimento.',
        url: `/telemedicina/medico/${row.medico_id}`,
      },
    },
  );
}

/**
 * `GET /api/medico/atendimentos?status=&offset=`: the doctor's sessions —
 * `ativos` (A), `encerrados` (E, ET) or `todos` (every status) — latest
 * activity first, {@link ATENDIMENTOS_PAGE_SIZE} from `offset`, and how
 * many match. Errors: 403 notMedico.
 */
export async function listAtendimentos(
  db: Db,
  actor: Actor,
  filtro: AtendimentosFiltro,
  offset: number,
): Promise<{ atendimentos: AtendimentoView[]; total: number }> {
  const { medicoId } = await requireMedico(db, actor);
  const statuses = FILTRO_STATUS[filtro];
  const where = and(
    eq(atendimentos.medico_id, medicoId),
    statuses ? inArray(atendimentos.status, statuses) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(atendimentos)
      .where(where)
      .orderBy(desc(atendimentos.updated_at), desc(atendimentos.id))
      .limit(ATENDIMENTOS_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(atendimentos).where(where),
  ]);
  return {
    atendimentos: await loadAtendimentoViews(db, rows, actor.userId),
    total: totals[0]?.n ?? 0,
  };
}

/**
 * `PUT /api/medico/atendimento/:id/encerrar` (docs/telemedicine.md "Ending and
 * inactivity"): A → E with `ended_at`, and, in the same transaction, the
 * patient's type-6 timeline record. Both sides hear `atendimento.ended` (E);
 * the patient gets a Web Push when offline. Errors: 403 notMedico; 404
 * notFound; 409 notActive.
 */
export async function encerrar(deps: TelemedicinaDeps, actor: Actor, id: number): Promise<AtendimentoView> {
  const db = deps.ctx.database.db;
  const { medicoId } = await requireMedico(db, actor);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const current = await ownSession(tx, medicoId, id, true);
    if (current.status !== 'A') throw conflict(M.notActive);
    const [updated] = await tx
      .update(atendimentos)
      .set({ status: 'E', ended_at: now, updated_at: now })
      .where(eq(atendimentos.id, current.id))
      .returning();
    if (!updated) throw notFound(M.notFound);
    await writeAtendimentoRecords(tx, [updated], now);
    return updated;
  });
  announceEnded(deps.ctx, deps.log, { id: row.id, user_id: row.user_id, medico_user_id: actor.userId }, 'E');
  return loadAtendimentoView(db, row, actor.userId);
}
