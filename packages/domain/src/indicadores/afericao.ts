import { z } from 'zod';
import { isIsoDate, TIME_ZONE } from '../shared/dates.ts';
import { blankToNull } from '../shared/zod-helpers.ts';

/**
 * What the four health indicators share
 * (docs/indicators-and-score.md "Indicators", "Readings: day and time",
 * "Histories", "Categories on screen", "Messages";
 * docs/accounts.md "Trial and locked accounts", "Dates and times"; issue 7
 * "Indicators"): the messages, the day and time of a reading, whole-number
 * fields typed with a digit mask, the history's order and paging, and the
 * tones that colour a category (always shown with its label, never by colour
 * alone).
 */

/**
 * pt-BR messages shared by the indicator screens and routes (docs/indicators-and-score.md "Messages";
 * docs/accounts.md "Trial and locked accounts").
 */
export const INDICADOR_MESSAGES = {
  inserted: 'Dado inserido com sucesso!',
  updated: 'Dado atualizado com sucesso!',
  insertError: 'Ocorreu um erro ao inserir o dado.',
  updateError: 'Ocorreu um erro ao atualizar o dado.',
  locked: 'Seu período gratuito de 1 mês terminou.',
  data: 'Informe a data da medição',
  dataFutura: 'A data da medição não pode ser no futuro',
  hora: 'Informe a hora da medição (HH:mm)',
  horaFutura: 'A hora da medição não pode ser no futuro',
  notFound: 'Medição não encontrada',
  vazio: 'Nenhuma medição registrada ainda.',
} as const;

/** Earliest day a reading may carry (`data_afericao`). */
export const AFERICAO_DATA_MIN = '1900-01-01';

/**
 * Minutes a reading's time may run ahead of the server's clock on today's
 * date: a phone whose clock is a little fast must not be refused.
 */
export const AFERICAO_TOLERANCIA_MINUTOS = 5;

/** The day and time now in America/Sao_Paulo. */
export interface AgoraSaoPaulo {
  /** `YYYY-MM-DD`. */
  data: string;
  /** `HH:mm`, 24-hour. */
  hora: string;
}

// Built once: a time-zoned formatter costs tens of microseconds to construct.
const SAO_PAULO_NOW = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The day (`YYYY-MM-DD`) and time (`HH:mm`) of the instant `now` in America/Sao_Paulo: the screens' default. */
export function agoraEmSaoPaulo(now: Date = new Date()): AgoraSaoPaulo {
  const p = Object.fromEntries(SAO_PAULO_NOW.formatToParts(now).map((part) => [part.type, part.value]));
  return { data: `${p.year}-${p.month}-${p.day}`, hora: `${p.hour}:${p.minute}` };
}

const HORA = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True when `hora` is a time of day written `HH:mm` (00:00–23:59). */
export function isHora(hora: string): boolean {
  return HORA.test(hora);
}

/** `'HH:mm'` → minutes since midnight. */
function minutos(hora: string): number {
  const [h, m] = hora.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * Whether a reading taken on `data` at `hora` lies in the future of `agora`
 * (America/Sao_Paulo): a later day, or today more than
 * {@link AFERICAO_TOLERANCIA_MINUTOS} minutes ahead.
 */
export function isAfericaoFutura(data: string, hora: string, agora: AgoraSaoPaulo): boolean {
  if (data !== agora.data) return data > agora.data;
  return minutos(hora) > minutos(agora.hora) + AFERICAO_TOLERANCIA_MINUTOS;
}

/** `data_afericao`: ISO `YYYY-MM-DD` from 1900 up to today in America/Sao_Paulo. */
function dataAfericao(agora: () => AgoraSaoPaulo) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: INDICADOR_MESSAGES.data })
      .refine((d) => isIsoDate(d) && d >= AFERICAO_DATA_MIN, INDICADOR_MESSAGES.data)
      .refine((d) => d <= agora().data, INDICADOR_MESSAGES.dataFutura),
  );
}

/** `time_afericao`: `HH:mm`; a time with seconds (`14:05:09`, what some time inputs send) is cut to minutes. */
const timeAfericao = z.preprocess(
  (v) => {
    const b = blankToNull(v);
    return typeof b === 'string' && /^\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(b) ? b.slice(0, 5) : b;
  },
  z.string({ error: INDICADOR_MESSAGES.hora }).refine(isHora, INDICADOR_MESSAGES.hora),
);

/**
 * The day and time fields of every reading
 * (docs/indicators-and-score.md "Readings: day and time"): `data_afericao`
 * `YYYY-MM-DD`, not in the future; `time_afericao` `HH:mm`, not later than
 * now (with a small tolerance) when the day is today. `agora` is injectable
 * for tests.
 */
