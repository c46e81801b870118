import {
  AtendimentoChatSchema,
  FILE_TOO_LARGE_MESSAGE,
  INT4_MAX,
  TELEMEDICINA_MESSAGES as M,
  MAX_UPLOAD_BYTES,
  MensagemTextoSchema,
  MensagemViewSchema,
  TIMELINE_MESSAGES,
} from '@pulso/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandler } from '../../error-handler.ts';
import { ErrorBodySchema, IdParams } from '../../http.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { AnexoUpload, anexoCsp, contentDisposition } from '../timeline/index.ts';
import { CHAT_URL_PURPOSE, readChatPart } from './chat.files.ts';
import { type ChatDeps, getChat, listMensagens, type NovaMensagem, postMensagem } from './chat.service.ts';
import { deleteMensagem, markRead, readSignedArquivo } from './mensagem.service.ts';

import { errors404, telemedicinaMeta as meta, privateAnswers } from './telemedicina.http.ts';

const binary = { type: 'string', format: 'binary' } as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * `POST /api/telemedicina/atendimento/:id/mensagem` body, JSON or multipart:
 * `{type: 'T', content}` (text, 1–4000 characters, trimmed), or `type` I/F
 * with the file in `content` (read by `readChatPart`; only those are
 * `AnexoUpload`s, so a JSON body cannot forge one; the type stored is told
 * by the bytes). Errors under `errors.content`: 'Digite a mensagem',
 * 'Envie uma imagem (JPEG, PNG ou WebP) ou um PDF'.
 */
export const MensagemBodySchema = z.preprocess(
  (body) => (isRecord(body) ? body : {}),
  z
    .object({
      type: z.enum(['T', 'I', 'F']),
      content: z
        .unknown()
        .optional()
        .meta({ description: 'texto (T) ou arquivo (I, F): JPEG, PNG, WebP ou PDF, 2 MB' }),
    })
    .transform((body, ctx): NovaMensagem => {
      if (body.type !== 'T') {
        if (body.content instanceof AnexoUpload) return { type: 'file', upload: body.content };
        ctx.addIssue({ code: 'custom', path: ['content'], message: M.fileType });
        return z.NEVER;
      }
      // A missing key, not `content: undefined`: the domain's message names what is missing.
      const text = MensagemTextoSchema.safeParse(
        body.content === undefined ? { type: 'T' } : { type: 'T', content: body.content },
      );
      if (text.success) return text.data;
      for (const issue of text.error.issues)
        ctx.addIssue({ code: 'custom', path: ['content'], message: issue.message });
      return z.NEVER;
    }),
);

/**
 * Error handler of the message route: busboy's limits (a second file, a
 * file past the 2 MB backstop) become 422 under `content`; everything else
 * goes to the app's handler.
 */
function mensagemUploadErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_FILES_LIMIT') {
    return reply
      .code(422)
      .send({ message: TIMELINE_MESSAGES.anexoUm, errors: { content: [TIMELINE_MESSAGES.anexoUm] } });
  }
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply
      .code(422)
      .send({ message: FILE_TOO_LARGE_MESSAGE, errors: { content: [FILE_TOO_LARGE_MESSAGE] } });
  }
  return errorHandler(error, request, reply);
}
const MensagensPageSchema = z.object({ mensagens: z.array(MensagemViewSchema), has_more: z.boolean() });

