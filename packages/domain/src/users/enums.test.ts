import { describe, expect, it } from 'vitest';
import { COR, DOADOR, enumLabel, enumOptions, OLHOS, RELACAO, SANGUE, SEXO } from './enums.ts';

describe('enumerations', () => {
  it('carry the codes of docs/accounts.md "Enumerations"', () => {
    expect(Object.keys(RELACAO)).toEqual(['C', 'F', 'I', 'P', 'T', 'A', 'O']);
    expect(Object.keys(COR)).toEqual(['1', '2', '3', '4', '5']);
    expect(Object.keys(OLHOS)).toEqual(['1', '2', '3', '4']);
    expect(Object.keys(SEXO)).toEqual(['M', 'F', 'N']);
    expect(Object.values(SANGUE)).toEqual(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-']);
    expect(Object.keys(SANGUE)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(DOADOR).toEqual({ S: 'Sim', N: 'Não' });
  });
});

describe('enumOptions', () => {
  it('lists numeric enumerations in order, values as strings', () => {
    expect(enumOptions(COR)).toEqual([
      { value: '1', label: 'Branca' },
      { value: '2', label: 'Preta' },
      { value: '3', label: 'Parda' },
      { value: '4', label: 'Amarela' },
      { value: '5', label: 'Indígena' },
    ]);
  });

  it('lists letter enumerations in declaration order', () => {
    expect(enumOptions(SEXO)).toEqual([
      { value: 'M', label: 'Masculino' },
      { value: 'F', label: 'Feminino' },
      { value: 'N', label: 'Não especificado' },
    ]);
    expect(enumOptions(RELACAO).map((o) => o.value)).toEqual(['C', 'F', 'I', 'P', 'T', 'A', 'O']);
  });

  it('gives one option per value', () => {
    expect(enumOptions(SANGUE)).toHaveLength(8);
    expect(enumOptions({})).toEqual([]);
  });
});

describe('enumLabel', () => {
  it('labels a value given as a number or a string', () => {
    expect(enumLabel(COR, 3)).toBe('Parda');
    expect(enumLabel(COR, '3')).toBe('Parda');
    expect(enumLabel(SANGUE, 1)).toBe('A+');
    expect(enumLabel(SANGUE, 8)).toBe('O-');
    expect(enumLabel(OLHOS, 4)).toBe('Verdes');
    expect(enumLabel(RELACAO, 'P')).toBe('Pai / Mãe');
    expect(enumLabel(DOADOR, 'N')).toBe('Não');
  });

  it('answers null for an absent value', () => {
    expect(enumLabel(COR, null)).toBeNull();
    expect(enumLabel(COR, undefined)).toBeNull();
  });

  it('answers null for an unknown value', () => {
    expect(enumLabel(COR, 0)).toBeNull();
    expect(enumLabel(COR, 6)).toBeNull();
    expect(enumLabel(SANGUE, 9)).toBeNull();
    expect(enumLabel(SEXO, 'm')).toBeNull();
    expect(enumLabel(SEXO, '')).toBeNull();
    expect(enumLabel(COR, '03')).toBeNull();
  });

  it('answers null for the names of Object.prototype members', () => {
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      expect(enumLabel(SEXO, key), key).toBeNull();
    }
  });
});
