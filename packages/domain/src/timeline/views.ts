import { z } from 'zod';
import { UserViewSchema } from '../users/user.ts';

/**
 * Timeline records as the API answers them (docs/api/timeline.md): one record with its attachments, a
 * page of them, the records waiting for the patient's approval, one record with the caller's role, and
 * the patient a record is being added for. The inputs and rules are in `records.ts`.
 */

/**
 * An attachment as answered: `path` the storage key (`timeline/<random>.<ext>`,
 * not a URL), `url` a short-lived signed URL (15 minutes; never a public
 * folder), `name` the file's name on the sender's device (for the list; may be
 * ''), `mime` from the bytes, `size` in bytes.
 */
export const AnexoViewSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type AnexoView = z.infer<typeof AnexoViewSchema>;

/**
 * A timeline record as its owner or its author reads it (docs/api/timeline.md
 * "Shapes"). `data` `YYYY-MM-DD`; `valor` reais '150.00' or null;
 * `created_by` M (a doctor account), T (a third party), null (the patient);
 * `terceiro` who added it when M or T; `pendente` (an addition of ours) a third
 * party's record the patient has not accepted yet (docs/timeline-privacy.md).
 */
export const TimelineItemViewSchema = z.object({
  id: z.number().int(),
  tipo: z.number().int().min(1).max(9),
  data: z.string(),
  descricao: z.string(),
  valor: z.string().nullable(),
  medico_id: z.number().int().nullable(),
  medico_name: z.string().nullable(),
  anexos: z.array(AnexoViewSchema),
  created_by: z.enum(['M', 'T']).nullable(),
  terceiro: z.object({ name: z.string() }).nullable(),
  atendimento_id: z.number().int().nullable(),
  local_dor: z.string().nullable(),
  intensidade_dor: z.string().nullable(),
  pendente: z.boolean(),
});
export type TimelineItemView = z.infer<typeof TimelineItemViewSchema>;

/**
 * `GET /api/timeline/pendentes[/:offset]` answer (docs/timeline-privacy.md):
 * 'Registros aguardando sua aprovação', the third parties' records on the
 * caller's timeline that the caller has not accepted, most recently added
 * first, at most `TIMELINE_PAGE_SIZE` from the offset, and how many there are.
 */
export const TimelinePendentesSchema = z.object({
  timelineItems: z.array(TimelineItemViewSchema),
  total: z.number().int().min(0),
});
export type TimelinePendentes = z.infer<typeof TimelinePendentesSchema>;

/**
 * `GET /api/timeline/items/:medico/:search[/:offset]` answer (docs/api/timeline.md "Routes"):
 * the caller's `user`, a page of at most `TIMELINE_PAGE_SIZE` records and the
 * `total` matching the filter and term.
 */
export const TimelinePageSchema = z.object({
  user: UserViewSchema,
  timelineItems: z.array(TimelineItemViewSchema),
  total: z.number().int().min(0),
});
export type TimelinePage = z.infer<typeof TimelinePageSchema>;

/** `GET /api/timeline/item/:id` answer (docs/api/timeline.md "Routes"): the caller's `user` and the record. */
export const TimelineItemAnswerSchema = z.object({
  user: UserViewSchema,
  timelineItem: TimelineItemViewSchema,
  /**
   * How the caller reads the record (an addition of ours): `owner`, the patient
   * whose timeline holds it, or `author`, who added it to someone else's
   * timeline — what `timelineItemActions` needs to show the right buttons.
   */
  role: z.enum(['owner', 'author']),
});
export type TimelineItemAnswer = z.infer<typeof TimelineItemAnswerSchema>;

/**
 * The patient a record is being added for, as `GET /api/timeline/user/:code`
 * answers it (issue 5 "Records added by others"): only what the add screen
 * shows. `avatar` is a URL or null; `code` canonical.
 */
export const TimelineTargetUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  code: z.string(),
});
export type TimelineTargetUser = z.infer<typeof TimelineTargetUserSchema>;