export function afericaoFields(agora: () => AgoraSaoPaulo) {
  return { data_afericao: dataAfericao(agora), time_afericao: timeAfericao };
}

/**
 * A `when` of a zod refinement: run it only on an object (a `when` makes zod
 * 4 run the refinement even when the body is `null`, an array or a text,
 * which it would then read as an object and crash) and only while none of
 * `fields` has an issue yet (zod 4 runs an object's refinements even after a
 * field's own check failed, which would stack a second message under that
 * field).
 */
export function semErrosEm(...fields: string[]) {
  return (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));
}

/**
 * The refinement that refuses a reading of today later than now (see
 * {@link isAfericaoFutura}) with 'A hora da medição não pode ser no futuro'
 * under `time_afericao`; a later day is refused by `data_afericao` itself.
 * Apply with `schema.refine(...refineAfericaoNoFuturo(agora))`.
 */
export function refineAfericaoNoFuturo(
  agora: () => AgoraSaoPaulo,
): [
  (value: { data_afericao: string; time_afericao: string }) => boolean,
  { path: PropertyKey[]; message: string; when: ReturnType<typeof semErrosEm> },
] {
  return [
    (value) => {
      const now = agora();
      return (
        value.data_afericao !== now.data || !isAfericaoFutura(value.data_afericao, value.time_afericao, now)
      );
    },
    {
      path: ['time_afericao'],
      message: INDICADOR_MESSAGES.horaFutura,
      when: semErrosEm('data_afericao', 'time_afericao'),
    },
  ];
}

/**
 * A whole number typed with a digit mask (`'120'`, `'095'`) or sent as a
 * number, with `minDigits` to `maxDigits` digits (2–3 for every indicator):
 * from 10 to 999. At most `maxDigits` characters may be typed, so a leading
 * zero counts against the mask (`'095'` is 95, `'0095'` is refused) and never
 * makes a number longer (`'08'` is 8: one digit). Anything else — a blank,
 * letters, a decimal, a negative — fails with `message`. `extra` adds the
 * indicator's own limits: the message it answers for a number it refuses
 * (one message per field, whichever rule fails first).
 */
export function digitosInteiros(
  message: string,
  extra: (n: number) => string | null = () => null,
  { minDigits = 2, maxDigits = 3 } = {},
) {
  return z.preprocess(
    (v) => {
      const b = blankToNull(v);
      if (typeof b === 'number') return Number.isInteger(b) && b >= 0 ? b : Symbol('invalid');
      if (typeof b !== 'string') return b;
      return /^\d+$/.test(b) && b.length <= maxDigits ? Number(b) : Symbol('invalid');
    },
    z.number({ error: message }).superRefine((n, ctx) => {
      const problem = n >= 10 ** (minDigits - 1) && n < 10 ** maxDigits ? extra(n) : message;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
}

/** Readings per page of a history list (`GET /api/home/<indicador>`) when the caller does not say. */
export const HISTORICO_PAGE_SIZE = 30;
/** Most readings a history page may ask for (the chart plots what is loaded). */
export const HISTORICO_PAGE_MAX = 200;
/** Readings of each indicator that `GET /api/home` carries (the newest). */
export const HOME_INDICADORES_RECENTES = 10;

/**
 * Query of a history list: `offset` readings already loaded (0 by default),
 * `limit` readings wanted (1–{@link HISTORICO_PAGE_MAX}, default
 * {@link HISTORICO_PAGE_SIZE}).
 */
export const HistoricoQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(HISTORICO_PAGE_MAX).default(HISTORICO_PAGE_SIZE),
});
export type HistoricoQuery = z.output<typeof HistoricoQuerySchema>;

/**
 * Order of every history (docs/indicators-and-score.md "Histories"): the
 * latest day first, on the same day the latest time first, and on the same
 * minute the reading saved last first.
 */
export function compareAfericaoDesc(
  a: { data_afericao: string; time_afericao: string; id: number },
  b: { data_afericao: string; time_afericao: string; id: number },
): number {
  return (
    b.data_afericao.localeCompare(a.data_afericao) ||
    b.time_afericao.localeCompare(a.time_afericao) ||
    b.id - a.id
  );
}

/**
 * Tone of a category on screen. It is never shown alone: every badge, row and
 * legend entry carries the category's label too
 * (docs/indicators-and-score.md "Categories on screen").
 */
export type IndicadorTom = 'azul' | 'verde' | 'amarelo' | 'laranja' | 'vermelho';

/** A category as shown: its label and tone. */
export interface IndicadorCategoriaVisual {
  label: string;
  tom: IndicadorTom;
}

/** A band of a history chart drawn shaded (`de`–`ate`, in the indicator's unit) with its label. */
export interface FaixaGrafico {
  de: number;
  ate: number;
  label: string;
}
