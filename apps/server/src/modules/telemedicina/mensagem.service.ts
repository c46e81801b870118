import { canDeleteMensagem, INT4_MAX, TELEMEDICINA_MESSAGES as M } from '@pulso/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { atendimentos, mensagens } from '../../db/schema/index.ts';
import { forbidden, HttpError, notFound } from '../../errors.ts';
import { deleteChatFile } from './chat.files.ts';
import { type ChatDeps, chatNow } from './chat.service.ts';
import { conflict, findSessionFor, partiesOf, type SessionAccess } from './telemedicina.access.ts';
import { publishAtendimentoEvent } from './telemedicina.events.ts';
import { type MensagemRow, statusOf } from './telemedicina.presenter.ts';

/**
 * One message of a care session once it exists (docs/api/telemedicina.md "Chat (both sides)"): its recipient
 * marks it read, its author deletes it while the session is A, and its file is served behind a signed URL.
 * Sending and reading the conversation are chat.service.ts.
 */

/** Message from the signed file URL when its signature is not the server's or it expired. */
export const ARQUIVO_LINK_MESSAGE = 'Link do arquivo expirado ou inválido. Abra o atendimento novamente.';

/**
 * Locks the session row inside `tx` and answers its status, so that a
 * message is never deleted after the session ends (the ending updates wait
 * for this lock, and this read waits for theirs). Sending locks it in its
 * own statement (`insertMensagem` in chat.service.ts).
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
 * `PUT /api/telemedicina/mensagem/:id` (docs/api/telemedicina.md): the message's recipient
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
 * `DELETE /api/telemedicina/mensagem/:id` (docs/api/telemedicina.md): the author
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
  const deleted = await db.transaction(async (tx) => {
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
  if (!deps.signer.verify(id, expires, params.signature, chatNow(deps))) throw denied();
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
