import {
  type AtendimentoChat,
  canDeleteMensagem,
  canSend,
  isChatLocked,
  isLocked,
  TELEMEDICINA_MESSAGES as M,
  MENSAGENS_PAGE_SIZE,
  type MensagemView,
} from '@pulso/domain';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { atendimentos, mensagens } from '../../db/schema/index.ts';
import { forbidden, HttpError, notFound } from '../../errors.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import type { AnexoUpload } from '../timeline/timeline.anexos.ts';
import { loadCaller } from '../timeline/timeline.service.ts';
import { selectUserRow, toUserView } from '../users/user.presenter.ts';
import { deleteChatFile, mensagemTypeOf, storeChatFile } from './chat.files.ts';
import { markRespostasSeen } from './respostas.ts';
import { conflict, findSessionFor, INT4_MAX, partiesOf, type SessionAccess } from './telemedicina.access.ts';
import { publishAtendimentoEvent } from './telemedicina.events.ts';
import {
  loadAtendimentoView,
  loadMedicoView,
  type MensagemRow,
  pagamentoOf,
  statusOf,
  toMensagemView,
} from './telemedicina.presenter.ts';

/**
 * The chat of a care session (spec 1 §2 /telemedicina/atendimento/:id, §4;
 * spec 2 chat, §4 "Unread counter", §6; RULINGS.md "Messages"; issue 6).
 * Both sides use it: the session's patient (messages `from` U) and its
 * doctor (`from` M); anyone else gets 404. Messages are sent and deleted
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

/** The text or the checked file of a new message. */
export type NovaMensagem = { type: 'T'; content: string } | { type: 'file'; upload: AnexoUpload };

/** Message from the signed file URL when its signature is not the server's or it expired. */
export const ARQUIVO_LINK_MESSAGE = 'Link do arquivo expirado ou inválido. Abra o atendimento novamente.';

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
  const now = (deps.now ?? nowSeconds)();
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
 * `GET /api/telemedicina/atendimento/:id` (spec 1 §7) → `AtendimentoChat`:
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

/**
 * Locks the session row inside `tx` and answers its status, so that a
 * message is never written or deleted after the session ends (the ending
 * updates wait for this lock, and this read waits for theirs).
 */
async function lockSession(tx: Db, atendimentoId: number) {
  const [row] = await tx
    .select({ status: atendimentos.status })
    .from(atendimentos)
    .where(eq(atendimentos.id, atendimentoId))
    .for('update');
  return row ? statusOf(row) : null;
}

/**
 * `POST /api/telemedicina/atendimento/:id/mensagem` (spec 1 §7, spec 2 §7):
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
  let row: MensagemRow;
  try {
    row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const status = await lockSession(tx, access.row.id);
      if (status === null || !canSend(status)) throw conflict(M.notActive);
      const values =
        input.type === 'T'
          ? { type: 'T', content: input.content }
          : {
              type: mensagemTypeOf(input.upload),
              content: input.upload.name || `arquivo.${input.upload.kind.ext}`,
              file_key: key,
              file_mime: input.upload.kind.mime,
              file_size: input.upload.bytes.length,
            };
      const [inserted] = await tx
        .insert(mensagens)
        .values({ atendimento_id: access.row.id, from, ...values })
        .returning();
      if (!inserted) throw new Error('mensagem not inserted');
      await tx
        .update(atendimentos)
        .set({ last_message_at: inserted.created_at, updated_at: inserted.created_at })
        .where(eq(atendimentos.id, access.row.id));
      return inserted;
    });
  } catch (error) {
    await deleteChatFile({ storage: deps.ctx.storage, log: deps.log }, key);
    throw error;
  }
  const mensagem = toMensagemView(row, deps.signer, (deps.now ?? nowSeconds)());
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

/**
 * A message with its session and the caller's side. Errors: 404
 * 'Mensagem não encontrada' unless the caller is the session's patient or doctor.
 */
async function findMensagemFor(
  db: Db,
  actor: Actor,
  mensagemId: number,
): Promise<{ mensagem: MensagemRow; access: SessionAccess }> {
  const [mensagem] =
    mensagemId <= INT4_MAX
      ? await db.select().from(mensagens).where(eq(mensagens.id, mensagemId)).limit(1)
      : [];
  if (!mensagem) throw notFound(M.mensagemNotFound);
  try {
    return { mensagem, access: await findSessionFor(db, actor, mensagem.atendimento_id) };
  } catch (error) {
    // Its session hidden from the caller: the message is just as unknown to them.
    throw error instanceof HttpError && error.statusCode === 404 ? notFound(M.mensagemNotFound) : error;
  }
}

