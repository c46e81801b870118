import { z } from 'zod';

/** Timeline record types (spec 1 §3): 1 Consulta … 9 Encaminhamento. */
export const TIMELINE_TIPOS = {
  1: 'Consulta',
  2: 'Exame',
  3: 'Resultado de Exame',
  4: 'Receita',
  5: 'Fast Note',
  6: 'Atendimento',
  7: 'Vacina',
  8: 'Registro de Dor',
  9: 'Encaminhamento',
} as const;
export type TimelineTipo = keyof typeof TIMELINE_TIPOS;

/** Characters of a description shown in a list (spec 1: 50). */
export const TIMELINE_PREVIEW_LENGTH = 50;

// Characters as a reader sees them: a flag, an emoji with a skin tone or a letter
// with a combining accent is one character and is never cut in half.
const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/** The first 50 characters of a description, with '…' when cut (spec: 50-character preview). */
export function timelinePreview(descricao: string): string {
  const chars = Array.from(graphemes.segment(descricao.trim()), (s) => s.segment);
  return chars.length > TIMELINE_PREVIEW_LENGTH
    ? `${chars.slice(0, TIMELINE_PREVIEW_LENGTH).join('').trimEnd()}…`
    : chars.join('');
}

/** Author line of a record (spec 1 "Doctors and third parties"): 'Por. Dr. {doctor}' (M), 'Por. {third party}' (T), none for the patient. */
export function timelineAuthorLine(item: {
  created_by: 'M' | 'T' | null;
  terceiro: { name: string } | null;
}): string | null {
  if (!item.terceiro || !item.created_by) return null;
  return item.created_by === 'M' ? `Por. Dr. ${item.terceiro.name}` : `Por. ${item.terceiro.name}`;
}

/**
 * The mark of a third party's record (`created_by` T) wherever it is shown,
 * the code view included (docs/timeline-privacy.md): whoever added it is not
 * a doctor, whatever name they chose ('Por. Dr. …' is only ever a doctor
 * account's), and the patient accepted it.
 */
export const TERCEIRO_NOTE = 'Adicionado por terceiro, não médico';

/**
 * A timeline record as read through a patient's code (spec 1 §3
 * TimelineItem, without attachments: those are served by issue 5's
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
