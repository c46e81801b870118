import { describe, expect, it } from 'vitest';
import {
  aggregateDorHistorico,
  DOR_HISTORICO_DIAS,
  DOR_SHADE_LABELS,
  type DorCount,
  DorHistoricoSchema,
  dorHistoricoStart,
  dorShade,
  INTENSIDADE_DOR_LABELS,
  intensidadeDorLabel,
  intensidadeWeight,
  isIntensidadeDor,
  isLocalDor,
  LOCAL_DOR_LABELS,
  localDorLabel,
} from './dor.ts';
import { INTENSIDADES_DOR, LOCAIS_DOR } from './records.ts';

describe('labels of the pain map (docs/health-record.md "Locations and levels")', () => {
  it('labels every location and level, with accents where Portuguese needs them', () => {
    expect(Object.keys(LOCAL_DOR_LABELS)).toEqual([...LOCAIS_DOR]);
    expect(Object.keys(INTENSIDADE_DOR_LABELS)).toEqual([...INTENSIDADES_DOR]);
    expect(INTENSIDADES_DOR.map(intensidadeDorLabel)).toEqual(['Baixo', 'Médio', 'Moderado', 'Alta']);
    expect(localDorLabel('Abdomem')).toBe('Abdômen');
    expect(localDorLabel('Cabeça')).toBe('Cabeça');
  });

  it('shows an unknown stored value as it is', () => {
    expect(localDorLabel('Pescoço')).toBe('Pescoço');
    expect(intensidadeDorLabel('Extrema')).toBe('Extrema');
  });

  it('tells the wire values apart from anything else', () => {
    expect(LOCAIS_DOR.every(isLocalDor)).toBe(true);
    expect(INTENSIDADES_DOR.every(isIntensidadeDor)).toBe(true);
    for (const v of ['Abdômen', 'cabeça', '', null, undefined, 3]) expect(isLocalDor(v)).toBe(false);
    for (const v of ['Médio', 'alta', '', null, 1]) expect(isIntensidadeDor(v)).toBe(false);
  });

  it('weighs the levels from the mildest (1) to the strongest (4)', () => {
    expect(INTENSIDADES_DOR.map(intensidadeWeight)).toEqual([1, 2, 3, 4]);
  });
});

describe('dorHistoricoStart', () => {
  it('answers the first of the 90 days ending today, across months, years and leap days', () => {
    expect(DOR_HISTORICO_DIAS).toBe(90);
    expect(dorHistoricoStart('2025-06-15')).toBe('2025-03-18');
    expect(dorHistoricoStart('2025-01-10')).toBe('2024-10-13');
    expect(dorHistoricoStart('2024-05-29')).toBe('2024-03-01');
    expect(dorHistoricoStart('2024-05-28')).toBe('2024-02-29');
    expect(dorHistoricoStart('2023-05-29')).toBe('2023-03-01');
  });

  it('refuses what is not a real ISO date', () => {
    expect(() => dorHistoricoStart('15/06/2025')).toThrow(RangeError);
    expect(() => dorHistoricoStart('2025-02-30')).toThrow(RangeError);
  });
});

describe('dorShade', () => {
  it('is 0 (no shade) without records', () => {
    expect(dorShade(0, 'Alta')).toBe(0);
    expect(dorShade(-1, 'Alta')).toBe(0);
    expect(dorShade(0.5, 'Alta')).toBe(0);
    expect(dorShade(Number.NaN, 'Alta')).toBe(0);
  });

  it('shades a single record by its level: Baixo 1, Medio 2, Moderado 2, Alta 3', () => {
    expect(INTENSIDADES_DOR.map((i) => dorShade(1, i))).toEqual([1, 2, 2, 3]);
  });

  it('darkens from 2 times (bonus 1) and from 5 times (bonus 2), at the edges', () => {
    expect(dorShade(1, 'Baixo')).toBe(1);
    expect(dorShade(2, 'Baixo')).toBe(2);
    expect(dorShade(4, 'Baixo')).toBe(2);
    expect(dorShade(5, 'Baixo')).toBe(2);
    expect(dorShade(4, 'Medio')).toBe(2);
    expect(dorShade(5, 'Medio')).toBe(3);
    expect(dorShade(1, 'Moderado')).toBe(2);
    expect(dorShade(2, 'Moderado')).toBe(3);
    expect(dorShade(4, 'Moderado')).toBe(3);
    expect(dorShade(5, 'Moderado')).toBe(4);
    expect(dorShade(2, 'Alta')).toBe(4);
  });

  it('never goes past 4 and never goes down as times or level rise', () => {
    expect(dorShade(1000, 'Alta')).toBe(4);
    for (const i of INTENSIDADES_DOR) {
      for (let v = 1; v < 12; v++) expect(dorShade(v + 1, i)).toBeGreaterThanOrEqual(dorShade(v, i));
    }
    for (let v = 1; v < 12; v++) {
      const shades = INTENSIDADES_DOR.map((i) => dorShade(v, i));
      expect([...shades].sort()).toEqual(shades);
    }
  });

  it('has a legend label for every shade', () => {
    expect(Object.keys(DOR_SHADE_LABELS)).toEqual(['1', '2', '3', '4']);
  });
});

describe('aggregateDorHistorico', () => {
  const c = (local_dor: string | null, intensidade_dor: string | null, vezes: number, ultima: string) =>
    ({ local_dor, intensidade_dor, vezes, ultima }) satisfies DorCount;

  it('is empty without counts', () => {
    expect(aggregateDorHistorico([])).toEqual([]);
  });

  it('merges the levels of one location: times summed, the highest level, the latest day', () => {
    const rows = aggregateDorHistorico([
      c('Joelho', 'Baixo', 3, '2025-06-10'),
      c('Joelho', 'Alta', 1, '2025-05-01'),
      c('Joelho', 'Medio', 2, '2025-06-12'),
    ]);
    expect(rows).toEqual([{ local_dor: 'Joelho', vezes: 6, intensidade_max: 'Alta', ultima: '2025-06-12' }]);
    expect(DorHistoricoSchema.parse({ historico: rows }).historico).toEqual(rows);
  });

  it('leaves out unknown locations and levels and empty counts', () => {
    expect(
      aggregateDorHistorico([
        c(null, 'Alta', 1, '2025-06-10'),
        c('Pescoço', 'Alta', 1, '2025-06-10'),
        c('Cabeça', null, 1, '2025-06-10'),
        c('Cabeça', 'Extrema', 1, '2025-06-10'),
        c('Costas', 'Alta', 0, '2025-06-10'),
      ]),
    ).toEqual([]);
  });

  it('orders by shade, then times, then the latest day, then the documented order of locations', () => {
    const rows = aggregateDorHistorico([
      c('Pés', 'Baixo', 1, '2025-06-01'),
      c('Cabeça', 'Baixo', 1, '2025-06-01'),
      c('Costas', 'Alta', 2, '2025-04-01'),
      c('Ombro', 'Medio', 1, '2025-06-14'),
      c('Peito', 'Baixo', 3, '2025-05-01'),
      c('Mãos', 'Baixo', 1, '2025-06-09'),
    ]);
    expect(rows.map((r) => r.local_dor)).toEqual(['Costas', 'Peito', 'Ombro', 'Mãos', 'Cabeça', 'Pés']);
  });
});
