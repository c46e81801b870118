import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { todayInSaoPaulo } from '../shared/dates.ts';
import { type FieldErrors, issuesToFieldErrors } from '../shared/errors.ts';
import { COR, OLHOS, RELACAO, SANGUE, SEXO } from './enums.ts';
import {
  ALTURA_MAX,
  ALTURA_MIN,
  CaracteristicasSchema,
  CidadeSchema,
  GeralSchema,
  OutrasSchema,
  PESO_MAX,
  PESO_MIN,
  PessoalSchema,
  PROFILE_MESSAGES,
} from './schemas.ts';

/** Field errors of a failed parse; fails the test when the parse succeeds. */
function errorsOf(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return issuesToFieldErrors(result.error.issues);
}

const P = PROFILE_MESSAGES;
const SAO_PAULO = { id: 3550308, descricao: 'São Paulo - SP' };

afterEach(() => {
  vi.useRealTimers();
});

describe('profile limits', () => {
  it('match docs/accounts.md "Emergency data"', () => {
    expect([PESO_MIN, PESO_MAX]).toEqual([10, 400]);
    expect([ALTURA_MIN, ALTURA_MAX]).toEqual([0.4, 2.5]);
    expect(P.telefone).toBe('Informe o número do seu telefone celular');
  });
});

describe('PessoalSchema', () => {
  it('parses a complete card, masks stripped and text trimmed', () => {
    expect(
      PessoalSchema.parse({
        telefone: '(11) 98765 4321',
        contato: '  João Silva ',
        contato_telefone: '(11) 3333 4444',
        contato_relacao: 'C',
      }),
    ).toEqual({
      telefone: '11987654321',
      contato: 'João Silva',
      contato_telefone: '1133334444',
      contato_relacao: 'C',
    });
  });

  it('turns the optional fields into null when absent or blank', () => {
    const empty = { telefone: '11987654321', contato: null, contato_telefone: null, contato_relacao: null };
    expect(PessoalSchema.parse({ telefone: '11987654321' })).toEqual(empty);
    expect(
      PessoalSchema.parse({
        telefone: '11987654321',
        contato: ' ',
        contato_telefone: '',
        contato_relacao: '',
      }),
    ).toEqual(empty);
  });

  it('requires the patient’s mobile number', () => {
    for (const telefone of [
      undefined,
      null,
      '',
      '(11) 3333 4444',
      '1198765432',
      '01987654321',
      11987654321,
    ]) {
      expect(errorsOf(PessoalSchema, { telefone }), String(telefone)).toEqual({ telefone: [P.telefone] });
    }
  });

  it('accepts a mobile or a landline for the emergency contact', () => {
    expect(
      PessoalSchema.parse({ ...{ telefone: '11987654321' }, contato_telefone: '21987654321' }),
    ).toMatchObject({
      contato_telefone: '21987654321',
    });
    expect(
      PessoalSchema.parse({ telefone: '11987654321', contato_telefone: '(21) 2555 1234' }),
    ).toMatchObject({
      contato_telefone: '2125551234',
    });
  });

  it('rejects an invalid contact phone with its message', () => {
    for (const contato_telefone of ['(11) 1333 4444', '(11) 3333 444', '0133334444', '11', 1133334444]) {
      expect(
        errorsOf(PessoalSchema, { telefone: '11987654321', contato_telefone }),
        String(contato_telefone),
      ).toEqual({ contato_telefone: [P.contato_telefone] });
    }
  });

  it('accepts every documented relation and nothing else', () => {
    for (const contato_relacao of Object.keys(RELACAO)) {
      expect(PessoalSchema.parse({ telefone: '11987654321', contato_relacao }).contato_relacao).toBe(
        contato_relacao,
      );
    }
    for (const contato_relacao of ['X', 'c', 'CF', 1]) {
      expect(
        errorsOf(PessoalSchema, { telefone: '11987654321', contato_relacao }),
        String(contato_relacao),
      ).toEqual({
        contato_relacao: [P.contato_relacao],
      });
    }
  });

  it('accepts 255 characters of contact name and rejects 256', () => {
    expect(PessoalSchema.parse({ telefone: '11987654321', contato: 'a'.repeat(255) }).contato).toHaveLength(
      255,
    );
    expect(errorsOf(PessoalSchema, { telefone: '11987654321', contato: 'a'.repeat(256) })).toEqual({
      contato: ['Use no máximo 255 caracteres'],
    });
  });
});

