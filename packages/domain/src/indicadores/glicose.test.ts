import { describe, expect, it } from 'vitest';
import { INDICADOR_MESSAGES } from './afericao.ts';
import {
  classificarGlicose,
  GLICOSE_MESSAGES,
  GLICOSE_PERIODO_IDS,
  GLICOSE_PERIODOS,
  GLICOSE_STATUS,
  GLICOSE_STATUS_VISUAL,
  glicoseAlerta,
  glicoseCreateSchema,
  glicoseFaixa,
  glicoseFaixaNormal,
  glicosePeriodoLabel,
  glicoseUpdateSchema,
  temDiabetes,
} from './glicose.ts';

const agora = () => ({ data: '2025-06-15', hora: '14:30' });
const create = glicoseCreateSchema(agora);
const update = glicoseUpdateSchema(agora);
const VALID = { value: '120', time_of_day: '1', data_afericao: '2025-06-15', time_afericao: '07:10' };

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

describe('glucose periods', () => {
  it('are 1 Café, 2 Almoço, 3 Janta, 4 Após as 22 Horas', () => {
    expect(GLICOSE_PERIODO_IDS.map((p) => GLICOSE_PERIODOS[p])).toEqual([
      'Café',
      'Almoço',
      'Janta',
      'Após as 22 Horas',
    ]);
    expect(glicosePeriodoLabel(3)).toBe('Janta');
    expect(glicosePeriodoLabel(7)).toBe('Período 7');
  });
});

describe('classificarGlicose (RULINGS.md: 20–69, 70–99, 100–125, ≥ 126)', () => {
  it.each([
    [20, 'abaixo'],
    [69, 'abaixo'],
    [70, 'normal'],
    [99, 'normal'],
    [100, 'alterada'],
    [125, 'alterada'],
    [126, 'risco'],
    [999, 'risco'],
  ])('%i mg/dL is %s', (value, status) => expect(classificarGlicose(value)).toBe(status));

  it("puts the spec's overlap 126 in 'Risco de diabetes', not altered (spec 2 §5 had \"100-126\")", () => {
    expect(classificarGlicose(126)).toBe('risco');
    expect(GLICOSE_STATUS_VISUAL.risco.label).toBe('Risco de diabetes');
  });

  it('labels every category', () => {
    expect(GLICOSE_STATUS.map((s) => GLICOSE_STATUS_VISUAL[s].label)).toEqual([
      'Abaixo do normal',
      'Normal',
      'Alterada',
      'Risco de diabetes',
    ]);
  });
});

describe('glicoseAlerta (spec 2 §5)', () => {
  it('with diabetes: up to 180 normal (success), from 181 altered (info)', () => {
    expect(glicoseAlerta(20, true)).toEqual({ texto: 'Sua glicose está normal', severidade: 'success' });
    expect(glicoseAlerta(180, true)).toEqual({ texto: 'Sua glicose está normal', severidade: 'success' });
    expect(glicoseAlerta(181, true)).toEqual({ texto: 'Sua glicose está alterada', severidade: 'info' });
  });

  it("without diabetes: 126 or more is the error 'Risco de diabetes'", () => {
    expect(glicoseAlerta(126, false)).toEqual({ texto: 'Risco de diabetes', severidade: 'error' });
    expect(glicoseAlerta(300, false)).toEqual({ texto: 'Risco de diabetes', severidade: 'error' });
  });

  it('without diabetes: the other ranges', () => {
    expect(glicoseAlerta(125, false)).toEqual({ texto: 'Sua glicose está alterada', severidade: 'warning' });
    expect(glicoseAlerta(100, false).texto).toBe('Sua glicose está alterada');
    expect(glicoseAlerta(99, false)).toEqual({ texto: 'Sua glicose está normal', severidade: 'success' });
    expect(glicoseAlerta(70, false).texto).toBe('Sua glicose está normal');
    expect(glicoseAlerta(69, false)).toEqual({
      texto: 'Sua glicose está abaixo do normal',
      severidade: 'warning',
    });
    expect(glicoseAlerta(20, false).texto).toBe('Sua glicose está abaixo do normal');
  });
});

