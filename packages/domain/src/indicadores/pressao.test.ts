import { describe, expect, it } from 'vitest';
import { INDICADOR_MESSAGES } from './afericao.ts';
import {
  classificarDiastolica,
  classificarPressao,
  classificarSistolica,
  DIASTOLICA_MIN,
  PRESSAO_MESSAGES,
  PRESSAO_STATUS,
  PRESSAO_STATUS_VISUAL,
  PressaoViewSchema,
  pressaoAviso,
  pressaoCreateSchema,
} from './pressao.ts';

const schema = pressaoCreateSchema(() => ({ data: '2025-06-15', hora: '14:30' }));
const VALID = { sis: '120', dia: '80', data_afericao: '2025-06-15', time_afericao: '08:00' };

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe('classificarSistolica (docs/indicators-and-score.md "Blood pressure": < 100, 100–129, 130–139, 140–179, ≥ 180)', () => {
  it.each([
    [10, 'baixa'],
    [99, 'baixa'],
    [100, 'normal'],
    [129, 'normal'],
    [130, 'alterada'],
    [139, 'alterada'],
    [140, 'alta'],
    [179, 'alta'],
    [180, 'muito_alta'],
    [999, 'muito_alta'],
  ])('%i mmHg is %s', (sis, status) => expect(classificarSistolica(sis)).toBe(status));

  it('puts 129, where the original ranges overlapped, in normal, not altered (docs/indicators-and-score.md "Blood pressure")', () => {
    expect(classificarSistolica(129)).toBe('normal');
  });
});

describe('classificarDiastolica (docs/indicators-and-score.md "Blood pressure": < 60, 60–84, 85–89, 90–109, ≥ 110)', () => {
  it.each([
    [50, 'baixa'],
    [59, 'baixa'],
    [60, 'normal'],
    [84, 'normal'],
    [85, 'alterada'],
    [89, 'alterada'],
    [90, 'alta'],
    [109, 'alta'],
    [110, 'muito_alta'],
    [180, 'muito_alta'],
  ])('%i mmHg is %s', (dia, status) => expect(classificarDiastolica(dia)).toBe(status));
});

describe('classificarPressao', () => {
  it.each([
    [120, 80, 'normal'],
    [100, 60, 'normal'],
    [129, 84, 'normal'],
    [130, 80, 'alterada'],
    [120, 85, 'alterada'],
    [139, 89, 'alterada'],
    [140, 80, 'alta'],
    [135, 90, 'alta'],
    [179, 109, 'alta'],
    [180, 80, 'muito_alta'],
    [125, 110, 'muito_alta'],
    [150, 112, 'muito_alta'],
  ])('%i/%i takes the higher category: %s', (sis, dia, status) => {
    expect(classificarPressao(sis, dia)).toBe(status);
  });

  it("is 'baixa' when a value is below normal and neither is above it", () => {
    expect(classificarPressao(99, 70)).toBe('baixa');
    expect(classificarPressao(110, 59)).toBe('baixa');
    expect(classificarPressao(90, 55)).toBe('baixa');
    expect(classificarPressao(100, 60)).toBe('normal');
  });

  it('lets a value above normal win over a low one', () => {
    expect(classificarPressao(95, 88)).toBe('alterada');
    expect(classificarPressao(145, 55)).toBe('alta');
    expect(classificarPressao(185, 58)).toBe('muito_alta');
  });

  it('labels every category in pt-BR with a tone', () => {
    expect(PRESSAO_STATUS.map((s) => PRESSAO_STATUS_VISUAL[s].label)).toEqual([
      'Baixa',
      'Normal',
      'Alterada',
      'Alta',
      'Muito alta',
    ]);
    expect(new Set(PRESSAO_STATUS.map((s) => PRESSAO_STATUS_VISUAL[s].tom)).size).toBe(5);
  });
});

describe('pressaoAviso', () => {
  it('accepts a diastolic from 50 up to the systolic', () => {
    expect(pressaoAviso(120, 80)).toBeNull();
    expect(pressaoAviso(120, 120)).toBeNull();
    expect(pressaoAviso(120, DIASTOLICA_MIN)).toBeNull();
    expect(pressaoAviso(50, 50)).toBeNull();
  });
  it("answers 'maior' above the systolic and 'minima' below 50", () => {
    expect(pressaoAviso(120, 121)).toBe('maior');
    expect(pressaoAviso(80, 120)).toBe('maior');
    expect(pressaoAviso(120, 49)).toBe('minima');
    expect(pressaoAviso(45, 45)).toBe('minima');
  });
});

describe('pressaoCreateSchema', () => {
  it('reads the multipart strings and drops the status a client sends', () => {
    expect(schema.parse({ ...VALID, status: 'normal' })).toEqual({
      sis: 120,
      dia: 80,
      data_afericao: '2025-06-15',
      time_afericao: '08:00',
    });
    expect(schema.parse({ ...VALID, sis: 118, dia: 76 })).toMatchObject({ sis: 118, dia: 76 });
  });

  it('needs 2–3 digits in each value', () => {
    expect(errorsOf(schema.safeParse({ ...VALID, sis: '9', dia: '' }))).toEqual({
      sis: [PRESSAO_MESSAGES.sis],
      dia: [PRESSAO_MESSAGES.dia],
    });
    expect(errorsOf(schema.safeParse({ ...VALID, sis: '1200' }))).toEqual({ sis: [PRESSAO_MESSAGES.sis] });
    expect(errorsOf(schema.safeParse({ ...VALID, dia: '8a' }))).toEqual({ dia: [PRESSAO_MESSAGES.dia] });
  });

  it("answers the documented warning (with its trailing space) under dia for dia > sis, and says 'below 50' for dia < 50", () => {
    expect(PRESSAO_MESSAGES.diastolica).toBe('ATENÇÃO! Diástolica não pode ser maior que a Sistólica ');
    expect(errorsOf(schema.safeParse({ ...VALID, sis: '80', dia: '120' }))).toEqual({
      dia: [PRESSAO_MESSAGES.diastolica],
    });
    expect(errorsOf(schema.safeParse({ ...VALID, sis: '120', dia: '49' }))).toEqual({
      dia: ['ATENÇÃO! Diastólica abaixo de 50 mmHg'],
    });
    // Both wrong (40 passes 30 and is below 50): passing the systolic is said first.
    expect(errorsOf(schema.safeParse({ ...VALID, sis: '30', dia: '40' }))).toEqual({
      dia: [PRESSAO_MESSAGES.diastolica],
    });
    expect(schema.safeParse({ ...VALID, sis: '120', dia: '50' }).success).toBe(true);
    expect(schema.safeParse({ ...VALID, sis: '90', dia: '90' }).success).toBe(true);
  });

  it('refuses a reading in the future', () => {
    expect(errorsOf(schema.safeParse({ ...VALID, data_afericao: '2025-06-16' }))).toEqual({
      data_afericao: [INDICADOR_MESSAGES.dataFutura],
    });
    expect(errorsOf(schema.safeParse({ ...VALID, time_afericao: '18:00' }))).toEqual({
      time_afericao: [INDICADOR_MESSAGES.horaFutura],
    });
  });
});

describe('PressaoViewSchema', () => {
  it('accepts only the five categories', () => {
    const view = {
      id: 1,
      sis: 120,
      dia: 80,
      status: 'normal',
      data_afericao: '2025-06-01',
      time_afericao: '08:00',
    };
    expect(PressaoViewSchema.parse(view)).toEqual(view);
    expect(PressaoViewSchema.safeParse({ ...view, status: 'Normal' }).success).toBe(false);
  });
});
