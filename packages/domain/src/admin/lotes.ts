import { z } from 'zod';

/**
 * Sticker batches (issue 9 "Sticker batches"; docs/codes.md "Virgin codes"):
 * an admin generates N unclaimed codes at once and prints them as a sheet
 * of QR stickers. The sticker sizes are the product's
 * (docs/payments-and-admin.md "Sticker orders": 30×20 mm and 40×30 mm).
 */

/** Fewest codes in one batch. */
export const LOTE_MIN = 1;
/** Most codes in one batch: 1.000 (36 A4 sheets of 28 stickers). */
export const LOTE_MAX = 1000;

/** pt-BR messages of the batches. */
export const LOTE_MESSAGES = {
  quantidade: 'Informe a quantidade de códigos.',
  quantidadeFaixa: `A quantidade deve ser um número inteiro de ${LOTE_MIN} a ${LOTE_MAX.toLocaleString('pt-BR')}.`,
  criado: 'Lote criado com sucesso!',
  naoEncontrado: 'Lote não encontrado.',
} as const;

/**
 * `POST /api/admin/lotes` body and the web's form: `quantidade`, an integer
 * from {@link LOTE_MIN} to {@link LOTE_MAX} (a numeric string is accepted).
 */
export const LoteCreateSchema = z.object({
  quantidade: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v === '' ? undefined : v),
    z
      .number({ error: LOTE_MESSAGES.quantidade })
      .int(LOTE_MESSAGES.quantidadeFaixa)
      .min(LOTE_MIN, LOTE_MESSAGES.quantidadeFaixa)
      .max(LOTE_MAX, LOTE_MESSAGES.quantidadeFaixa),
  ),
});
export type LoteCreate = z.output<typeof LoteCreateSchema>;

/** A printed sticker's size in millimetres. */
export interface AdesivoTamanho {
  largura: number;
  altura: number;
}

/** The two sticker sizes of the product (docs/payments-and-admin.md "Sticker orders"). */
export const ADESIVO_TAMANHOS_MM: readonly AdesivoTamanho[] = [
  { largura: 30, altura: 20 },
  { largura: 40, altura: 30 },
];

/** Stickers in one ordered set (docs/payments-and-admin.md "Sticker orders"). */
export const ADESIVOS_POR_KIT = 4;

/** File name of a batch's sheet: `pulso-lote-12.pdf`. */
export function loteFileName(loteId: number): string {
  return `pulso-lote-${loteId}.pdf`;
}

/** File name of an order's sticker sheet: `pulso-pedido-34.pdf`. */
export function pedidoFileName(pedidoId: number): string {
  return `pulso-pedido-${pedidoId}.pdf`;
}
