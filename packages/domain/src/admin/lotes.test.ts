import { describe, expect, it } from 'vitest';
import {
  ADESIVO_TAMANHOS_MM,
  ADESIVOS_POR_KIT,
  LOTE_MAX,
  LOTE_MESSAGES,
  LOTE_MIN,
  LoteCreateSchema,
  loteFileName,
  pedidoFileName,
} from './lotes.ts';

const errorOf = (input: unknown) => {
  const r = LoteCreateSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('LoteCreateSchema (issue 9 "Sticker batches")', () => {
  it('accepts 1 and 1000 codes, and a numeric string', () => {
    expect(LoteCreateSchema.parse({ quantidade: LOTE_MIN })).toEqual({ quantidade: 1 });
    expect(LoteCreateSchema.parse({ quantidade: LOTE_MAX })).toEqual({ quantidade: 1000 });
    expect(LoteCreateSchema.parse({ quantidade: ' 250 ' })).toEqual({ quantidade: 250 });
  });

  it('refuses 0, 1001, fractions and negatives with the range message', () => {
    for (const quantidade of [0, 1001, 2.5, -3, '1001']) {
      expect(errorOf({ quantidade }), String(quantidade)).toBe(LOTE_MESSAGES.quantidadeFaixa);
    }
    expect(LOTE_MESSAGES.quantidadeFaixa).toBe('A quantidade deve ser um número inteiro de 1 a 1.000.');
  });

  it('asks for the quantity when it is missing, blank or not a number', () => {
    for (const input of [{}, { quantidade: '' }, { quantidade: null }, { quantidade: 'dez' }]) {
      expect(errorOf(input), JSON.stringify(input)).toBe(LOTE_MESSAGES.quantidade);
    }
  });
});

describe('sticker product', () => {
  it('has the 30×20 and 40×30 mm sizes, 4 a set (docs/payments-and-admin.md "Sticker orders")', () => {
    expect(ADESIVO_TAMANHOS_MM).toEqual([
      { largura: 30, altura: 20 },
      { largura: 40, altura: 30 },
    ]);
    expect(ADESIVOS_POR_KIT).toBe(4);
  });

  it('names the sheets by batch and by order', () => {
    expect(loteFileName(12)).toBe('pulso-lote-12.pdf');
    expect(pedidoFileName(34)).toBe('pulso-pedido-34.pdf');
  });
});
