import { describe, expect, it } from 'vitest';
import { VALOR_MINIMO_CARTAO } from '../pagamentos/money.ts';
import {
  AtendimentoValorSchema,
  CupomAdminSchema,
  cupomSituacao,
  diaSaoPaulo,
  fimDoDiaSaoPaulo,
  PlanoAdminSchema,
  PRECO_MAXIMO,
  PRECOS_MESSAGES,
  parseReais,
} from './planos.ts';

const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('parseReais', () => {
  it.each([
    ['R$ 7,90', 790],
    ['R$\u00a07,90', 790],
    ['7,9', 790],
    ['12', 1200],
    ['0,50', 50],
    ['1.234,56', 123456],
    ['10.000,00', 1_000_000],
    [' R$ 59,90 ', 5990],
  ])('reads %j as %i centavos', (text, centavos) => {
    expect(parseReais(text)).toBe(centavos);
  });

  it.each(['', 'R$', 'dez', '7,901', '1.23,00', '7.9', '-5,00', '1,2,3'])('refuses %j', (text) => {
    expect(parseReais(text)).toBeNull();
  });
});

const PLANO = {
  nome: '  Meu Prontuário  ',
  preco: 790,
  periodo: 'M',
  tipo: 1,
  descricao: '  ',
  stripe_plan: 'meu_prontuario_mensal',
};

describe('PlanoAdminSchema', () => {
  it('trims, turns a blank description into null and defaults ativo to true', () => {
    expect(PlanoAdminSchema.parse(PLANO)).toEqual({
      nome: 'Meu Prontuário',
      preco: 790,
      periodo: 'M',
      tipo: 1,
      descricao: null,
      stripe_plan: 'meu_prontuario_mensal',
      ativo: true,
    });
  });

  it('reads the typed reais of the form and the tipo of a select', () => {
    const parsed = PlanoAdminSchema.parse({ ...PLANO, preco: 'R$ 79,00', tipo: '2', ativo: false });
    expect(parsed).toMatchObject({ preco: 7900, tipo: 2, ativo: false });
  });

  it('accepts the card minimum and the maximum, and refuses one centavo outside', () => {
    expect(PlanoAdminSchema.parse({ ...PLANO, preco: VALOR_MINIMO_CARTAO }).preco).toBe(50);
    expect(PlanoAdminSchema.parse({ ...PLANO, preco: PRECO_MAXIMO }).preco).toBe(PRECO_MAXIMO);
    for (const preco of [VALOR_MINIMO_CARTAO - 1, PRECO_MAXIMO + 1, 790.5, 'R$ 0,49', 'sete', 0]) {
      expect(fieldErrors(PlanoAdminSchema.safeParse({ ...PLANO, preco }))).toEqual([
        ['preco', PRECOS_MESSAGES.preco],
      ]);
    }
  });

  it.each([
    [{ nome: ' ' }, 'nome', PRECOS_MESSAGES.nome],
    [{ nome: 'x'.repeat(121) }, 'nome', PRECOS_MESSAGES.nome],
    [{ periodo: 'S' }, 'periodo', PRECOS_MESSAGES.periodo],
    [{ tipo: 3 }, 'tipo', PRECOS_MESSAGES.tipo],
    [{ descricao: 'x'.repeat(2001) }, 'descricao', PRECOS_MESSAGES.descricao],
    [{ stripe_plan: '' }, 'stripe_plan', PRECOS_MESSAGES.stripePlan],
    [{ stripe_plan: 'price com espaço' }, 'stripe_plan', PRECOS_MESSAGES.stripePlan],
    [{ stripe_plan: 'p'.repeat(121) }, 'stripe_plan', PRECOS_MESSAGES.stripePlan],
  ])('refuses %j', (override, field, message) => {
    expect(fieldErrors(PlanoAdminSchema.safeParse({ ...PLANO, ...override }))).toEqual([[field, message]]);
  });

  it('accepts a 120-character name and provider id', () => {
    const parsed = PlanoAdminSchema.parse({
      ...PLANO,
      nome: 'n'.repeat(120),
      stripe_plan: `price_${'A'.repeat(114)}`,
    });
    expect(parsed.nome).toHaveLength(120);
    expect(parsed.stripe_plan).toHaveLength(120);
  });
});

const CUPOM = { nome: ' promo20 ', desconto: 20, valido_ate: '', limite_usos: '', ativo: true };

