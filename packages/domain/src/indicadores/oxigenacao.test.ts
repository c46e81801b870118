import { describe, expect, it } from 'vitest';
import {
  classificarOxigenacao,
  OXIGENACAO_MESSAGES,
  OXIGENACAO_STATUS,
  OXIGENACAO_STATUS_VISUAL,
  oxigenacaoCreateSchema,
  saturacaoProblema,
} from './oxigenacao.ts';

const schema = oxigenacaoCreateSchema(() => ({ data: '2025-06-15', hora: '14:30' }));
const VALID = { saturacao: '97', bpm: '72', data_afericao: '2025-06-14', time_afericao: '22:10' };

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

describe('classificarOxigenacao (docs/indicators-and-score.md "Oxygen saturation": 95–100 normal, 91–94 atenção, ≤ 90 alterada)', () => {
  it.each([
    [100, 'normal'],
    [95, 'normal'],
    [94, 'atencao'],
    [91, 'atencao'],
    [90, 'alterada'],
    [50, 'alterada'],
  ])('%i%% is %s', (saturacao, status) => expect(classificarOxigenacao(saturacao)).toBe(status));

  it('keeps 91–94 out of normal, where the original description had put it ("normal is 91-100")', () => {
    for (const s of [91, 92, 93, 94]) expect(classificarOxigenacao(s)).toBe('atencao');
  });

  it('labels every category', () => {
    expect(OXIGENACAO_STATUS.map((s) => OXIGENACAO_STATUS_VISUAL[s].label)).toEqual([
      'Normal',
      'Atenção',
      'Alterada',
    ]);
  });
});

describe('oxigenacaoCreateSchema', () => {
  it('reads saturation and pulse', () => {
    expect(schema.parse(VALID)).toEqual({
      saturacao: 97,
      bpm: 72,
      data_afericao: '2025-06-14',
      time_afericao: '22:10',
    });
    expect(schema.parse({ ...VALID, saturacao: 100, bpm: 120 })).toMatchObject({ saturacao: 100, bpm: 120 });
  });

  it('accepts 50–100 % and refuses 101 and more', () => {
    expect(schema.safeParse({ ...VALID, saturacao: '50' }).success).toBe(true);
    expect(schema.safeParse({ ...VALID, saturacao: '100' }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...VALID, saturacao: '101' }))).toEqual({
      saturacao: [OXIGENACAO_MESSAGES.saturacao],
    });
    expect(errorsOf(schema.safeParse({ ...VALID, saturacao: '999' }))).toEqual({
      saturacao: [OXIGENACAO_MESSAGES.saturacao],
    });
  });

  it('refuses 10–49 % as a measuring error, with its own message', () => {
    for (const s of ['49', '10', '30']) {
      expect(errorsOf(schema.safeParse({ ...VALID, saturacao: s })), s).toEqual({
        saturacao: [OXIGENACAO_MESSAGES.saturacaoErro],
      });
    }
  });

  it('needs 2–3 digits in both fields', () => {
    expect(errorsOf(schema.safeParse({ ...VALID, saturacao: '9', bpm: '7' }))).toEqual({
      saturacao: [OXIGENACAO_MESSAGES.saturacao],
      bpm: [OXIGENACAO_MESSAGES.bpm],
    });
    expect(errorsOf(schema.safeParse({ ...VALID, saturacao: '', bpm: '1000' }))).toEqual({
      saturacao: [OXIGENACAO_MESSAGES.saturacao],
      bpm: [OXIGENACAO_MESSAGES.bpm],
    });
    expect(schema.safeParse({ ...VALID, bpm: '10' }).success).toBe(true);
    expect(schema.safeParse({ ...VALID, bpm: '999' }).success).toBe(true);
  });
});

describe('saturacaoProblema (docs/indicators-and-score.md "Oxygen saturation")', () => {
  it('accepts 50 to 100 and names what is wrong outside', () => {
    expect(saturacaoProblema(50)).toBeNull();
    expect(saturacaoProblema(100)).toBeNull();
    expect(saturacaoProblema(49)).toBe(OXIGENACAO_MESSAGES.saturacaoErro);
    expect(saturacaoProblema(101)).toBe(OXIGENACAO_MESSAGES.saturacao);
  });
});