describe('CaracteristicasSchema', () => {
  const peso = (value: unknown) => CaracteristicasSchema.parse({ peso: value }).peso;
  const altura = (value: unknown) => CaracteristicasSchema.parse({ altura: value }).altura;

  it('turns every field into null when absent or blank', () => {
    const empty = { peso: null, altura: null, cor: null, olhos: null, sinal: null };
    expect(CaracteristicasSchema.parse({})).toEqual(empty);
    expect(CaracteristicasSchema.parse({ peso: '', altura: ' ', cor: '', olhos: null, sinal: '  ' })).toEqual(
      empty,
    );
  });

  it('accepts a weight from 10 to 400 kg', () => {
    expect(peso(10)).toBe(10);
    expect(peso('10')).toBe(10);
    expect(peso('10,0')).toBe(10);
    expect(peso(400)).toBe(400);
    expect(peso('400,0')).toBe(400);
  });

  it('rejects 9.9 and 400.1 kg', () => {
    for (const value of [9.9, '9,9', 400.1, '400,1', 0, -72.5, '-72,5']) {
      expect(errorsOf(CaracteristicasSchema, { peso: value }), String(value)).toEqual({ peso: [P.peso] });
    }
  });

  it('reads the weight with a comma, a dot or as a number', () => {
    expect(peso('72,5')).toBe(72.5);
    expect(peso('72.5')).toBe(72.5);
    expect(peso(72.5)).toBe(72.5);
  });

  it('rejects a weight with more than 1 decimal', () => {
    for (const value of ['72.55', '72,55', 72.55, 10.01]) {
      expect(errorsOf(CaracteristicasSchema, { peso: value }), String(value)).toEqual({ peso: [P.peso] });
    }
  });

  it('rejects a weight that is not a number', () => {
    for (const value of ['abc', '72,5kg', '1.072,5', true, {}]) {
      expect(errorsOf(CaracteristicasSchema, { peso: value }), String(value)).toEqual({ peso: [P.peso] });
    }
  });

  it('accepts a height from 0.40 to 2.50 m', () => {
    expect(altura(0.4)).toBe(0.4);
    expect(altura('0,40')).toBe(0.4);
    expect(altura(2.5)).toBe(2.5);
    expect(altura('2,50')).toBe(2.5);
    expect(altura('1,75')).toBe(1.75);
    expect(altura('1.75')).toBe(1.75);
    expect(altura('2')).toBe(2);
  });

  it('rejects 0.39 and 2.51 m', () => {
    for (const value of [0.39, '0,39', 2.51, '2,51']) {
      expect(errorsOf(CaracteristicasSchema, { altura: value }), String(value)).toEqual({
        altura: [P.altura],
      });
    }
  });

  it('rejects a height in centimetres, with 3 decimals or not a number', () => {
    for (const value of [175, '175', '1,755', 1.755, 'um metro', false]) {
      expect(errorsOf(CaracteristicasSchema, { altura: value }), String(value)).toEqual({
        altura: [P.altura],
      });
    }
  });

  it('accepts the skin colours 1 to 5, as numbers or numeric strings', () => {
    for (const key of Object.keys(COR)) {
      expect(CaracteristicasSchema.parse({ cor: key }).cor).toBe(Number(key));
      expect(CaracteristicasSchema.parse({ cor: Number(key) }).cor).toBe(Number(key));
    }
  });

  it('rejects skin colours out of range', () => {
    for (const cor of [0, 6, '0', '6', -1, 2.5, 'Branca']) {
      expect(errorsOf(CaracteristicasSchema, { cor }), String(cor)).toEqual({ cor: [P.cor] });
    }
  });

  it('accepts the eye colours 1 to 4 and rejects the rest', () => {
    for (const key of Object.keys(OLHOS)) {
      expect(CaracteristicasSchema.parse({ olhos: key }).olhos).toBe(Number(key));
    }
    for (const olhos of [0, 5, '0', '5', 'Azuis']) {
      expect(errorsOf(CaracteristicasSchema, { olhos }), String(olhos)).toEqual({ olhos: [P.olhos] });
    }
  });

  it('accepts 500 characters of distinguishing marks and rejects 501', () => {
    expect(CaracteristicasSchema.parse({ sinal: 'a'.repeat(500) }).sinal).toHaveLength(500);
    expect(errorsOf(CaracteristicasSchema, { sinal: 'a'.repeat(501) })).toEqual({
      sinal: ['Use no máximo 500 caracteres'],
    });
  });
});

