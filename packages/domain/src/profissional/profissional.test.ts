import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../shared/errors.ts';
import {
  countsForLevel3,
  isProfissionalTipo,
  PROFISSIONAL_MESSAGES,
  PROFISSIONAL_NUMERO_MAX,
  PROFISSIONAL_TIPO_LABELS,
  ProfissionalCreateSchema,
} from './profissional.ts';

const errorsOf = (input: unknown) => {
  const parsed = ProfissionalCreateSchema.safeParse(input);
  return parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
};

describe('ProfissionalCreateSchema (docs/codes.md "Registering and its messages")', () => {
  it('gives the documented messages for a missing or blank tipo and numero', () => {
    expect(errorsOf({})).toEqual({
      tipo: [PROFISSIONAL_MESSAGES.tipo],
      numero: [PROFISSIONAL_MESSAGES.numero],
    });
    expect(errorsOf({ tipo: '', numero: '   ' })).toEqual({
      tipo: ['Informe o tipo de profissional'],
      numero: ['Informe seu número de cadastro'],
    });
  });

  it('accepts each of M, B and S and refuses any other letter, lower case included', () => {
    for (const tipo of ['M', 'B', 'S']) {
      expect(ProfissionalCreateSchema.parse({ tipo, numero: '123' }).tipo).toBe(tipo);
    }
    for (const tipo of ['m', 'X', 'MB', 1]) {
      expect(errorsOf({ tipo, numero: '123' })).toEqual({ tipo: [PROFISSIONAL_MESSAGES.tipo] });
    }
  });

  it('trims the number and collapses inner spaces', () => {
    expect(ProfissionalCreateSchema.parse({ tipo: 'M', numero: '  CRM-SP   123456 ' }).numero).toBe(
      'CRM-SP 123456',
    );
    expect(ProfissionalCreateSchema.parse({ tipo: 'S', numero: 'COREN-PE 123.456' }).numero).toBe(
      'COREN-PE 123.456',
    );
    expect(ProfissionalCreateSchema.parse({ tipo: 'B', numero: '4521/RJ' }).numero).toBe('4521/RJ');
    expect(ProfissionalCreateSchema.parse({ tipo: 'B', numero: '7' }).numero).toBe('7');
  });

  it(`takes ${PROFISSIONAL_NUMERO_MAX} characters and refuses ${PROFISSIONAL_NUMERO_MAX + 1}`, () => {
    const at = `1${'2'.repeat(PROFISSIONAL_NUMERO_MAX - 1)}`;
    expect(ProfissionalCreateSchema.parse({ tipo: 'M', numero: at }).numero).toHaveLength(30);
    expect(errorsOf({ tipo: 'M', numero: `${at}3` })).toEqual({ numero: ['Use no máximo 30 caracteres'] });
  });

  it('refuses a number without digits, with other symbols, or starting or ending with punctuation', () => {
    for (const numero of ['CRM', 'abc-def', '123<script>', '12;34', '-123', '123/', '12_34']) {
      expect(errorsOf({ tipo: 'M', numero }), numero).toEqual({
        numero: [PROFISSIONAL_MESSAGES.numeroInvalido],
      });
    }
  });
});

describe('kinds and review', () => {
  it('labels the three kinds Médico, Bombeiro and SAMU', () => {
    expect(PROFISSIONAL_TIPO_LABELS).toEqual({ M: 'Médico', B: 'Bombeiro', S: 'SAMU' });
    expect(isProfissionalTipo('S')).toBe(true);
    expect(isProfissionalTipo('s')).toBe(false);
    expect(isProfissionalTipo(null)).toBe(false);
  });

  it('counts only verified credentials for level 3 (issue 9), never pending or rejected ones', () => {
    expect(countsForLevel3('pendente')).toBe(false);
    expect(countsForLevel3('verificado')).toBe(true);
    expect(countsForLevel3('rejeitado')).toBe(false);
  });
});
