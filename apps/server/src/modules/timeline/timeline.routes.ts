import type { MultipartFile } from '@fastify/multipart';
import {
  AnexoViewSchema,
  MAX_PDF_BYTES,
  PDF_TOO_LARGE_MESSAGE,
  TIMELINE_ANEXOS_MAX,
  TIMELINE_MESSAGES,
  TIMELINE_SEARCH_MAX,
  TimelineItemAnswerSchema,
  TimelineItemCreateSchema,
  TimelineItemUpdateSchema,
  TimelineItemViewSchema,
  TimelinePageSchema,
  TimelinePendentesSchema,
  TimelineTargetUserSchema,
} from '@pulso/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandler } from '../../error-handler.ts';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { codeBudget } from '../../platform/rate-limit.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { actorOf, requireUser } from '../auth/auth.hooks.ts';
import { AnexoUpload, anexoCsp, contentDisposition, readAnexoPart } from './timeline.anexos.ts';
import { timelineDorRoutes } from './timeline.dor.ts';
import {
  acceptTimelineItem,
  addAnexo,
  assertUnlocked,
  createTimelineItem,
  deleteTimelineItem,
  findTargetUser,
  getTimelineItem,
  listPendentes,
  listTimeline,
  loadCaller,
  readSignedAnexo,
  refuseTimelineItem,
  removeAnexo,
  type TimelineDeps,
  updateTimelineItem,
} from './timeline.service.ts';

const INT4_MAX = 2_147_483_647;
const IdParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/** The files of a multipart field as a list: one part, several, none (blank text parts dropped). */
const asList = (v: unknown): unknown[] =>
  (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).filter((x) => x !== '');

const binary = { type: 'string', format: 'binary' } as const;

/**
 * `anexos[]`: 0..{@link TIMELINE_ANEXOS_MAX} files read by `readAnexoPart`
 * (only those are `AnexoUpload`s); a text part in their place is refused
 * with `anexoTipo`, too many with `anexosMax`, both under `errors.anexos`.
 */
const AnexosSchema = z
  .array(z.unknown())
  .superRefine((items, ctx) => {
    if (items.some((i) => !(i instanceof AnexoUpload))) {
      ctx.addIssue({ code: 'custom', message: TIMELINE_MESSAGES.anexoTipo });
    } else if (items.length > TIMELINE_ANEXOS_MAX) {
      ctx.addIssue({ code: 'custom', message: TIMELINE_MESSAGES.anexosMax });
    }
  })
  .transform((items) => items as AnexoUpload[])
  .meta({
    type: 'array',
    items: binary,
    description: `anexos[]: até ${TIMELINE_ANEXOS_MAX} arquivos JPEG, PNG, WebP (2 MB) ou PDF (10 MB)`,
  });

/**
 * `POST /api/timeline/item` multipart body: the domain's
 * `TimelineItemCreateSchema` fields (strings) plus the files, sent as
 * `anexos[]` (or `anexos`).
 */
export const TimelineItemCreateBodySchema = z.preprocess(
  (body) => {
    const fields = isRecord(body) ? { ...body } : {};
    const anexos = [...asList(fields['anexos[]']), ...asList(fields.anexos)];
    delete fields['anexos[]'];
    return { ...fields, anexos };
  },
  z.intersection(TimelineItemCreateSchema, z.object({ anexos: AnexosSchema })),
);

/** `POST /api/timeline/item/anexo` multipart body: the record's id and one file `anexo`. */
export const AnexoCreateBodySchema = z.preprocess(
  (body) => (isRecord(body) ? body : {}),
  z.object({
    timeline_item_id: z.coerce
      .number({ error: TIMELINE_MESSAGES.notFound })
      .int(TIMELINE_MESSAGES.notFound)
      .positive(TIMELINE_MESSAGES.notFound)
      .max(INT4_MAX, TIMELINE_MESSAGES.notFound),
    anexo: z
      .custom<AnexoUpload>((v) => v instanceof AnexoUpload, { error: TIMELINE_MESSAGES.anexoTipo })
      .meta({ ...binary, description: 'JPEG, PNG, WebP (2 MB) ou PDF (10 MB)' }),
  }),
);

