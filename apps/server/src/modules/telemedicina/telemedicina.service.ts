import {
  type AtendimentoView,
  INT4_MAX,
  TELEMEDICINA_MESSAGES as M,
  MEDICOS_PAGE_SIZE,
  type MedicoSearch,
  type MedicoView,
  type PagamentoPrevisto,
  type UserView,
} from '@pulso/domain';
import { and, asc, count, desc, eq, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  atendimentos,
  denuncias,
  medico_clinicas,
  medico_especialidades,
  medicos,
  mensagens,
  users,
} from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { notFound } from '../../errors.ts';
import { escapeLike } from '../cidades/index.ts';
import { loadCaller } from '../timeline/index.ts';
import { loadMedicoView, loadMedicoViews } from './medico.presenter.ts';
import { readPagamentoPrevisto } from './pagamento-previsto.ts';
import { markRespostasSeen, minhasSolicitacoes, unseenRespostas } from './respostas.ts';
import { listableMedico, medicoIdOf } from './telemedicina.access.ts';
import { loadAtendimentoViews } from './telemedicina.presenter.ts';

/**
 * The patient side of telemedicine (docs/telemedicine.md "Screens and routes",
 * docs/telemedicine.md "Requests and payment"; issue 6): the home with requests and
 * 'Meus médicos', the doctor search, a doctor's profile with the caller's sessions,
 * the care request with its payment, and reports.
 */

/** What the services that publish events need. */
export interface TelemedicinaDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
}

// `medicos.busca` is varchar(255): a longer key cannot be part of any name.
const MAX_KEY_LENGTH = 255;

/** Most pending requests one list answers (the doctor answers them oldest first). */
export const SOLICITACOES_LIMIT = 100;

/**
 * The pending (P) requests addressed to doctor `medicoId`, oldest first, as
 * `viewerUserId` (its account) sees them; at most {@link SOLICITACOES_LIMIT}.
 */
export async function solicitacoesOf(
  db: Db,
  medicoId: number,
  viewerUserId: number,
): Promise<AtendimentoView[]> {
  const rows = await db
    .select()
    .from(atendimentos)
    .innerJoin(users, eq(users.id, atendimentos.user_id))
    .where(and(eq(atendimentos.medico_id, medicoId), eq(atendimentos.status, 'P'), eq(users.is_active, true)))
    .orderBy(asc(atendimentos.created_at), asc(atendimentos.id))
    .limit(SOLICITACOES_LIMIT);
  return loadAtendimentoViews(
    db,
    rows.map((r) => r.atendimentos),
    viewerUserId,
  );
}

/** The support pseudo-doctor's id (`suporte`, listable; the oldest when several), `null` when none. */
async function suporteId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: medicos.id })
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(and(eq(medicos.suporte, true), listableMedico()))
    .orderBy(asc(medicos.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * `GET /api/telemedicina` (docs/telemedicine.md "The telemedicine home"): the
 * caller's `user`; `solicitacoes` the pending requests addressed to the
 * caller's own doctor profile (the alert linking to
 * /telemedicina/solicitacoes), `[]` for an account that is not a doctor;
 * `minhas_solicitacoes` the caller's own pending requests and unseen answers
 * (`minhasSolicitacoes`); `medicos` 'Meus médicos': the listable doctors
 * (support excluded) with whom the caller has a session of any status, latest
 * activity first, each with the caller's unread messages; `suporte` the support
 * pseudo-doctor, or `null` when none is set up.
 */
export async function getTelemedicina(
  db: Db,
  actor: Actor,
): Promise<{
  user: UserView;
  solicitacoes: AtendimentoView[];
  minhas_solicitacoes: AtendimentoView[];
  medicos: MedicoView[];
  suporte: MedicoView | null;
}> {
  const user = await loadCaller(db, actor);
  const ownMedicoId = await medicoIdOf(db, actor.userId);
  const mine = await db
    .select({ id: atendimentos.medico_id })
    .from(atendimentos)
    .innerJoin(medicos, eq(medicos.id, atendimentos.medico_id))
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(and(eq(atendimentos.user_id, actor.userId), eq(medicos.suporte, false), listableMedico()))
    .groupBy(atendimentos.medico_id)
    .orderBy(desc(sql`max(${atendimentos.updated_at})`), desc(atendimentos.medico_id));
  const support = await suporteId(db);
  const [solicitacoes, minhas, meusMedicos, suporte] = await Promise.all([
    ownMedicoId === null ? Promise.resolve([]) : solicitacoesOf(db, ownMedicoId, actor.userId),
    minhasSolicitacoes(db, actor.userId),
    loadMedicoViews(
      db,
      mine.map((m) => m.id),
      actor.userId,
    ),
    support === null ? Promise.resolve(null) : loadMedicoView(db, support, actor.userId),
  ]);
  return { user, solicitacoes, minhas_solicitacoes: minhas, medicos: meusMedicos, suporte };
}

/**
 * The doctor search (docs/telemedicine.md "Finding a doctor":
 * `PUT /api/telemedicina/medicos/search` and
 * `GET /api/telemedicina/medicos/:search[/:offset]`): listable doctors, never
 * the support pseudo-doctor nor the caller's own profile, filtered by city
 * (`medicos.cidade_id`), clinic, specialty and a name part (accents and case
 * ignored; LIKE wildcards literal); available first (status 2, 1, 0), then by
 * name; a page of {@link MEDICOS_PAGE_SIZE} from `skip`; `total` every match.
 */
export async function searchMedicos(
  db: Db,
  actor: Actor,
  filters: MedicoSearch,
): Promise<{ medicos: MedicoView[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    listableMedico(),
    eq(medicos.suporte, false),
    ne(medicos.user_id, actor.userId),
  ];
  if (filters.cidade !== null) {
    if (filters.cidade > INT4_MAX) return { medicos: [], total: 0 };
    conditions.push(eq(medicos.cidade_id, filters.cidade));
  }
  if (filters.clinica !== null) {
    if (filters.clinica > INT4_MAX) return { medicos: [], total: 0 };
    conditions.push(
      sql`exists (select 1 from ${medico_clinicas} where ${medico_clinicas.medico_id} = ${medicos.id}
        and ${medico_clinicas.clinica_id} = ${filters.clinica})`,
    );
  }
  if (filters.especialidade !== null) {
    if (filters.especialidade > INT4_MAX) return { medicos: [], total: 0 };
    conditions.push(
      sql`exists (select 1 from ${medico_especialidades} where ${medico_especialidades.medico_id} = ${medicos.id}
        and ${medico_especialidades.especialidade_id} = ${filters.especialidade})`,
    );
  }
  const key = filters.nome === null ? '' : searchKey(filters.nome);
  if (key.length > MAX_KEY_LENGTH) return { medicos: [], total: 0 };
  if (key !== '') conditions.push(like(medicos.busca, `%${escapeLike(key)}%`));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({ id: medicos.id })
      .from(medicos)
      .innerJoin(users, eq(users.id, medicos.user_id))
      .where(where)
      // "C" collation: the same order on PGlite and on PostgreSQL whatever the server's locale.
      .orderBy(desc(medicos.status), asc(sql`${medicos.busca} collate "C"`), asc(medicos.id))
      .limit(MEDICOS_PAGE_SIZE)
      .offset(filters.skip),
    db.select({ n: count() }).from(medicos).innerJoin(users, eq(users.id, medicos.user_id)).where(where),
  ]);
  return {
    medicos: await loadMedicoViews(
      db,
      rows.map((r) => r.id),
      actor.userId,
    ),
    total: totals[0]?.n ?? 0,
  };
}

