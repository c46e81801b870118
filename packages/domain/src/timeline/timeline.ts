import { z } from 'zod';

/**
 * A timeline record as read through a patient's code (docs/health-record.md
 * "Timeline records", without attachments: those are served by issue 5's
 * authorised routes). `data` `YYYY-MM-DD`; `valor` reais as a decimal
 * string ('150.00') or null; `created_by` M doctor, T third party, null the
 * patient; `terceiro` who added it when M or T.
 */
export const PublicTimelineItemSchema = z.object({
  id: z.number().int(),
  tipo: z.number().int().min(1).max(9),
  data: z.string(),
  descricao: z.string(),
  valor: z.string().nullable(),
  medico_name: z.string().nullable(),
  created_by: z.enum(['M', 'T']).nullable(),
  terceiro: z.object({ name: z.string() }).nullable(),
  local_dor: z.string().nullable(),
  intensidade_dor: z.string().nullable(),
});
export type PublicTimelineItem = z.infer<typeof PublicTimelineItemSchema>;

/** Page size of timeline lists (issue 5: the server's, 20). */
export const TIMELINE_PAGE_SIZE = 20;