const ListParams = z.object({
  medico: z.enum(['M', 'all']),
  search: z.string().max(TIMELINE_SEARCH_MAX, TIMELINE_MESSAGES.busca),
});
const ListParamsWithOffset = ListParams.extend({ offset: z.coerce.number().int().min(0).max(1_000_000) });

const SavedItemAnswer = z.object({ message: z.string(), timelineItem: TimelineItemViewSchema });
const DeletedItemAnswer = z.object({ message: z.string(), timelineItem: z.object({ id: z.number().int() }) });
const forbiddenErrors = { 403: ErrorBodySchema, 404: ErrorBodySchema, ...authErrors } as const;

/**
 * Error handler of the upload routes: the busboy limits (more files than
 * allowed → `tooMany`, a file past the 10 MB backstop) become 422 under the
 * files' field; everything else goes to the app's handler.
 */
function uploadErrors(field: string, tooMany: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_FILES_LIMIT') {
      const message = tooMany;
      return reply.code(422).send({ message, errors: { [field]: [message] } });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .code(422)
        .send({ message: PDF_TOO_LARGE_MESSAGE, errors: { [field]: [PDF_TOO_LARGE_MESSAGE] } });
    }
    return errorHandler(error, request, reply);
  };
}

/** Multipart limits of an upload route: `files` files, each read by `readAnexoPart`. */
function uploadConfig(files: number) {
  return {
    // Busboy's own cap is a backstop one byte past the largest kind; readAnexoPart caps by kind.
    multipartOptions: { limits: { files, fileSize: MAX_PDF_BYTES + 1 } },
    multipartFile: (part: MultipartFile) => readAnexoPart(part),
  };
}

