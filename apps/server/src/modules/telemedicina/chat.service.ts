import {
  ATENDIMENTO_STATUS_VALUES,
  type AtendimentoChat,
  canSend,
  isChatLocked,
  isLocked,
  TELEMEDICINA_MESSAGES as M,
  MENSAGENS_PAGE_SIZE,
  type MensagemView,
} from '@pulso/domain';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { atendimentos, mensagens } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import { type AnexoUpload, loadCaller } from '../timeline/index.ts';
import { selectUserRow, toUserView } from '../users/index.ts';
import { deleteChatFile, mensagemTypeOf, storeChatFile } from './chat.files.ts';
import { loadMedicoView } from './medico.presenter.ts';
import { markRespostasSeen } from './respostas.ts';
import { conflict, findSessionFor, partiesOf, type SessionAccess } from './telemedicina.access.ts';
import { publishAtendimentoEvent } from './telemedicina.events.ts';
import {
  loadAtendimentoView,
  type MensagemRow,
  pagamentoOf,
  statusOf,
  toMensagemView,
} from './telemedicina.presenter.ts';

/**
 * The chat of a care session (docs/api/telemedicina.md "Chat (both sides)"):
 * reading it and sending to it; one message's reading, deletion and file are
 * mensagem.service.ts. Both sides use it: the session's patient (messages
 * `from` U) and its doctor (`from` M); anyone else gets 404. Messages are sent and deleted
 * only while the session is A (the session row is locked while a message is
 * written or deleted, so nothing lands after it ends); only the author
 * deletes; a patient whose plan-paid session is locked (`isChatLocked`)
 * cannot send. Events go out after commit.
 */

/** What the chat services need from the app. */
export interface ChatDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  signer: UrlSigner;
  /** Clock of the signed URLs, in Unix seconds (tests move it). */
  now?: () => number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The signed URLs' clock, in Unix seconds: `deps.now` when a test set it. */
export function chatNow(deps: ChatDeps): number {
  return (deps.now ?? nowSeconds)();
}

/** The text or the checked file of a new message. */
export type NovaMensagem = { type: 'T'; content: string } | { type: 'file'; upload: AnexoUpload };

/** The latest page of a session's messages before `before` (a message id), oldest first. */
async function mensagensPage(
  deps: ChatDeps,
  atendimentoId: number,
  before: number | null,
): Promise<{ mensagens: MensagemView[]; has_more: boolean }> {
  const db = deps.ctx.database.db;
  const rows = await db
    .select()
    .from(mensagens)
    .where(
      and(
        eq(mensagens.atendimento_id, atendimentoId),
        before === null ? undefined : lt(mensagens.id, before),
      ),
    )
    .orderBy(desc(mensagens.id))
    .limit(MENSAGENS_PAGE_SIZE + 1);
  const now = chatNow(deps);
  return {
    mensagens: rows
      .slice(0, MENSAGENS_PAGE_SIZE)
      .reverse()
      .map((r) => toMensagemView(r, deps.signer, now)),
    has_more: rows.length > MENSAGENS_PAGE_SIZE,
  };
}

/**
 * Whether the patient is locked out of writing in this session
 * (`isChatLocked`: paid by the plan's quota and the patient locked — trial
 * over, no plan, not corporate). Only ever true for the patient.
 */
async function lockedFor(db: Db, access: SessionAccess): Promise<boolean> {
  if (access.role !== 'paciente' || pagamentoOf(access.row) !== 'plano') return false;
  const patient = await selectUserRow(db, { id: access.row.user_id });
  return isChatLocked({
    pagamento: pagamentoOf(access.row),
    patientLocked: patient !== null && isLocked(toUserView(patient)),
  });
}

/**
 * `GET /api/telemedicina/atendimento/:id` (docs/api/telemedicina.md) → `AtendimentoChat`:
 * the caller's own `user`, the doctor, the patient, the session as the
 * caller sees it, its latest {@link MENSAGENS_PAGE_SIZE} messages oldest
 * first (`has_more` when older ones exist), `lock` (the caller is the
 * patient and `isChatLocked`: the dialog pointing to /planos) and `role`.
 * Any status. Errors: 404 notFound unless the caller is the session's
 * patient or doctor.
 */
export async function getChat(deps: ChatDeps, actor: Actor, id: number): Promise<AtendimentoChat> {
  const db = deps.ctx.database.db;
  const access = await findSessionFor(db, actor, id);
  if (access.role === 'paciente') await markRespostasSeen(db, actor.userId, { atendimentoId: access.row.id });
  const [user, atendimento, page, lock, medico] = await Promise.all([
    loadCaller(db, actor),
    loadAtendimentoView(db, access.row, actor.userId),
    mensagensPage(deps, access.row.id, null),
    lockedFor(db, access),
    loadMedicoView(db, access.row.medico_id, actor.userId),
  ]);
  if (!medico) throw notFound(M.notFound);
  return {
    user,
    medico,
    paciente: atendimento.paciente,
    atendimento,
    mensagens: page.mensagens,
    has_more: page.has_more,
    lock,
    role: access.role,
  };
}

/**
 * `GET /api/telemedicina/atendimento/:id/mensagens?before=<id>`: the page
 * of messages older than message `before` (the oldest one shown), oldest
 * first, and `has_more`. Errors: 404 as {@link getChat}.
 */