/** A doctor patients may see and ask for care (listable, support included), or 404 'Médico não encontrado'. */
export async function findListableMedico(
  db: Db,
  id: number,
): Promise<{ id: number; user_id: number; suporte: boolean }> {
  const [row] =
    id <= INT4_MAX
      ? await db
          .select({ id: medicos.id, user_id: medicos.user_id, suporte: medicos.suporte })
          .from(medicos)
          .innerJoin(users, eq(users.id, medicos.user_id))
          .where(and(eq(medicos.id, id), listableMedico()))
          .limit(1)
      : [];
  if (!row) throw notFound(M.medicoNotFound);
  return row;
}

/**
 * `GET /api/telemedicina/medico/:id` (docs/telemedicine.md "A doctor's
 * profile"): the caller's `user`, the doctor (`bloqueado` when it blocked the
 * caller) and the caller's sessions with it, newest first (the profile's list;
 * a new request is added at its top), and `pagamento_previsto`, what a request
 * would use now (docs/api/telemedicina.md "What a request will use"). Errors: 404
 * 'Médico não encontrado' for an unknown, suspended or closed doctor.
 */
export async function getMedicoProfile(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{
  user: UserView;
  medico: MedicoView;
  atendimentos: AtendimentoView[];
  pagamento_previsto: PagamentoPrevisto;
}> {
  const user = await loadCaller(db, actor);
  const found = await findListableMedico(db, id);
  // Opening the profile shows its refusals' reasons: they are seen.
  await markRespostasSeen(db, actor.userId, { medicoId: found.id });
  const rows = await db
    .select()
    .from(atendimentos)
    .where(and(eq(atendimentos.user_id, actor.userId), eq(atendimentos.medico_id, found.id)))
    .orderBy(desc(atendimentos.created_at), desc(atendimentos.id));
  const [medico, views, previsto] = await Promise.all([
    loadMedicoView(db, found.id, actor.userId),
    loadAtendimentoViews(db, rows, actor.userId),
    readPagamentoPrevisto(db, actor.userId, found),
  ]);
  if (!medico) throw notFound(M.medicoNotFound);
  return { user, medico, atendimentos: views, pagamento_previsto: previsto };
}

/**
 * `POST /api/denunciar/medico/:id` (docs/telemedicine.md "Reporting a doctor"):
 * files a report (status 'aberta') for staff to review (issue 9). Errors: 404
 * medicoNotFound for an unknown, suspended or closed doctor.
 */
export async function denunciarMedico(db: Db, actor: Actor, medicoId: number, motivo: string): Promise<void> {
  const medico = await findListableMedico(db, medicoId);
  await db.insert(denuncias).values({ user_id: actor.userId, medico_id: medico.id, motivo });
}

/**
 * Unread chat messages addressed to `userId` (`GET /api/user` → `mensagens`,
 * the badge of the Telemedicina tab; docs/telemedicine.md "Unread counter"):
 * from doctors in the user's own sessions, plus, when the user is a (not
 * suspended) doctor, from patients in the sessions it attends.
 */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mensagens)
    .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimento_id))
    .innerJoin(medicos, eq(medicos.id, atendimentos.medico_id))
    .where(
      and(
        isNull(mensagens.read_at),
        or(
          and(eq(atendimentos.user_id, userId), eq(mensagens.from, 'M')),
          and(eq(medicos.user_id, userId), isNull(medicos.suspended_at), eq(mensagens.from, 'U')),
        ),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The Telemedicina tab's badge for `GET /api/user` (handed to the auth routes
 * by app.ts): unread chat messages ({@link unreadCount}) and unopened answers.
 */
export async function telemedicinaUnread(
  db: Db,
  userId: number,
): Promise<{ mensagens: number; respostas: number }> {
  const [mensagens, respostas] = await Promise.all([unreadCount(db, userId), unseenRespostas(db, userId)]);
  return { mensagens, respostas };
}
