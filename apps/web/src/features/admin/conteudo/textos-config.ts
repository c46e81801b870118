import { CONTEUDO_LIMITS, DicaInputSchema, FaqInputSchema } from '@pulso/domain';
import type { TextoItem, TextoTipo } from './api/textos.ts';

/** How one list reads: its field names on the wire, their labels and limits, and its words. */
export const TEXTOS_CONFIG = {
  faqs: {
    schema: FaqInputSchema,
    titulo: 'question',
    corpo: 'answer',
    tituloLabel: 'Pergunta',
    corpoLabel: 'Resposta',
    tituloMax: CONTEUDO_LIMITS.faqQuestionMax,
    corpoMax: CONTEUDO_LIMITS.faqAnswerMax,
    item: 'pergunta',
    novo: 'Nova pergunta',
    vazio: 'Nenhuma pergunta frequente cadastrada.',
    publico: '/faqs',
  },
  dicas: {
    schema: DicaInputSchema,
    titulo: 'title',
    corpo: 'content',
    tituloLabel: 'Título',
    corpoLabel: 'Texto da dica',
    tituloMax: CONTEUDO_LIMITS.dicaTitleMax,
    corpoMax: CONTEUDO_LIMITS.dicaContentMax,
    item: 'dica',
    novo: 'Nova dica',
    vazio: 'Nenhuma dica cadastrada.',
    publico: '/dicas',
  },
} as const;

/** What the create / edit form holds, whichever the list. */
export interface TextoFormValues {
  titulo: string;
  corpo: string;
  ativo: boolean;
}

/** A row of either list, read through the config's field names. */
export interface TextoRow extends TextoFormValues {
  id: number;
  ordem: number;
}

/** An item as the server sends it (`question`/`answer` or `title`/`content`), as a {@link TextoRow}. */
export function textoRow(tipo: TextoTipo, item: TextoItem<TextoTipo>): TextoRow {
  const config = TEXTOS_CONFIG[tipo];
  const record = item as unknown as Record<string, unknown>;
  return {
    id: item.id,
    ordem: item.ordem,
    ativo: item.ativo,
    titulo: String(record[config.titulo]),
    corpo: String(record[config.corpo]),
  };
}

/** The form's values as the server's body, under the list's own field names. */
export function textoBody(tipo: TextoTipo, values: TextoFormValues) {
  const config = TEXTOS_CONFIG[tipo];
  return { [config.titulo]: values.titulo, [config.corpo]: values.corpo, ativo: values.ativo };
}