/**
 * The health timeline (docs/health-record.md "Timeline records", "Pain map";
 * issue 5; docs/timeline-privacy.md). Every route but the signed file URL is behind `requireUser`, run
 * as `onRequest` so that no upload is read for a guest; the writes the trial
 * lock forbids are also refused there, before the body is read. JSON answers
 * carry `cache-control: private, no-store` (health data).
 */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, storage } = app.ctx;
  const { db } = app.ctx.database;
  const signer = createUrlSigner(await loadFilesUrlSecret(config), 'timeline-anexo');
  const notifier = { realtime: app.ctx.realtime, push: app.ctx.push };
  const deps = (request: FastifyRequest): TimelineDeps => ({
    db,
    storage,
    signer,
    log: request.log,
    notifier,
  });

  /** onRequest: a locked caller's writes are refused before their body is read. */
  const requireUnlocked = async (request: FastifyRequest) => {
    assertUnlocked(await loadCaller(db, actorOf(request)));
  };

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  // The pain map's history (GET /timeline/dor/historico), under the same no-store hook.
  await app.register(timelineDorRoutes);

  const listSchema = {
    summary: "A page of the caller's own timeline, newest first or by search rank",
    tags: ['timeline'],
    security: [{ bearer: [] }],
    response: { 200: TimelinePageSchema, 422: ValidationErrorBodySchema, ...authErrors },
  };
  const list = (request: FastifyRequest, params: z.infer<typeof ListParams>, offset: number) =>
    listTimeline(deps(request), actorOf(request), {
      medico: params.medico,
      search: params.search === 'all' ? null : params.search,
      offset,
    });

  /**
   * `GET /api/timeline/items/:medico/:search` and
   * `/api/timeline/items/:medico/:search/:offset` (docs/api/timeline.md
   * "Routes"): 200 `{user, timelineItems, total}` — `user` the caller's
   * `UserView`; `timelineItems` at most 20 records of the caller's own
   * timeline (records others added included, with `terceiro`) from `offset`
   * (records already loaded; default 0); `total` the records matching.
   * `:medico` `M` keeps the records doctor accounts added, `all` every
   * record; `:search` a term (≤ 100 characters, URL-encoded) or `all`:
   * Portuguese full text, accent-insensitive, prefixes and parts of words,
   * every word required, best match first (`timeline.search.ts`). 422 for a
   * bad `:medico`, a long term or a bad offset; 401.
   */
  app.get(
    '/timeline/items/:medico/:search',
    { config: { access: 'self' }, onRequest: requireUser, schema: { ...listSchema, params: ListParams } },
    async (request) => list(request, request.params, 0),
  );
  app.get(
    '/timeline/items/:medico/:search/:offset',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: { ...listSchema, params: ListParamsWithOffset },
    },
    async (request) => list(request, request.params, request.params.offset),
  );

  /**
   * `POST /api/timeline/item` (docs/api/timeline.md "Routes";
   * docs/health-record.md "Saving a pain record"), multipart: `tipo` (1, 2, 3,
   * 4, 5, 7, or 8 with `local_dor` and `intensidade_dor`), `data` (`YYYY-MM-DD`
   * or `dd/mm/aaaa`, not future), `valor` (reais: '1234.56' or 'R$ 1.234,56';
   * blank → null; pain sends 0), `medico_id` (a listed doctor; the name is then
   * the doctor's) or free `medico_name`, `descricao`, `anexos[]` (0–10 files:
   * JPEG/PNG/WebP ≤ 2 MB, PDF ≤ 10 MB, told by their bytes), `user_id` (another
   * patient's timeline, whose code the caller looked up in the last 24 hours;
   * marked M and straight in for a doctor account, T and pending the patient's
   * approval otherwise; at most 10 a day per adder and patient; the patient is
   * told: docs/timeline-privacy.md). 201 `{message: 'Adicionado com sucesso!' |
   * 'Adicionado na linha do tempo do paciente com sucesso!' (M) |
   * TIMELINE_MESSAGES.addedPending (T), timelineItem}`; 403 locked (the caller's
   * own lock), lookupRequired; 404 patientNotFound (closed since the lookup);
   * 422 field errors (`tipo`, `data`, `valor`, `descricao`, `medico_id`,
   * `local_dor`, `intensidade_dor`, `anexos`); 429 dailyLimit; 401.
   */
  app.post(
    '/timeline/item',
    {
      onRequest: [requireUser, requireUnlocked],
      config: { access: 'self', ...uploadConfig(TIMELINE_ANEXOS_MAX) },
      errorHandler: uploadErrors('anexos', TIMELINE_MESSAGES.anexosMax),
      schema: {
        summary: 'Adds a record (with attachments) to the caller’s timeline or to another patient’s',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: TimelineItemCreateBodySchema,
        response: {
          201: SavedItemAnswer,
          422: ValidationErrorBodySchema,
          429: ErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request, reply) => {
      const { anexos, ...input } = request.body;
      const answer = await createTimelineItem(deps(request), actorOf(request), input, anexos);
      return reply.code(201).send(answer);
    },
  );

  /**
   * `POST /api/timeline/item/anexo` (docs/api/timeline.md "Routes"), multipart
   * `timeline_item_id` + one file `anexo` (JPEG/PNG/WebP ≤ 2 MB, PDF ≤
   * 10 MB, told by its bytes): 201 `{anexo: AnexoView}` (`url` signed for
   * 15 minutes). With the rights of editing the record: 404 unless owner or
   * author; 403 painImmutable, notAuthor, locked; 422 `errors.anexo` (type,
   * size, missing, two files in one request, more than 10 files on the
   * record), `errors.timeline_item_id`; 401.
   */
  app.post(
    '/timeline/item/anexo',
    {
      onRequest: [requireUser, requireUnlocked],
      config: { access: 'owner', ...uploadConfig(1) },
      errorHandler: uploadErrors('anexo', TIMELINE_MESSAGES.anexoUm),
      schema: {
        summary: 'Attaches one file to a record',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: AnexoCreateBodySchema,
        response: {
          201: z.object({ anexo: AnexoViewSchema }),
          422: ValidationErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request, reply) => {
      const { timeline_item_id, anexo } = request.body;
      const view = await addAnexo(deps(request), actorOf(request), timeline_item_id, anexo);
      return reply.code(201).send({ anexo: view });
    },
  );

  /**
   * `DELETE /api/timeline/item/anexo/:id` (docs/api/timeline.md "Routes"): 200
   * `{anexo: {id}}`; the file is deleted from storage after the row. With the
   * rights of editing the record, not blocked by the trial lock: 404
   * anexoNotFound unless owner or author; 403 painImmutable, notAuthor; 401.
   */
  app.delete(
    '/timeline/item/anexo/:id',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: 'Removes one attachment of a record',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: {
          200: z.object({ anexo: z.object({ id: z.number().int() }) }),
          422: ValidationErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request) => {
      await removeAnexo(deps(request), actorOf(request), request.params.id);
      return { anexo: { id: request.params.id } };
    },
  );

  /**
   * `GET /api/timeline/item/:id` (docs/api/timeline.md "Routes"): 200 `{user,
   * timelineItem}`, `user` the caller's own `UserView`. Readable by the
   * patient whose timeline holds it and by whoever added it there; 404
   * `{message: 'Registro não encontrado'}` for anyone else (existence not
   * revealed); 401.
   */
  app.get(
    '/timeline/item/:id',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: 'One record, for its owner or its author',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: {
          200: TimelineItemAnswerSchema,
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => getTimelineItem(deps(request), actorOf(request), request.params.id),
  );

  /**
   * `PUT /api/timeline/item/:id` (docs/api/timeline.md "Routes") `{data,
   * valor, medico_id, medico_name, descricao}` (`TimelineItemUpdateSchema`):
   * 200 `{message: 'Atualizado com sucesso!', timelineItem}`. The owner edits
   * their own records, the author the records they added; 403 painImmutable
   * (type 8), notAuthor, locked; 404 for anyone else; 422 field errors; 401.
   */
  app.put(
    '/timeline/item/:id',
    {
      config: { access: 'owner' },
      onRequest: [requireUser, requireUnlocked],
      schema: {
        summary: 'Edits a record',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: TimelineItemUpdateSchema,
        response: { 200: SavedItemAnswer, 422: ValidationErrorBodySchema, ...forbiddenErrors },
      },
    },
    async (request) => ({
      message: TIMELINE_MESSAGES.updated,
      timelineItem: await updateTimelineItem(
        deps(request),
        actorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  /**
   * `DELETE /api/timeline/item/:id` (docs/api/timeline.md "Routes"): 200
   * `{message: 'Excluído com sucesso!', timelineItem: {id}}`; its files are
   * deleted from storage after the row (a storage failure is logged). The
   * owner deletes any record of their timeline, the author the records they
   * added; not blocked by the trial lock; 403 painImmutable (type 8); 404 for
   * anyone else; 401.
   */
  app.delete(
    '/timeline/item/:id',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: 'Deletes a record and its files',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: DeletedItemAnswer, 422: ValidationErrorBodySchema, ...forbiddenErrors },
      },
    },
    async (request) => {
      await deleteTimelineItem(deps(request), actorOf(request), request.params.id);
      return { message: TIMELINE_MESSAGES.deleted, timelineItem: { id: request.params.id } };
    },
  );

  const pendentesSchema = {
    summary: "Third parties' records awaiting the caller's approval",
    tags: ['timeline'],
    security: [{ bearer: [] }],
    response: { 200: TimelinePendentesSchema, 422: ValidationErrorBodySchema, ...authErrors },
  };

  /**
   * `GET /api/timeline/pendentes` and `/api/timeline/pendentes/:offset`
   * (beyond the spec; docs/timeline-privacy.md): 200 `{timelineItems,
   * total}` — 'Registros aguardando sua aprovação', the records third
   * parties added to the caller's own timeline and the caller has not
   * accepted (`pendente: true`, with `terceiro`), most recently added first,
   * 20 from `offset` (default 0); `total` all of them (the badge). Anyone
   * signed in gets their own list (empty for most); 422 bad offset; 401.
   */
  app.get(
    '/timeline/pendentes',
    { config: { access: 'self' }, onRequest: requireUser, schema: pendentesSchema },
    async (request) => listPendentes(deps(request), actorOf(request), 0),
  );
  app.get(
    '/timeline/pendentes/:offset',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...pendentesSchema,
        params: z.object({ offset: z.coerce.number().int().min(0).max(1_000_000) }),
      },
    },
    async (request) => listPendentes(deps(request), actorOf(request), request.params.offset),
  );

  /**
   * `PUT /api/timeline/item/:id/aceitar` (beyond the spec;
   * docs/timeline-privacy.md): the patient accepts a third party's pending
   * record: 200 `{message: TIMELINE_MESSAGES.accepted, timelineItem}`; from
   * then on it is read as any record of the timeline (through the code as a
   * third party's). Not blocked by the trial lock. 403 onlyPatient (its
   * author); 404 for anyone else; 409 notPending; 401.
   */
  app.put(
    '/timeline/item/:id/aceitar',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: "Accepts a third party's record into the caller's timeline",
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: {
          200: SavedItemAnswer,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request) => ({
      message: TIMELINE_MESSAGES.accepted,
      timelineItem: await acceptTimelineItem(deps(request), actorOf(request), request.params.id),
    }),
  );

  /**
   * `PUT /api/timeline/item/:id/recusar` (beyond the spec;
   * docs/timeline-privacy.md): the patient refuses a third party's pending
   * record: it is deleted with its attachments (files too): 200 `{message:
   * TIMELINE_MESSAGES.refused, timelineItem: {id}}`. Not blocked by the
   * trial lock. 403 onlyPatient (its author); 404 for anyone else; 409
   * notPending (an accepted record is deleted with DELETE); 401.
   */
  app.put(
    '/timeline/item/:id/recusar',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: "Refuses (deletes) a third party's record awaiting approval",
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: {
          200: DeletedItemAnswer,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request) => {
      await refuseTimelineItem(deps(request), actorOf(request), request.params.id);
      return { message: TIMELINE_MESSAGES.refused, timelineItem: { id: request.params.id } };
    },
  );

  /**
   * `GET /api/timeline/user/:code` (docs/api/timeline.md "Routes";
   * rate-limited per IP like the public code lookup): 200 `{user: {id, name,
   * avatar, code}}` — only what the add-to-another-patient screen shows; 404
   * `{message: 'Paciente não encontrado'}` for a malformed, unknown or
   * unclaimed code or a closed account; 429 past the limit; 401.
   */
  app.get(
    '/timeline/user/:code',
    {
      onRequest: requireUser,
      config: { access: 'self', rateLimit: codeBudget(config) },
      schema: {
        summary: 'The patient holding a personal code, to add a record to their timeline',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: z.object({ code: z.string() }),
        response: {
          200: z.object({ user: TimelineTargetUserSchema }),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => ({ user: await findTargetUser(db, actorOf(request), request.params.code) }),
  );

  /**
   * `GET /api/timeline/anexo/:id/:expires/:signature` — the signed URL of
   * `AnexoView.url` (no bearer: an `<img>` cannot send one; the URL is the
   * capability, handed only to the record's owner and author, valid 15
   * minutes; `expires` Unix seconds, `signature` HMAC-SHA256 of the server's
   * `FILES_URL_SECRET`). 200 the bytes with the stored type, `content-
   * disposition: inline` with a safe name, `nosniff`, `cache-control:
   * private, max-age` ≤ the time left, and a CSP that runs nothing
   * (`default-src 'none'`). 403 expired or bad signature; 404 gone.
   */
  app.get(
    '/timeline/anexo/:id/:expires/:signature',
    {
      config: { access: 'capability' },
      schema: {
        summary: 'An attachment’s bytes through its short-lived signed URL',
        tags: ['timeline'],
        params: z.object({ id: z.string(), expires: z.string(), signature: z.string() }),
        response: { 200: z.custom<Buffer>().meta(binary), 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await readSignedAnexo(deps(request), request.params);
      const left = Math.max(0, file.expires - Math.floor(Date.now() / 1000));
      const ext = file.path.slice(file.path.lastIndexOf('.') + 1);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.name, ext))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${left}`)
        .header('content-security-policy', anexoCsp(file.mime))
        .send(file.bytes);
    },
  );
};
