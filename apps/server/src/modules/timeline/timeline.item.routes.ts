import {
  TIMELINE_ANEXOS_MAX,
  TIMELINE_MESSAGES,
  TimelineItemAnswerSchema,
  TimelineItemCreateSchema,
  TimelineItemUpdateSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, IdParams, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { AnexoUpload } from './timeline.anexos.ts';
import { createTimelineItem } from './timeline.create.ts';
import { deleteTimelineItem, updateTimelineItem } from './timeline.edit.ts';
import { getTimelineItem } from './timeline.queries.ts';
import {
  binary,
  DeletedItemAnswer,
  forbiddenErrors,
  isRecord,
  SavedItemAnswer,
  type TimelineRouteKit,
  uploadConfig,
  uploadErrors,
} from './timeline.route-kit.ts';

/** The files of a multipart field as a list: one part, several, none (blank text parts dropped). */
const asList = (v: unknown): unknown[] =>
  (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).filter((x) => x !== '');

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
const TimelineItemCreateBodySchema = z.preprocess(
  (body) => {
    const fields = isRecord(body) ? { ...body } : {};
    const anexos = [...asList(fields['anexos[]']), ...asList(fields.anexos)];
    delete fields['anexos[]'];
    return { ...fields, anexos };
  },
  z.intersection(TimelineItemCreateSchema, z.object({ anexos: AnexosSchema })),
);

/**
 * One record: adding it (with its files), reading, editing and deleting it
 * (docs/health-record.md "Adding a record", "One record", "Viewing, editing
 * and deleting"). Registered by `timelineRoutes`.
 */
export const timelineItemRoutes: FastifyPluginAsyncZod<TimelineRouteKit> = async (
  app,
  { deps, requireUnlocked },
) => {
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
};
