/**
 * The timeline's words and labels, apart from its schemas (no zod here): the public page of a code
 * (packages/code-page) ships them to a rescuer's phone without the validation library.
 */

import { once } from '../shared/once.ts';

/** Timeline record types (docs/api/timeline.md): 1 Consulta … 9 Encaminhamento. */
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

/** The types whose name is feminine in Portuguese (a Consulta, a Receita, a Fast Note, a Vacina). */
const TIPOS_FEMININOS: ReadonlySet<number> = new Set([1, 4, 5, 7]);

/**
 * A participle agreeing with a record's type: `concorda(7, 'excluído')` is 'excluída' (a Vacina),
 * `concorda(2, 'excluído')` 'excluído' (um Exame). `masculino` ends in 'o'; an unknown type is masculine
 * ('Registro').
 */
export function concorda(tipo: number, masculino: string): string {
  return TIPOS_FEMININOS.has(tipo) ? `${masculino.slice(0, -1)}a` : masculino;
}

/** Characters of a description shown in a list (docs/health-record.md "The list": 50). */
export const TIMELINE_PREVIEW_LENGTH = 50;

// Characters as a reader sees them: a flag, an emoji with a skin tone or a letter
// with a combining accent is one character and is never cut in half.
const graphemes = once(() => new Intl.Segmenter('pt-BR', { granularity: 'grapheme' }));

/** The first 50 characters of a description, with '…' when cut (docs/health-record.md "The list"). */
export function timelinePreview(descricao: string): string {
  const chars = Array.from(graphemes().segment(descricao.trim()), (s) => s.segment);
  return chars.length > TIMELINE_PREVIEW_LENGTH
    ? `${chars.slice(0, TIMELINE_PREVIEW_LENGTH).join('').trimEnd()}…`
    : chars.join('');
}

/**
 * Author line of a record (docs/health-record.md "Who added a record"): 'Por. Dr. {doctor}' (M),
 * 'Por. {third party}' (T), none for the patient.
 */
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

/** The pain record type, written only by the pain map (docs/health-record.md "Pain map"), never edited or deleted. */
export const TIPO_DOR = 8;

/** What an empty timeline reads. */
export const TIMELINE_EMPTY = 'Nenhum registro.';
