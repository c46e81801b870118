import { describe, expect, it } from 'vitest';
import {
  ADMIN_PEDIDO_MESSAGES,
  formatCep,
  isRastreio,
  MarcarEnviadoSchema,
  normalizeRastreio,
} from './pedidos.ts';

const parse = (rastreio: unknown) => MarcarEnviadoSchema.safeParse({ rastreio });

describe('MarcarEnviadoSchema (issue 9 "Orders": optional tracking code)', () => {
  it('takes no code as null: missing, null, blank', () => {
    expect(MarcarEnviadoSchema.parse({})).toEqual({ rastreio: null });
    expect(parse(null).data).toEqual({ rastreio: null });
    expect(parse('   ').data).toEqual({ rastreio: null });
  });

  it('accepts a Correios code as typed and stores it normalised', () => {
    expect(parse('ab123456789br').data).toEqual({ rastreio: 'AB123456789BR' });
    expect(parse(' AB 123.456.789-BR ').data).toEqual({ rastreio: 'AB123456789BR' });
    expect(parse('QQ000000000CN').data).toEqual({ rastreio: 'QQ000000000CN' });
  });

  it('refuses codes one character short or long, digits where letters go, and non-strings', () => {
    for (const bad of [
      'AB12345678BR',
      'AB1234567890BR',
      '12123456789BR',
      'AB123456789B1',
      'A123456789BR',
      42,
    ]) {
      const r = parse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(ADMIN_PEDIDO_MESSAGES.rastreio);
    }
  });

  it('normalises and checks on their own', () => {
    expect(normalizeRastreio(' ab-123 ')).toBe('AB123');
    expect(isRastreio('AB123456789BR')).toBe(true);
    expect(isRastreio('ab123456789br')).toBe(false);
  });
});

describe('formatCep', () => {
  it('shows 8 digits as #####-###, leaves anything else as it is', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131010')).toBe('0131010');
    expect(formatCep('01310-100')).toBe('01310-100');
  });
});