/**
 * The chat of a care session, for its patient and its doctor
 * (docs/api/telemedicina.md "Chat (both sides)"): the session with its latest
 * messages, older pages, sending text or a file, marking read, deleting,
 * and the signed file URL. Every route but that URL is behind
 * `requireUser`, run as `onRequest` so that no upload is read for a guest.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const signer = createUrlSigner(await loadFilesUrlSecret(ctx), CHAT_URL_PURPOSE);
  const chat = (request: FastifyRequest): ChatDeps => ({ ctx, log: request.log, signer });

  app.addHook('onSend', privateAnswers);

  /**
   * `GET /api/telemedicina/atendimento/:id` (docs/api/telemedicina.md "Chat (both sides)") → 200
   * `AtendimentoChat` `{user, medico, paciente, atendimento, mensagens (the
   * latest 50, oldest first), has_more, lock, role}` for the session's
   * patient or doctor, in any status; opened by its patient, the doctor's
   * answer is seen from then on. 404 notFound for anyone else; 401.
   */
  app.get(
    '/telemedicina/atendimento/:id',
    {
      config: { access: 'session' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'A care session’s chat, for its patient or its doctor',
        params: IdParams,
        response: { 200: AtendimentoChatSchema, ...errors404 },
      },
    },
    async (request) => getChat(chat(request), actorOf(request), request.params.id),
  );

  /**
   * `GET /api/telemedicina/atendimento/:id/mensagens?before=<id>` → 200
   * `{mensagens, has_more}`: up to 50 messages older than `before` (all the
   * latest without it), oldest first. 404 as the chat; 422; 401.
   */
  app.get(
    '/telemedicina/atendimento/:id/mensagens',
    {
      config: { access: 'session' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Older messages of a chat',
        params: IdParams,
        querystring: z.object({ before: z.coerce.number().int().positive().max(INT4_MAX).optional() }),
        response: { 200: MensagensPageSchema, ...errors404 },
      },
    },
    async (request) =>
      listMensagens(chat(request), actorOf(request), request.params.id, request.query.before ?? null),
  );

  /**
   * `POST /api/telemedicina/atendimento/:id/mensagem` (docs/api/telemedicina.md "Chat (both sides)"): JSON `{type: 'T', content}` or multipart `type` + `content` (the
   * text, or the file for I/F: JPEG, PNG, WebP → I, PDF → F, told by the
   * bytes; 2 MB) → 201 `{mensagem}`, from the caller's side. 403 lockedChat
   * (the patient of a plan-paid session while locked); 404 notFound; 409
   * notActive (not A: nothing is sent in P, R, E, ET); 422 `errors.content`
   * ('Digite a mensagem', 'Envie uma imagem (JPEG, PNG ou WebP) ou um PDF',
   * 'O arquivo deve ter no máximo 2MB'); 401.
   */
  app.post(
    '/telemedicina/atendimento/:id/mensagem',
    {
      onRequest: requireUser,
      config: {
        access: 'session',
        // Busboy's cap is a backstop one byte past the limit; readChatPart refuses at 2 MB + 1.
        multipartOptions: { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1 } },
        multipartFile: readChatPart,
      },
      errorHandler: mensagemUploadErrors,
      schema: {
        ...meta,
        summary: 'Sends a text, image or PDF message',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParams,
        body: MensagemBodySchema,
        response: {
          201: z.object({ mensagem: MensagemViewSchema }),
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          ...errors404,
        },
      },
    },
    async (request, reply) => {
      const mensagem = await postMensagem(chat(request), actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ mensagem });
    },
  );

  /**
   * `PUT /api/telemedicina/mensagem/:id` (docs/api/telemedicina.md "Chat (both sides)") → 200 `{mensagem: {id,
   * read_at}}`: its recipient marks it read (idempotent). 403 its author;
   * 404 mensagemNotFound for anyone outside the session; 401.
   */
  app.put(
    '/telemedicina/mensagem/:id',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Marks a message read',
        params: IdParams,
        response: {
          200: z.object({ mensagem: z.object({ id: z.number().int(), read_at: z.string() }) }),
          403: ErrorBodySchema,
          ...errors404,
        },
      },
    },
    async (request) => ({ mensagem: await markRead(chat(request), actorOf(request), request.params.id) }),
  );

  /**
   * `DELETE /api/telemedicina/mensagem/:id` (docs/api/telemedicina.md "Chat (both sides)") → 200 `{mensagem:
   * {id}}`: the author deletes their own message while the session is A
   * (its file too). 403 notOwnMessage; 404 mensagemNotFound; 409 notActive; 401.
   */
  app.delete(
    '/telemedicina/mensagem/:id',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Deletes one of the caller’s messages',
        params: IdParams,
        response: {
          200: z.object({ mensagem: z.object({ id: z.number().int() }) }),
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          ...errors404,
        },
      },
    },
    async (request) => {
      await deleteMensagem(chat(request), actorOf(request), request.params.id);
      return { mensagem: { id: request.params.id } };
    },
  );

  /**
   * `GET /api/telemedicina/mensagem/:id/arquivo/:expires/:signature` — the
   * signed URL of `MensagemView.url` (no bearer: an `<img>` cannot send one;
   * valid 15–16 minutes; HMAC-SHA256 of `FILES_URL_SECRET` over
   * `chat-arquivo:id:expires`). 200 the bytes with the stored type,
   * `content-disposition: inline`, `nosniff`, `cache-control: private,
   * max-age` ≤ the time left and a CSP that runs nothing. 403 tampered or
   * expired ('Link do arquivo expirado ou inválido. Abra o atendimento
   * novamente.'); 404 gone.
   */
  app.get(
    '/telemedicina/mensagem/:id/arquivo/:expires/:signature',
    {
      config: { access: 'capability' },
      schema: {
        tags: ['telemedicina'],
        summary: 'A chat file’s bytes through its short-lived signed URL',
        params: z.object({ id: z.string(), expires: z.string(), signature: z.string() }),
        response: { 200: z.custom<Buffer>().meta(binary), 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await readSignedArquivo(chat(request), request.params);
      const left = Math.max(0, file.expires - Math.floor(Date.now() / 1000));
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.name, file.ext))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${left}`)
        .header('content-security-policy', anexoCsp(file.mime))
        .send(file.bytes);
    },
  );
};