describe('CidadeSchema', () => {
  it('accepts an IBGE id as a number or a string', () => {
    expect(CidadeSchema.parse(SAO_PAULO)).toEqual(SAO_PAULO);
    expect(CidadeSchema.parse({ ...SAO_PAULO, id: '3550308' })).toEqual(SAO_PAULO);
  });
});

describe('GeralSchema', () => {
  const nascimento = (value: unknown) => GeralSchema.parse({ nascimento: value }).nascimento;

  it('turns every field into null when absent or blank', () => {
    const empty = {
      nascimento: null,
      sexo: null,
      sangue: null,
      endereco: null,
      bairro: null,
      cidade: null,
      complemento: null,
    };
    expect(GeralSchema.parse({})).toEqual(empty);
    expect(
      GeralSchema.parse({
        nascimento: '',
        sexo: '',
        sangue: '',
        endereco: ' ',
        bairro: '',
        cidade: '',
        complemento: '',
      }),
    ).toEqual(empty);
  });

  it('parses a complete card', () => {
    expect(
      GeralSchema.parse({
        nascimento: '1990-05-17',
        sexo: 'F',
        sangue: '7',
        endereco: ' Rua Augusta, 100 ',
        bairro: 'Consolação',
        cidade: { id: '3550308', descricao: 'São Paulo - SP' },
        complemento: 'apto 12',
      }),
    ).toEqual({
      nascimento: '1990-05-17',
      sexo: 'F',
      sangue: 7,
      endereco: 'Rua Augusta, 100',
      bairro: 'Consolação',
      cidade: SAO_PAULO,
      complemento: 'apto 12',
    });
  });

  it('accepts a birth date from 1920-01-01 and rejects 1919-12-31', () => {
    expect(nascimento('1920-01-01')).toBe('1920-01-01');
    expect(errorsOf(GeralSchema, { nascimento: '1919-12-31' })).toEqual({ nascimento: [P.nascimento] });
  });

  it('accepts today and rejects tomorrow', () => {
    const today = todayInSaoPaulo();
    expect(nascimento(today)).toBe(today);
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    expect(errorsOf(GeralSchema, { nascimento: tomorrow.toISOString().slice(0, 10) })).toEqual({
      nascimento: [P.nascimento],
    });
  });

  it('takes today in São Paulo: at 02:00 UTC on Jan 1 the new year has not begun', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T02:00:00Z'));
    expect(nascimento('2025-12-31')).toBe('2025-12-31');
    expect(errorsOf(GeralSchema, { nascimento: '2026-01-01' })).toEqual({ nascimento: [P.nascimento] });
    vi.setSystemTime(new Date('2026-01-01T03:00:00Z'));
    expect(nascimento('2026-01-01')).toBe('2026-01-01');
  });

  it('rejects a birth date that does not exist or is not ISO', () => {
    for (const value of ['2023-02-29', '1990-13-01', '17/05/1990', '1990-5-17', ' ', 19900517]) {
      expect(errorsOf(GeralSchema, { nascimento: value }), String(value)).toEqual({
        nascimento: [P.nascimento],
      });
    }
    expect(nascimento('2024-02-29')).toBe('2024-02-29');
  });

  it('accepts M, F and N for sex and nothing else', () => {
    for (const sexo of Object.keys(SEXO)) {
      expect(GeralSchema.parse({ sexo }).sexo).toBe(sexo);
    }
    for (const sexo of ['X', 'm', 'Masculino', 1]) {
      expect(errorsOf(GeralSchema, { sexo }), String(sexo)).toEqual({ sexo: [P.sexo] });
    }
  });

  it('accepts the blood types 1 to 8 and rejects the rest', () => {
    for (const key of Object.keys(SANGUE)) {
      expect(GeralSchema.parse({ sangue: key }).sangue).toBe(Number(key));
      expect(GeralSchema.parse({ sangue: Number(key) }).sangue).toBe(Number(key));
    }
    for (const sangue of [0, 9, '0', '9', 'O+']) {
      expect(errorsOf(GeralSchema, { sangue }), String(sangue)).toEqual({ sangue: [P.sangue] });
    }
  });

  it('accepts a city object or null', () => {
    expect(GeralSchema.parse({ cidade: SAO_PAULO }).cidade).toEqual(SAO_PAULO);
    expect(GeralSchema.parse({ cidade: null }).cidade).toBeNull();
    expect(GeralSchema.parse({ cidade: '' }).cidade).toBeNull();
    expect(GeralSchema.parse({ cidade: undefined }).cidade).toBeNull();
  });

  it('rejects a city typed but not chosen from the list', () => {
    expect(errorsOf(GeralSchema, { cidade: 'São Paulo' })).toEqual({ cidade: [P.cidade] });
    expect(errorsOf(GeralSchema, { cidade: 3550308 })).toEqual({ cidade: [P.cidade] });
  });

  it('rejects a city without a positive whole id', () => {
    for (const id of [0, -1, 1.5, 'abc', '', null, undefined]) {
      expect(errorsOf(GeralSchema, { cidade: { id, descricao: 'São Paulo - SP' } }), String(id)).toEqual({
        'cidade.id': [P.cidade],
      });
    }
  });

  it('rejects a city without a description', () => {
    expect(errorsOf(GeralSchema, { cidade: { id: 3550308 } })).toEqual({ 'cidade.descricao': [P.cidade] });
  });

  it('caps the address fields at 255 characters', () => {
    const long = 'a'.repeat(256);
    expect(GeralSchema.parse({ endereco: 'a'.repeat(255) }).endereco).toHaveLength(255);
    expect(errorsOf(GeralSchema, { endereco: long, bairro: long, complemento: long })).toEqual({
      endereco: ['Use no máximo 255 caracteres'],
      bairro: ['Use no máximo 255 caracteres'],
      complemento: ['Use no máximo 255 caracteres'],
    });
  });
});

describe('OutrasSchema', () => {
  it('accepts S or N for organ donor and null when blank', () => {
    expect(OutrasSchema.parse({ doador: 'S' })).toEqual({ doador: 'S', adicional: null });
    expect(OutrasSchema.parse({ doador: 'N', adicional: ' Alérgico a dipirona ' })).toEqual({
      doador: 'N',
      adicional: 'Alérgico a dipirona',
    });
    expect(OutrasSchema.parse({ doador: '' })).toEqual({ doador: null, adicional: null });
  });

  it('rejects other donor values in pt-BR', () => {
    for (const doador of ['X', 's', 'Sim', true]) {
      expect(errorsOf(OutrasSchema, { doador }), String(doador)).toEqual({ doador: ['Escolha Sim ou Não'] });
    }
  });

  it('accepts 2000 characters of additional notes and rejects 2001', () => {
    expect(OutrasSchema.parse({ adicional: 'a'.repeat(2000) }).adicional).toHaveLength(2000);
    expect(errorsOf(OutrasSchema, { adicional: 'a'.repeat(2001) })).toEqual({
      adicional: ['Use no máximo 2000 caracteres'],
    });
  });
});
