import type { MultipartFile } from '@fastify/multipart';
import {
  FILE_TOO_LARGE_MESSAGE,
  PROFISSIONAL_MESSAGES as M,
  MAX_UPLOAD_BYTES,
  ProfissionalAnswerSchema,
  ProfissionalCreateSchema,
  ProfissionalDeletedSchema,
  ProfissionalSavedSchema,
} from '@pulso/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandler } from '../../error-handler.ts';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { AnexoUpload, anexoCsp } from '../timeline/index.ts';
import {
  assertNoProfissional,
  DOCUMENTO_URL_PURPOSE,
  deleteProfissional,
  getProfissional,
  type ProfissionalDeps,
  readDocumentoPart,
  readSignedDocumento,
  registerProfissional,
} from './profissional.service.ts';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

const binary = { type: 'string', format: 'binary' } as const;

/**
 * `POST /api/profissional` multipart body: the domain's
 * `ProfissionalCreateSchema` (`tipo`, `numero`) and the photo `documento`,
 * read by `readDocumentoPart` (only those are `AnexoUpload`s: a text part or
 * a JSON value in its place is refused). Every missing field is reported at
 * once, under its own name, with the messages of docs/codes.md "Registering
 * and its messages".
 */
export const ProfissionalCreateBodySchema = z.preprocess(
  (body) => (isRecord(body) ? body : {}),
  ProfissionalCreateSchema.extend({
    documento: z
      .custom<AnexoUpload>((v) => v instanceof AnexoUpload, { error: M.documento })
      .meta({ ...binary, description: 'Foto do documento: JPEG, PNG ou WebP, até 2 MB' }),
  }),
);

/**
 * Errors of the upload: a second file (busboy's `files` limit) → 422
 * `errors.documento` {@link M.documentoUm}; a file past busboy's backstop →
 * 422 'O arquivo deve ter no máximo 2MB'; the rest to the app's handler.
 */
function uploadErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_FILES_LIMIT'
      ? M.documentoUm
      : error.code === 'FST_REQ_FILE_TOO_LARGE'
        ? FILE_TOO_LARGE_MESSAGE
        : null;
  if (message) return reply.code(422).send({ message, errors: { documento: [message] } });
  return errorHandler(error, request, reply);
}

/**
 * The emergency professional's credential, /profissional (docs/codes.md
 * "Emergency professional"; docs/api/indicadores-score-profissional.md "Emergency professional";
 * docs/authorization.md "Who sees what through the code" level 3; issue 7).
 * Every route but the signed document URL is behind `requireUser` (401), run
 * as `onRequest` so no upload is read for a guest, and reads or writes only
 * the caller's own credential (the user comes from the session). Not
 * trial-locked (docs/accounts.md "Trial and locked accounts": the trial locks
 * the timeline, the indicators and the pain map only). Every answer carries
 * `cache-control: private, no-store`.
 */
export const profissionalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.ctx;
  const { db } = app.ctx.database;
  const signer = createUrlSigner(await loadFilesUrlSecret(app.ctx), DOCUMENTO_URL_PURPOSE);
  const deps = (request: FastifyRequest): ProfissionalDeps => ({ db, storage, signer, log: request.log });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /**
   * `GET /api/profissional`: 200 `{profissional}` — the caller's credential
   * `{id, tipo, numero, documento, status, created_at}` (`documento` a
   * signed URL of the photo valid 15–16 minutes; `status` `pendente`,
   * `verificado` or `rejeitado`), or `null` when none; 401.
   */
  app.get(
    '/profissional',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "The caller's emergency-professional credential, or null",
        tags: ['profissional'],
        security: [{ bearer: [] }],
        response: { 200: ProfissionalAnswerSchema, ...authErrors },
      },
    },
    async (request) => ({ profissional: await getProfissional(deps(request), actorOf(request)) }),
  );

  /**
   * `POST /api/profissional`, multipart: `tipo` (`M` Médico, `B` Bombeiro,
   * `S` SAMU), `numero` (registration number, ≤ 30 characters), `documento`
   * (one photo, JPEG/PNG/WebP told by its bytes, ≤ 2 MB; the web resizes it
   * to 800 px wide, JPEG 0.5). 201 `{message: 'Cadastro de profissional
   * realizado com sucesso!', profissional}` (status `pendente`). 409
   * {@link M.exists} when the caller already holds one (checked before the
   * upload is read); 422 `errors.tipo` 'Informe o tipo de profissional',
   * `errors.numero` 'Informe seu número de cadastro' (or its format/length),
   * `errors.documento` 'Anexe uma foto do seu documento', a wrong type, two
   * files, 'O arquivo deve ter no máximo 2MB'; 401.
   */
  app.post(
    '/profissional',
    {
      onRequest: [requireUser, async (request: FastifyRequest) => assertNoProfissional(db, actorOf(request))],
      config: {
        access: 'self',
        // Busboy's cap is a backstop one byte past 2 MB; readDocumentoPart stops at the cap itself.
        multipartOptions: { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1 } },
        multipartFile: (part: MultipartFile) => readDocumentoPart(part),
      },
      errorHandler: uploadErrors,
      schema: {
        summary: 'Registers the caller’s emergency-professional credential with a photo of the document',
        tags: ['profissional'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: ProfissionalCreateBodySchema,
        response: {
          201: ProfissionalSavedSchema,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const { documento, ...input } = request.body;
      const profissional = await registerProfissional(deps(request), actorOf(request), input, documento);
      return reply.code(201).send({ message: M.saved, profissional });
    },
  );

  /**
   * `DELETE /api/profissional`: deletes the caller's whole credential (the
   * only change allowed once registered, docs/codes.md "Once registered")
   * and its photo. 200
   * `{message: 'Cadastro de profissional excluído com sucesso!',
   * profissional: null}`; 404 {@link M.notFound} when there is none; 401.
   */
  app.delete(
    '/profissional',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "Deletes the caller's emergency-professional credential and its document",
        tags: ['profissional'],
        security: [{ bearer: [] }],
        response: { 200: ProfissionalDeletedSchema, 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      await deleteProfissional(deps(request), actorOf(request));
      return { message: M.deleted, profissional: null };
    },
  );

  /**
   * `GET /api/profissional/documento/:id/:expires/:signature` — the signed
   * URL of `profissional.documento` (no bearer: an `<img>` cannot send one;
   * the URL is the capability, handed only to the credential's owner, valid
   * 15–16 minutes; `expires` Unix seconds; `signature` HMAC-SHA256 with the
   * purpose `profissional-documento`, so a timeline or chat signature never
   * opens it). 200 the photo's bytes with its type, `content-disposition:
   * inline`, `nosniff`, `cache-control: private, no-store` and a CSP that
   * runs nothing; 403 {@link M.documentoLink} expired, tampered or malformed;
   * 404 {@link M.documentoNotFound} when the credential was deleted since.
   */
  app.get(
    '/profissional/documento/:id/:expires/:signature',
    {
      config: { access: 'capability' },
      schema: {
        summary: 'The document photo of a credential through its short-lived signed URL',
        tags: ['profissional'],
        params: z.object({ id: z.string(), expires: z.string(), signature: z.string() }),
        response: { 200: z.custom<Buffer>().meta(binary), 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await readSignedDocumento(deps(request), request.params);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `inline; filename="documento.${file.ext}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', anexoCsp(file.mime))
        .send(file.bytes);
    },
  );
};
