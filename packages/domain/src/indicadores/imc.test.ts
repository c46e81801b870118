import { describe, expect, it } from 'vitest';
import {
  calcularImc,
  classificarImc,
  formatVariacaoPeso,
  IMC_MESSAGES,
  IMC_PESO_LIMITE,
  IMC_PESO_MIN,
  IMC_STATUS,
  IMC_STATUS_VISUAL,
  imcCreateSchema,
  leituraAnterior,
  round1,
  variacaoPeso,
} from './imc.ts';

const schema = imcCreateSchema(() => ({ data: '2025-06-15', hora: '14:30' }));
const VALID = { peso: '72,5', data_afericao: '2025-06-15', time_afericao: '07:00' };

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

describe('round1', () => {
  it('rounds half up to 1 decimal, without binary noise', () => {
    expect(round1(24.95)).toBe(25);
    expect(round1(24.94)).toBe(24.9);
    expect(round1(18.45)).toBe(18.5);
    expect(round1(-0.05)).toBe(-0.1);
    expect(round1(0)).toBe(0);
  });
});

describe('calcularImc', () => {
  it('is kg / m² with 1 decimal', () => {
    expect(calcularImc(72.5, 1.78)).toBe(22.9);
    expect(calcularImc(70, 1.75)).toBe(22.9);
    expect(calcularImc(100, 1.6)).toBe(39.1);
    expect(calcularImc(10, 2.5)).toBe(1.6);
  });
  it('throws on a height that is not positive', () => {
    expect(() => calcularImc(70, 0)).toThrow(RangeError);
    expect(() => calcularImc(70, Number.NaN)).toThrow(RangeError);
  });
});

describe('classificarImc (docs/indicators-and-score.md "BMI": < 18,5; 18,5 to < 25; 25 to < 30; ≥ 30)', () => {
  it.each([
    [10, 'abaixo'],
    [18.4, 'abaixo'],
    [18.5, 'normal'],
    [24.9, 'normal'],
    [25, 'sobrepeso'],
    [29.9, 'sobrepeso'],
    [30, 'obesidade'],
    [55.2, 'obesidade'],
  ])('%d is %s', (imc, status) => expect(classificarImc(imc)).toBe(status));

  it('classifies the value as shown (1 decimal): 24,96 reads 25,0 and is sobrepeso; 18,46 reads 18,5', () => {
    expect(classificarImc(24.96)).toBe('sobrepeso');
    expect(classificarImc(24.94)).toBe('normal');
    expect(classificarImc(18.46)).toBe('normal');
    expect(classificarImc(29.95)).toBe('obesidade');
  });

  it('labels the four bands as documented', () => {
    expect(IMC_STATUS.map((s) => IMC_STATUS_VISUAL[s].label)).toEqual([
      'Abaixo do peso',
      'Normal',
      'Sobrepeso',
      'Risco de obesidade',
    ]);
  });
});

describe('leituraAnterior and variacaoPeso', () => {
  const leituras = [
    { id: 1, peso: 80, data_afericao: '2025-06-01', time_afericao: '08:00' },
    { id: 2, peso: 79.2, data_afericao: '2025-06-10', time_afericao: '08:00' },
    { id: 3, peso: 78.4, data_afericao: '2025-06-10', time_afericao: '20:00' },
  ];

  it('finds the latest reading before the given day and time', () => {
    expect(leituraAnterior(leituras, '2025-06-15', '07:00')?.id).toBe(3);
    expect(leituraAnterior(leituras, '2025-06-10', '12:00')?.id).toBe(2);
    expect(leituraAnterior(leituras, '2025-06-05', '12:00')?.id).toBe(1);
    expect(leituraAnterior(leituras, '2025-05-31', '23:59')).toBeNull();
    expect(leituraAnterior([], '2025-06-15', '07:00')).toBeNull();
  });

  it('counts a reading of the very same minute as before the new one', () => {
    expect(leituraAnterior(leituras, '2025-06-10', '20:00')?.id).toBe(3);
  });

  it('gives the change in kg with 1 decimal, null without a previous reading', () => {
    expect(variacaoPeso(77.9, { peso: 78.4 })).toBe(-0.5);
    expect(variacaoPeso(80.1, { peso: 78.4 })).toBe(1.7);
    expect(variacaoPeso(78.4, { peso: 78.4 })).toBe(0);
    expect(variacaoPeso(78.4, null)).toBeNull();
  });

  it('reads a change with its sign and a comma', () => {
    expect(formatVariacaoPeso(1.7)).toBe('+1,7 kg');
    expect(formatVariacaoPeso(-0.5)).toBe('-0,5 kg');
    expect(formatVariacaoPeso(0)).toBe('sem variação');
  });
});

describe('imcCreateSchema', () => {
  it('reads the weight with a comma or a dot and ignores the imc and variacao_peso sent', () => {
    expect(schema.parse({ ...VALID, imc: '99.9', variacao_peso: '-3' })).toEqual({
      peso: 72.5,
      data_afericao: '2025-06-15',
      time_afericao: '07:00',
    });
    expect(schema.parse({ ...VALID, peso: '72.5' }).peso).toBe(72.5);
    expect(schema.parse({ ...VALID, peso: 100 }).peso).toBe(100);
  });

  it(`accepts ${IMC_PESO_MIN} kg up to 249,9 kg and refuses ${IMC_PESO_LIMITE}`, () => {
    expect(schema.parse({ ...VALID, peso: '10' }).peso).toBe(10);
    expect(schema.parse({ ...VALID, peso: '10,0' }).peso).toBe(10);
    expect(schema.parse({ ...VALID, peso: '249,9' }).peso).toBe(249.9);
    for (const peso of ['9,9', '250', '250,0', '0', '']) {
      expect(errorsOf(schema.safeParse({ ...VALID, peso })), peso).toEqual({ peso: [IMC_MESSAGES.peso] });
    }
  });

  it('refuses more than 1 decimal and text', () => {
    for (const peso of ['72,55', 'setenta', '72,', '-70', null]) {
      expect(errorsOf(schema.safeParse({ ...VALID, peso })), String(peso)).toEqual({
        peso: [IMC_MESSAGES.peso],
      });
    }
  });
});
