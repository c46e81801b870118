import { describe, expect, it } from 'vitest';
import { INDICADOR_MESSAGES } from './afericao.ts';
import {
  classificarGlicose,
  GLICOSE_FAIXAS,
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

describe('classificarGlicose (docs/indicators-and-score.md "Glucose": 20–69, 70–99, 100–125, ≥ 126)', () => {
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

  it('puts 126, where the original ranges overlapped, in \'Risco de diabetes\', not altered (docs/indicators-and-score.md "Glucose")', () => {
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

describe('glicoseAlerta (docs/indicators-and-score.md "Glucose")', () => {
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

describe('glicoseFaixa (docs/indicators-and-score.md "Glucose": the same limits as the stored status)', () => {
  it.each([
    [20, 'azul', 'Abaixo do normal'],
    [65, 'azul', 'Abaixo do normal'],
    [69, 'azul', 'Abaixo do normal'],
    [70, 'verde', 'Normal'],
    [99, 'verde', 'Normal'],
    [100, 'amarelo', 'Alterada'],
    [125, 'amarelo', 'Alterada'],
    [126, 'vermelho', 'Risco de diabetes'],
    [999, 'vermelho', 'Risco de diabetes'],
  ])('without diabetes %i mg/dL is %s, %s', (value, tom, label) => {
    expect(glicoseFaixa(value, false)).toMatchObject({ tom, label });
  });

  it('labels each reading as its stored status reads, from 20 to 999 mg/dL', () => {
    for (let value = 20; value <= 999; value += 1) {
      expect(glicoseFaixa(value, false).label).toBe(GLICOSE_STATUS_VISUAL[classificarGlicose(value)].label);
    }
  });

  it.each([
    [20, 'azul', 'Baixa'],
    [69, 'azul', 'Baixa'],
    [70, 'verde', 'Na meta'],
    [180, 'verde', 'Na meta'],
    [181, 'amarelo', 'Acima da meta'],
    [400, 'amarelo', 'Acima da meta'],
  ])('with diabetes %i mg/dL is %s, %s', (value, tom, label) => {
    expect(glicoseFaixa(value, true)).toMatchObject({ tom, label });
  });

  it('agrees with the alert with diabetes: from 70 mg/dL, green exactly where the alert says normal', () => {
    for (let value = 70; value <= 999; value += 1) {
      const normal = glicoseAlerta(value, true).texto === 'Sua glicose está normal';
      expect(glicoseFaixa(value, true).tom === 'verde').toBe(normal);
    }
  });

  it('gives each band its range as read', () => {
    expect(GLICOSE_FAIXAS.outros.map((f) => f.intervalo)).toEqual([
      '20–69 mg/dL',
      '70–99 mg/dL',
      '100–125 mg/dL',
      '126 mg/dL ou mais',
    ]);
    expect(GLICOSE_FAIXAS.diabetes.map((f) => f.intervalo)).toEqual([
      'abaixo de 70 mg/dL',
      '70–180 mg/dL',
      '181 mg/dL ou mais',
    ]);
  });

  it('shades the green band on the chart: 70–99 without diabetes and 70–180 with it', () => {
    expect(glicoseFaixaNormal(false)).toEqual({ de: 70, ate: 99, label: 'Normal (70–99 mg/dL)' });
    expect(glicoseFaixaNormal(true)).toEqual({ de: 70, ate: 180, label: 'Meta (70–180 mg/dL)' });
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
