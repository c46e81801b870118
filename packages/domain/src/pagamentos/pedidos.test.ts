import { describe, expect, it } from 'vitest';
import {
  cepDigits,
  cupomProblema,
  EnderecoEntregaSchema,
  normalizeCupomNome,
  PEDIDO_MESSAGES,
  pedidoStatusLabel,
  precoComCupom,
  precoPedido,
  QR_KIT_PRECO,
} from './pedidos.ts';

const endereco = {
  endereco: 'Rua das Flores, 10',
  bairro: 'Centro',
  cidade: { id: 3550308, descricao: 'São Paulo - SP' },
  cep: '01001-000',
  complemento: '',
};

describe('EnderecoEntregaSchema (docs/payments-and-admin.md "Delivery address")', () => {
  it('accepts an address, sending the CEP as digits and a blank complemento as null', () => {
    expect(EnderecoEntregaSchema.parse(endereco)).toEqual({
      ...endereco,
      cep: '01001000',
      complemento: null,
    });
  });
  it('answers the documented message for each missing field', () => {
    const result = EnderecoEntregaSchema.safeParse({ endereco: ' ', bairro: '', cidade: '', cep: '' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(byField).toEqual({
      endereco: PEDIDO_MESSAGES.endereco,
      bairro: PEDIDO_MESSAGES.bairro,
      cidade: PEDIDO_MESSAGES.cidade,
      cep: PEDIDO_MESSAGES.cep,
    });
  });
  it('refuses a CEP of 7 or 9 digits or with letters, saying it has 8 digits', () => {
    for (const cep of ['0100100', '010010001', '01001-00a', '0131-010']) {
      const result = EnderecoEntregaSchema.safeParse({ ...endereco, cep });
      expect(result.error?.issues.map((i) => i.message)).toEqual([PEDIDO_MESSAGES.cepInvalido]);
    }
    expect(PEDIDO_MESSAGES.cepInvalido).toBe('O CEP tem 8 dígitos, por exemplo 01310-100');
  });
});

describe('cepDigits', () => {
  it('reads masked and plain CEPs', () => {
    expect(cepDigits('01001-000')).toBe('01001000');
    expect(cepDigits('01001000')).toBe('01001000');
    expect(cepDigits('01.001-000')).toBe('01001000');
    expect(cepDigits(null)).toBeNull();
  });
});

describe('cupomProblema (issue 8 coupons)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const cupom = { nome: 'PROMO10', desconto: 10, valido_ate: null, limite_usos: null, usos: 0 };
  it('accepts a coupon with no end and no limit', () => {
    expect(cupomProblema(cupom, now)).toBeNull();
  });
  it('is valid up to its last instant, expired after', () => {
    expect(cupomProblema({ ...cupom, valido_ate: now }, now)).toBeNull();
    expect(cupomProblema({ ...cupom, valido_ate: new Date(now.getTime() - 1) }, now)).toBe('expirado');
  });
  it('is used up when its uses reach the limit', () => {
    expect(cupomProblema({ ...cupom, limite_usos: 3, usos: 2 }, now)).toBeNull();
    expect(cupomProblema({ ...cupom, limite_usos: 3, usos: 3 }, now)).toBe('esgotado');
    expect(cupomProblema({ ...cupom, limite_usos: 0, usos: 0 }, now)).toBe('esgotado');
  });
  it('compares names without case or spaces', () => {
    expect(normalizeCupomNome(' promo10 ')).toBe('PROMO10');
  });
});

describe('precoPedido (docs/payments-and-admin.md "Sticker orders")', () => {
  it('charges R$ 19,90, less a coupon, and nothing for the annual plan free set', () => {
    expect(precoPedido({ kitGratis: false, desconto: null })).toBe(QR_KIT_PRECO);
    expect(precoPedido({ kitGratis: false, desconto: 10 })).toBe(1791);
    expect(precoPedido({ kitGratis: false, desconto: 100 })).toBe(0);
    expect(precoPedido({ kitGratis: true, desconto: 10 })).toBe(0);
  });

  it('does not charge what a coupon leaves under the card minimum of R$ 0,50', () => {
    // 97% of R$ 19,90 leaves R$ 0,60; 98% leaves R$ 0,40, not charged.
    expect(precoPedido({ kitGratis: false, desconto: 97 })).toBe(60);
    expect(precoPedido({ kitGratis: false, desconto: 98 })).toBe(0);
    expect(precoComCupom(1990, 97)).toBe(60);
    expect(precoComCupom(1990, 98)).toBe(0);
    expect(precoComCupom(100, 50)).toBe(50);
    expect(precoComCupom(100, 51)).toBe(0);
  });
});

describe('pedidoStatusLabel', () => {
  it('reads A and E', () => {
    expect(pedidoStatusLabel('A')).toBe('Aguardando');
    expect(pedidoStatusLabel('E')).toBe('Enviado');
    expect(pedidoStatusLabel('X')).toBe('X');
  });
});