describe('CupomAdminSchema', () => {
  it('normalises the name like the checkout and turns blanks into "no end" and "no limit"', () => {
    expect(CupomAdminSchema.parse(CUPOM)).toEqual({
      nome: 'PROMO20',
      desconto: 20,
      valido_ate: null,
      limite_usos: null,
      ativo: true,
    });
  });

  it('reads dd/mm/aaaa or YYYY-MM-DD and a typed limit', () => {
    expect(
      CupomAdminSchema.parse({ ...CUPOM, valido_ate: '31/12/2026', limite_usos: '1.000' }),
    ).toMatchObject({
      valido_ate: '2026-12-31',
      limite_usos: 1000,
    });
    expect(CupomAdminSchema.parse({ ...CUPOM, valido_ate: '2026-12-31', limite_usos: 1 }).limite_usos).toBe(
      1,
    );
  });

  it('accepts 1% and 100% and refuses 0%, 101% and fractions', () => {
    expect(CupomAdminSchema.parse({ ...CUPOM, desconto: 1 }).desconto).toBe(1);
    expect(CupomAdminSchema.parse({ ...CUPOM, desconto: '100' }).desconto).toBe(100);
    for (const desconto of [0, 101, 12.5, '']) {
      expect(fieldErrors(CupomAdminSchema.safeParse({ ...CUPOM, desconto }))).toEqual([
        ['desconto', PRECOS_MESSAGES.desconto],
      ]);
    }
  });

  it.each([
    [{ nome: 'ab' }, 'nome', PRECOS_MESSAGES.cupomNome],
    [{ nome: 'A'.repeat(41) }, 'nome', PRECOS_MESSAGES.cupomNome],
    [{ nome: 'PROMO 20' }, 'nome', PRECOS_MESSAGES.cupomNome],
    [{ nome: 'PROMOÇÃO' }, 'nome', PRECOS_MESSAGES.cupomNome],
    [{ valido_ate: '31/02/2026' }, 'valido_ate', PRECOS_MESSAGES.validoAte],
    [{ valido_ate: '2026-13-01' }, 'valido_ate', PRECOS_MESSAGES.validoAte],
    [{ limite_usos: 0 }, 'limite_usos', PRECOS_MESSAGES.limiteUsos],
    [{ limite_usos: 1_000_001 }, 'limite_usos', PRECOS_MESSAGES.limiteUsos],
  ])('refuses %j', (override, field, message) => {
    expect(fieldErrors(CupomAdminSchema.safeParse({ ...CUPOM, ...override }))).toEqual([[field, message]]);
  });

  it('accepts names of 3 and 40 characters', () => {
    expect(CupomAdminSchema.parse({ ...CUPOM, nome: 'a-1' }).nome).toBe('A-1');
    expect(CupomAdminSchema.parse({ ...CUPOM, nome: 'B'.repeat(40) }).nome).toHaveLength(40);
  });
});

describe('coupon validity days', () => {
  it('a coupon valid until a day works through 23:59:59.999 in São Paulo', () => {
    const end = fimDoDiaSaoPaulo('2026-12-31');
    expect(end.toISOString()).toBe('2027-01-01T02:59:59.999Z');
    expect(diaSaoPaulo(end)).toBe('2026-12-31');
    const cupom = { nome: 'X', desconto: 10, valido_ate: end, limite_usos: null, usos: 0, ativo: true };
    expect(cupomSituacao(cupom, end)).toBe('ativo');
    expect(cupomSituacao(cupom, new Date(end.getTime() + 1))).toBe('expirado');
  });

  it('deactivated wins, then expired, then used up', () => {
    const base = { nome: 'X', desconto: 10, valido_ate: null, limite_usos: 2, usos: 1, ativo: true };
    expect(cupomSituacao(base)).toBe('ativo');
    expect(cupomSituacao({ ...base, usos: 2 })).toBe('esgotado');
    expect(cupomSituacao({ ...base, usos: 2, ativo: false })).toBe('inativo');
    expect(cupomSituacao({ ...base, usos: 2, valido_ate: new Date(0) })).toBe('expirado');
  });
});

describe('AtendimentoValorSchema', () => {
  it('takes centavos or typed reais from R$ 0,50 up', () => {
    expect(AtendimentoValorSchema.parse({ atendimento_valor: 5990 })).toEqual({ atendimento_valor: 5990 });
    expect(AtendimentoValorSchema.parse({ atendimento_valor: 'R$ 0,50' })).toEqual({ atendimento_valor: 50 });
    for (const atendimento_valor of [49, 'R$ 0,49', PRECO_MAXIMO + 1, null]) {
      expect(fieldErrors(AtendimentoValorSchema.safeParse({ atendimento_valor }))).toEqual([
        ['atendimento_valor', PRECOS_MESSAGES.atendimentoValor],
      ]);
    }
  });
});
