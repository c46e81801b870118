import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AFERICAO_TOLERANCIA_MINUTOS,
  afericaoFields,
  agoraEmSaoPaulo,
  compareAfericaoDesc,
  digitosInteiros,
  HISTORICO_PAGE_MAX,
  HISTORICO_PAGE_SIZE,
  HistoricoQuerySchema,
  INDICADOR_MESSAGES,
  isAfericaoFutura,
  isHora,
  refineAfericaoNoFuturo,
} from './afericao.ts';
import { GlicoseCreateSchema, GlicoseUpdateSchema } from './glicose.ts';
import { ImcCreateSchema } from './imc.ts';
import { OxigenacaoCreateSchema } from './oxigenacao.ts';
import { PressaoCreateSchema } from './pressao.ts';

const M = INDICADOR_MESSAGES;
const agora = () => ({ data: '2025-06-15', hora: '14:30' });
const schema = z.object(afericaoFields(agora)).refine(...refineAfericaoNoFuturo(agora));

/** The field errors of a failed parse, `{field: [messages]}`. */
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

describe('agoraEmSaoPaulo', () => {
  it('gives the day and time in America/Sao_Paulo (UTC−3), whatever the machine zone', () => {
    expect(agoraEmSaoPaulo(new Date('2025-06-15T17:30:59Z'))).toEqual({ data: '2025-06-15', hora: '14:30' });
    // Late evening in Brazil is already the next day in UTC.
    expect(agoraEmSaoPaulo(new Date('2025-06-16T02:05:00Z'))).toEqual({ data: '2025-06-15', hora: '23:05' });
    expect(agoraEmSaoPaulo(new Date('2025-06-16T03:00:00Z'))).toEqual({ data: '2025-06-16', hora: '00:00' });
  });
});

describe('isHora', () => {
  it.each(['00:00', '09:05', '23:59', '12:30'])('accepts %s', (h) => expect(isHora(h)).toBe(true));
  it.each(['24:00', '23:60', '9:05', '09:5', '0905', '', '09:05:00', 'ab:cd'])('refuses %j', (h) =>
    expect(isHora(h)).toBe(false),
  );
});

describe('isAfericaoFutura', () => {
  const now = { data: '2025-06-15', hora: '14:30' };
  it('refuses a later day and accepts an earlier one at any time', () => {
    expect(isAfericaoFutura('2025-06-16', '00:00', now)).toBe(true);
    expect(isAfericaoFutura('2025-06-14', '23:59', now)).toBe(false);
  });
  it(`accepts today up to ${AFERICAO_TOLERANCIA_MINUTOS} minutes ahead and refuses a minute more`, () => {
    expect(isAfericaoFutura('2025-06-15', '14:30', now)).toBe(false);
    expect(isAfericaoFutura('2025-06-15', '14:35', now)).toBe(false);
    expect(isAfericaoFutura('2025-06-15', '14:36', now)).toBe(true);
    expect(isAfericaoFutura('2025-06-15', '00:00', now)).toBe(false);
  });
});

describe('afericaoFields', () => {
  it('reads a day and a time', () => {
    expect(schema.parse({ data_afericao: '2025-06-15', time_afericao: '08:15' })).toEqual({
      data_afericao: '2025-06-15',
      time_afericao: '08:15',
    });
  });

  it('cuts the seconds some time inputs send', () => {
    expect(schema.parse({ data_afericao: '2025-06-01', time_afericao: '08:15:42' }).time_afericao).toBe(
      '08:15',
    );
  });

  it('requires a real date from 1900 to today', () => {
    for (const data of ['', '2025-02-30', '15/06/2025', '1899-12-31', 20250615]) {
      expect(
        errorsOf(schema.safeParse({ data_afericao: data, time_afericao: '08:00' })),
        String(data),
      ).toEqual({
        data_afericao: [M.data],
      });
    }
    expect(schema.safeParse({ data_afericao: '1900-01-01', time_afericao: '08:00' }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ data_afericao: '2025-06-16', time_afericao: '08:00' }))).toEqual({
      data_afericao: [M.dataFutura],
    });
  });

  it('requires a time HH:mm and refuses one later than now today', () => {
    for (const hora of ['', '24:00', '8:00', 'agora', null]) {
      expect(
        errorsOf(schema.safeParse({ data_afericao: '2025-06-10', time_afericao: hora })),
        String(hora),
      ).toEqual({ time_afericao: [M.hora] });
    }
    expect(errorsOf(schema.safeParse({ data_afericao: '2025-06-15', time_afericao: '15:00' }))).toEqual({
      time_afericao: [M.horaFutura],
    });
    expect(schema.safeParse({ data_afericao: '2025-06-15', time_afericao: '14:35' }).success).toBe(true);
  });
});

describe('digitosInteiros', () => {
  const n = digitosInteiros('erro');
  it.each([
    ['10', 10],
    ['95', 95],
    ['095', 95],
    ['120', 120],
    ['999', 999],
    [10, 10],
    [999, 999],
  ])('reads %j as %j', (input, expected) => expect(n.parse(input)).toBe(expected));

  it.each([
    [''],
    ['9'],
    ['09'],
    ['08'],
    ['1000'],
    ['0120'],
    ['12a'],
    ['12,5'],
    ['-12'],
    [' 1 2'],
    [9],
    [1000],
    [12.5],
    [-12],
    [null],
    [undefined],
    [true],
  ])('refuses %j with the message', (input) => {
    expect(errorsOf(n.safeParse(input))).toEqual({ '': ['erro'] });
  });
});

describe('HistoricoQuerySchema', () => {
  it('defaults to the first page of 30', () => {
    expect(HistoricoQuerySchema.parse({})).toEqual({ offset: 0, limit: HISTORICO_PAGE_SIZE });
    expect(HistoricoQuerySchema.parse({ offset: '30', limit: '200' })).toEqual({ offset: 30, limit: 200 });
  });
  it('refuses a negative offset and a limit outside 1–200', () => {
    expect(HistoricoQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
    expect(HistoricoQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(HistoricoQuerySchema.safeParse({ limit: String(HISTORICO_PAGE_MAX + 1) }).success).toBe(false);
    expect(HistoricoQuerySchema.safeParse({ offset: 'x' }).success).toBe(false);
  });
});

describe('compareAfericaoDesc', () => {
  it('sorts by date, then time, then the reading saved last, all descending', () => {
    const rows = [
      { id: 1, data_afericao: '2025-06-01', time_afericao: '08:00' },
      { id: 2, data_afericao: '2025-06-02', time_afericao: '07:00' },
      { id: 3, data_afericao: '2025-06-01', time_afericao: '21:00' },
      { id: 4, data_afericao: '2025-06-01', time_afericao: '08:00' },
      { id: 5, data_afericao: '2024-12-31', time_afericao: '23:59' },
    ];
    expect([...rows].sort(compareAfericaoDesc).map((r) => r.id)).toEqual([2, 3, 4, 1, 5]);
  });
});

describe('a body that is not an object (issue 15)', () => {
  it('fails validation instead of throwing in the refinements', () => {
    const schemas = [
      schema,
      GlicoseCreateSchema,
      GlicoseUpdateSchema,
      ImcCreateSchema,
      OxigenacaoCreateSchema,
      PressaoCreateSchema,
    ];
    for (const s of schemas) {
      for (const body of [null, undefined, [], 'texto', 7]) {
        expect(() => s.safeParse(body)).not.toThrow();
        expect(s.safeParse(body).success).toBe(false);
      }
    }
  });
});