describe('glicoseFaixa (spec 2 §5 "History colours")', () => {
  it.each([
    [20, 'azul', 'Baixa'],
    [59, 'azul', 'Baixa'],
    [60, 'verde', 'Normal'],
    [99, 'verde', 'Normal'],
    [100, 'amarelo', 'Alterada'],
    [125, 'amarelo', 'Alterada'],
    [126, 'vermelho', 'Risco de diabetes'],
    [400, 'vermelho', 'Risco de diabetes'],
  ])('without diabetes %i mg/dL is %s, %s', (value, tom, label) => {
    expect(glicoseFaixa(value, false)).toMatchObject({ tom, label });
  });

  it.each([
    [20, 'azul', 'Baixa'],
    [59, 'azul', 'Baixa'],
    [60, 'verde', 'Na meta'],
    [179, 'verde', 'Na meta'],
    [180, 'amarelo', 'Acima da meta'],
    [400, 'amarelo', 'Acima da meta'],
  ])('with diabetes %i mg/dL is %s, %s', (value, tom, label) => {
    expect(glicoseFaixa(value, true)).toMatchObject({ tom, label });
  });

  it('gives each band its range as read', () => {
    expect(glicoseFaixa(80, false).intervalo).toBe('60–99 mg/dL');
    expect(glicoseFaixa(200, true).intervalo).toBe('180 mg/dL ou mais');
  });

  it('shades 70–99 without diabetes and 70–180 with it on the chart', () => {
    expect(glicoseFaixaNormal(false)).toMatchObject({ de: 70, ate: 99 });
    expect(glicoseFaixaNormal(true)).toMatchObject({ de: 70, ate: 180 });
  });
});

describe('temDiabetes', () => {
  it("finds 'Diabetes' among the conditions, in any case and with accents", () => {
    expect(temDiabetes([{ nome: 'Asma' }, { nome: 'Diabetes' }])).toBe(true);
    expect(temDiabetes([{ nome: 'DIABETES tipo 2' }])).toBe(true);
    expect(temDiabetes([{ nome: 'Díabetes' }])).toBe(true);
  });
  it('is false without it', () => {
    expect(temDiabetes([])).toBe(false);
    expect(temDiabetes([{ nome: 'Hipertensão' }, { nome: 'Pré-diabetesx' }])).toBe(false);
  });
});

describe('glicoseCreateSchema', () => {
  it('reads value and period as numbers', () => {
    expect(create.parse(VALID)).toEqual({
      value: 120,
      time_of_day: 1,
      data_afericao: '2025-06-15',
      time_afericao: '07:10',
    });
    expect(create.parse({ ...VALID, value: 95, time_of_day: 4 })).toMatchObject({
      value: 95,
      time_of_day: 4,
    });
  });

  it('accepts 20–999 mg/dL and refuses 19, 1 digit and 4 digits', () => {
    expect(create.parse({ ...VALID, value: '20' }).value).toBe(20);
    expect(create.parse({ ...VALID, value: '999' }).value).toBe(999);
    for (const value of ['19', '10', '9', '1000', '', 'abc', '12,5']) {
      expect(errorsOf(create.safeParse({ ...VALID, value })), value).toEqual({
        value: [GLICOSE_MESSAGES.value],
      });
    }
  });

  it('requires a period 1–4', () => {
    for (const time_of_day of ['', '0', '5', 'Café', '1.5', null]) {
      expect(errorsOf(create.safeParse({ ...VALID, time_of_day })), String(time_of_day)).toEqual({
        time_of_day: [GLICOSE_MESSAGES.periodo],
      });
    }
  });

  it('refuses a reading in the future', () => {
    expect(errorsOf(create.safeParse({ ...VALID, data_afericao: '2025-06-16' }))).toEqual({
      data_afericao: [INDICADOR_MESSAGES.dataFutura],
    });
  });
});

describe('glicoseUpdateSchema', () => {
  it('takes the period as index (1–4) with value, date and time', () => {
    expect(
      update.parse({ index: 3, value: '140', data_afericao: '2025-06-14', time_afericao: '19:30' }),
    ).toEqual({
      index: 3,
      value: 140,
      data_afericao: '2025-06-14',
      time_afericao: '19:30',
    });
  });

  it('answers the same messages as saving', () => {
    expect(
      errorsOf(update.safeParse({ index: 0, value: '5', data_afericao: '', time_afericao: '25:00' })),
    ).toEqual({
      index: [GLICOSE_MESSAGES.periodo],
      value: [GLICOSE_MESSAGES.value],
      data_afericao: [INDICADOR_MESSAGES.data],
      time_afericao: [INDICADOR_MESSAGES.hora],
    });
  });
});