export async function listMensagens(
  deps: ChatDeps,
  actor: Actor,
  id: number,
  before: number | null,
): Promise<{ mensagens: MensagemView[]; has_more: boolean }> {
  const access = await findSessionFor(deps.ctx.database.db, actor, id);
  return mensagensPage(deps, access.row.id, before);
}

/** The statuses a message may be sent in (`canSend`), for the statement that writes it. */
const SENDING_STATUSES = ATENDIMENTO_STATUS_VALUES.filter(canSend);

/**
 * Writes a message and moves its session's `last_message_at` in one
 * statement (docs/telemedicine.md "Messages"): the session's update locks its
 * row and re-reads its status, so the message lands only while the session
 * can take it (`canSend`), and an ending that runs at the same time waits
 * or makes this write nothing. Answers the new row, or `undefined` when the
 * session is gone or can no longer take messages. One round trip where a
 * transaction took five (bench/README.md "chat.ts").
 */
async function insertMensagem(
  db: Db,
  atendimentoId: number,
  from: 'U' | 'M',
  values: Pick<MensagemRow, 'type' | 'content' | 'file_key' | 'file_mime' | 'file_size'>,
): Promise<MensagemRow | undefined> {
  const touched = db.$with('touched').as(
    db
      .update(atendimentos)
      // The same instant as the message's `created_at`: `now()` is the statement's transaction's.
      .set({ last_message_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(atendimentos.id, atendimentoId), inArray(atendimentos.status, SENDING_STATUSES)))
      .returning({ id: atendimentos.id }),
  );
  const [row] = await db
    .with(touched)
    .insert(mensagens)
    .select((qb) =>
      // Every column of `mensagens`, in its order (Drizzle's insert … select asks for it).
      qb
        .select({
          id: sql<number>`nextval(pg_get_serial_sequence('mensagens', 'id'))`.as('id'),
          atendimento_id: touched.id,
          from: sql<string>`${from}::char(1)`.as('from'),
          type: sql<string>`${values.type}::char(1)`.as('type'),
          content: sql<string>`${values.content}::text`.as('content'),
          file_key: sql<string | null>`${values.file_key}::varchar`.as('file_key'),
          file_mime: sql<string | null>`${values.file_mime}::varchar`.as('file_mime'),
          file_size: sql<number | null>`${values.file_size}::int`.as('file_size'),
          created_at: sql<Date>`now()`.as('created_at'),
          read_at: sql<Date | null>`null::timestamptz`.as('read_at'),
        })
        .from(touched),
    )
    .returning();
  return row;
}

/**
 * `POST /api/telemedicina/atendimento/:id/mensagem` (docs/api/telemedicina.md):
 * a text (T) or a file (I for JPEG/PNG/WebP, F for PDF, told by its bytes;
 * already checked and capped at 2 MB), from the caller's side. The file is
 * stored before the row and deleted again if the row is not written. The
 * session's `last_message_at` moves (inactivity counts from it). Both sides
 * hear `message.sent`; the other side gets a Web Push when offline.
 * Errors: 404 notFound; 403 lockedChat (the patient of a locked session);
 * 409 notActive unless the session is A.
 */
export async function postMensagem(
  deps: ChatDeps,
  actor: Actor,
  id: number,
  input: NovaMensagem,
): Promise<MensagemView> {
  const db = deps.ctx.database.db;
  const access = await findSessionFor(db, actor, id);
  if (!canSend(statusOf(access.row))) throw conflict(M.notActive);
  if (await lockedFor(db, access)) throw forbidden(M.lockedChat);
  const from = access.role === 'paciente' ? 'U' : 'M';
  const key = input.type === 'file' ? await storeChatFile(deps.ctx.storage, input.upload) : null;
  const values =
    input.type === 'T'
      ? { type: 'T', content: input.content, file_key: null, file_mime: null, file_size: null }
      : {
          type: mensagemTypeOf(input.upload),
          content: input.upload.name || `arquivo.${input.upload.kind.ext}`,
          file_key: key,
          file_mime: input.upload.kind.mime,
          file_size: input.upload.bytes.length,
        };
  let row: MensagemRow | undefined;
  try {
    row = await insertMensagem(db, access.row.id, from, values);
  } catch (error) {
    await deleteChatFile({ storage: deps.ctx.storage, log: deps.log }, key);
    throw error;
  }
  if (!row) {
    await deleteChatFile({ storage: deps.ctx.storage, log: deps.log }, key);
    throw conflict(M.notActive);
  }
  const mensagem = toMensagemView(row, deps.signer, chatNow(deps));
  publishAtendimentoEvent(
    deps.ctx,
    deps.log,
    partiesOf(access.row, access.medicoUserId),
    'message.sent',
    { atendimento_id: access.row.id, mensagem },
    {
      to: access.role === 'paciente' ? 'medico' : 'paciente',
      payload: {
        title: 'Nova mensagem',
        body:
          access.role === 'paciente'
            ? 'Você tem uma nova mensagem de um paciente.'
            : 'Você tem uma nova mensagem do seu médico.',
        // Each side opens the chat inside its own area.
        url:
          access.role === 'paciente'
            ? `/medico/atendimento/${access.row.id}`
            : `/telemedicina/atendimento/${access.row.id}`,
      },
    },
  );
  return mensagem;
}