/**
 * `PUT /api/telemedicina/mensagem/:id` (spec 2 §7): the message's recipient
 * (the side that did not write it) marks it read; idempotent (a read
 * message keeps its first `read_at`). In any status. The first marking
 * sends `message.read` to both sides (the recipient's counter falls).
 * Errors: 404 mensagemNotFound; 403 for its author.
 */
export async function markRead(
  deps: ChatDeps,
  actor: Actor,
  mensagemId: number,
): Promise<{ id: number; read_at: string }> {
  const db = deps.ctx.database.db;
  const { mensagem, access } = await findMensagemFor(db, actor, mensagemId);
  const recipient = mensagem.from === 'U' ? 'medico' : 'paciente';
  if (access.role !== recipient) throw forbidden();
  const [updated] = await db
    .update(mensagens)
    .set({ read_at: new Date() })
    .where(and(eq(mensagens.id, mensagem.id), isNull(mensagens.read_at)))
    .returning({ read_at: mensagens.read_at });
  if (updated?.read_at) {
    const read_at = updated.read_at.toISOString();
    publishAtendimentoEvent(deps.ctx, deps.log, partiesOf(access.row, access.medicoUserId), 'message.read', {
      atendimento_id: access.row.id,
      id: mensagem.id,
      from: mensagem.from === 'M' ? 'M' : 'U',
      read_at,
    });
    return { id: mensagem.id, read_at };
  }
  const [current] = await db
    .select({ read_at: mensagens.read_at })
    .from(mensagens)
    .where(eq(mensagens.id, mensagem.id));
  if (!current?.read_at) throw notFound(M.mensagemNotFound);
  return { id: mensagem.id, read_at: current.read_at.toISOString() };
}

/**
 * `DELETE /api/telemedicina/mensagem/:id` (spec 2 §6, §7): the author
 * deletes their own message while the session is A (`canDeleteMensagem`);
 * its file goes after the row. Both sides hear `message.deleted`
 * (`was_unread`: the recipient's counter falls). Errors: 404
 * mensagemNotFound; 403 notOwnMessage for the other side; 409 notActive.
 */
export async function deleteMensagem(deps: ChatDeps, actor: Actor, mensagemId: number): Promise<void> {
  const db = deps.ctx.database.db;
  const { mensagem, access } = await findMensagemFor(db, actor, mensagemId);
  const viewer = access.role === 'paciente' ? 'U' : 'M';
  const from = mensagem.from === 'M' ? 'M' : 'U';
  if (from !== viewer) throw forbidden(M.notOwnMessage);
  const deleted = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const status = await lockSession(tx, access.row.id);
    if (status === null || !canDeleteMensagem({ from, viewer, status })) throw conflict(M.notActive);
    const [gone] = await tx
      .delete(mensagens)
      .where(eq(mensagens.id, mensagem.id))
      .returning({ file_key: mensagens.file_key, read_at: mensagens.read_at });
    return gone ?? null;
  });
  if (!deleted) throw notFound(M.mensagemNotFound);
  await deleteChatFile({ storage: deps.ctx.storage, log: deps.log }, deleted.file_key);
  publishAtendimentoEvent(deps.ctx, deps.log, partiesOf(access.row, access.medicoUserId), 'message.deleted', {
    atendimento_id: access.row.id,
    id: mensagem.id,
    from,
    was_unread: deleted.read_at === null,
  });
}

/**
 * The file of a message behind its signed URL
 * (`GET /api/telemedicina/mensagem/:id/arquivo/:expires/:signature`).
 * Errors: 403 {@link ARQUIVO_LINK_MESSAGE} when the signature is not the
 * server's or the URL expired; 404 mensagemNotFound when the message or its
 * file is gone.
 */
export async function readSignedArquivo(
  deps: ChatDeps,
  params: { id: string; expires: string; signature: string },
): Promise<{ bytes: Buffer; name: string; mime: string; ext: string; expires: number }> {
  const denied = () => forbidden(ARQUIVO_LINK_MESSAGE);
  if (!/^\d{1,10}$/.test(params.id) || !/^\d{1,12}$/.test(params.expires)) throw denied();
  const id = Number(params.id);
  const expires = Number(params.expires);
  if (!deps.signer.verify(id, expires, params.signature, (deps.now ?? nowSeconds)())) throw denied();
  const [row] =
    id <= INT4_MAX
      ? await deps.ctx.database.db
          .select({ content: mensagens.content, key: mensagens.file_key, mime: mensagens.file_mime })
          .from(mensagens)
          .where(eq(mensagens.id, id))
          .limit(1)
      : [];
  const bytes = row?.key ? await deps.ctx.storage.get(row.key) : null;
  if (!row?.key || !row.mime || !bytes) throw notFound(M.mensagemNotFound);
  return {
    bytes,
    name: row.content,
    mime: row.mime,
    ext: row.key.slice(row.key.lastIndexOf('.') + 1),
    expires,
  };
}
