import { describe, expect, it } from 'vitest';
import { PublicEmergencyViewSchema, UserViewSchema } from './user.ts';

const pessoal = {
  telefone: '11987654321',
  contato: 'João Silva',
  contato_telefone: '1133334444',
  contato_relacao: 'C',
};
const caracteristicas = { peso: 72.5, altura: 1.75, cor: 3, olhos: 2, sinal: 'Cicatriz no joelho' };
const geral = {
  nascimento: '1990-05-17',
  sexo: 'F',
  sangue: 7,
  endereco: 'Rua Augusta, 100',
  bairro: 'Consolação',
  cidade: { id: 3550308, descricao: 'São Paulo - SP' },
  complemento: 'apto 12',
};
const outras = { doador: 'S', adicional: 'Alérgica a dipirona' };

const user = {
  id: 1,
  name: 'Maria Silva',
  email: 'maria@exemplo.com',
  email_verified_at: '2025-01-10T12:00:00.000Z',
  code: '123AB456',
  avatar: 'https://pulso.app/avatars/1.png',
  updated_at: '2025-06-10T15:30:00.000Z',
  created_at: '2025-01-10T11:00:00.000Z',
  newsletter: false,
  empresarial: false,
  trialEnded: false,
  plano: { type: 1, periodo: 'M' },
  hasCredit: false,
  pessoal,
  caracteristicas,
  geral,
  outras,
};

const emptyCards = {
  pessoal: { telefone: null, contato: null, contato_telefone: null, contato_relacao: null },
  caracteristicas: { peso: null, altura: null, cor: null, olhos: null, sinal: null },
  geral: {
    nascimento: null,
    sexo: null,
    sangue: null,
    endereco: null,
    bairro: null,
    cidade: null,
    complemento: null,
  },
  outras: { doador: null, adicional: null },
};

describe('UserViewSchema', () => {
  it('parses a complete user', () => {
    expect(UserViewSchema.parse(user)).toEqual(user);
  });

  it('parses a new user with empty cards, no plan, no avatar and an unverified e-mail', () => {
    const fresh = { ...user, ...emptyCards, plano: null, avatar: null, email_verified_at: null };
    expect(UserViewSchema.parse(fresh)).toEqual(fresh);
  });

  it('accepts a yearly plan and rejects an unknown period', () => {
    expect(UserViewSchema.parse({ ...user, plano: { type: 1, periodo: 'A' } }).plano).toEqual({
      type: 1,
      periodo: 'A',
    });
    expect(UserViewSchema.safeParse({ ...user, plano: { type: 1, periodo: 'S' } }).success).toBe(false);
  });

  it('rejects a user without its cards or with wrong types', () => {
    const { pessoal: _omitted, ...withoutPessoal } = user;
    expect(UserViewSchema.safeParse(withoutPessoal).success).toBe(false);
    expect(UserViewSchema.safeParse({ ...user, trialEnded: 'false' }).success).toBe(false);
    expect(
      UserViewSchema.safeParse({ ...user, caracteristicas: { ...caracteristicas, cor: 1.5 } }).success,
    ).toBe(false);
    expect(UserViewSchema.safeParse({ ...user, geral: { ...geral, sexo: 'X' } }).success).toBe(false);
    expect(UserViewSchema.safeParse({ ...user, pessoal: { ...pessoal, contato_relacao: 'Z' } }).success).toBe(
      false,
    );
  });
});

describe('PublicEmergencyViewSchema', () => {
  const view = {
    name: 'Maria Silva',
    code: '123AB456',
    avatar: null,
    idade: 35,
    pessoal,
    caracteristicas,
    geral,
    outras: { doador: 'S' },
    updated_at: '2025-06-10T15:30:00.000Z',
  };

  it('parses a complete emergency view', () => {
    expect(PublicEmergencyViewSchema.parse(view)).toEqual(view);
  });

  it('accepts an unknown age', () => {
    expect(PublicEmergencyViewSchema.parse({ ...view, idade: null }).idade).toBeNull();
  });

  it('never lets the e-mail, the id, the plan or My Health notes through', () => {
    const leaked = PublicEmergencyViewSchema.parse({ ...user, idade: 35 });
    expect(leaked).not.toHaveProperty('email');
    expect(leaked).not.toHaveProperty('id');
    expect(leaked).not.toHaveProperty('plano');
    expect(leaked).not.toHaveProperty('hasCredit');
    expect(leaked.outras).toEqual({ doador: 'S' });
    expect(leaked).toEqual({ ...view, avatar: user.avatar });
  });
});
