import { z } from 'zod';
import { type AgoraSaoPaulo, afericaoFields, refineAfericaoNoFuturo } from './afericao.ts';

/**
 * The shapes the indicators repeat word for word (docs/indicators-and-score.md "Indicators",
 * "Readings: day and time", "Histories"): a category found by its first value, the body of a save, a
 * reading as answered and a history page. Each indicator's file states only its own fields,
 * categories and limits.
 */

/**
 * The category of `value` on a scale given by each category's first value (`limites`, in the
 * indicator's unit): the one with the highest first value not above `value`; `abaixo` when `value` is
 * below them all (or not a number).
 */
export function categoriaPorLimites<K extends string, F extends string>(
  value: number,
  limites: Readonly<Record<K, number>>,
  abaixo: F,
): K | F {
  let found: K | F = abaixo;
  let best = Number.NEGATIVE_INFINITY;
  for (const [categoria, limite] of Object.entries(limites) as [K, number][]) {
    if (value >= limite && limite > best) {
      found = categoria;
      best = limite;
    }
  }
  return found;
}

/**
 * The body of a save: the indicator's `fields` and the day and time of the reading
 * ({@link afericaoFields}), refused when it lies in the future ({@link refineAfericaoNoFuturo}).
 * `agora` is injectable for tests.
 */
export function leituraCreateSchema<S extends z.ZodRawShape>(fields: S, agora: () => AgoraSaoPaulo) {
  const [noFuturo, options] = refineAfericaoNoFuturo(agora);
  return z
    .object({ ...fields, ...afericaoFields(agora) })
    .refine((value) => noFuturo(value as { data_afericao: string; time_afericao: string }), options);
}

/**
 * A reading as answered: `id`, the indicator's own `fields`, `status` (one of `status`, as the server
 * classified it), `data_afericao` (`YYYY-MM-DD`) and `time_afericao` (`HH:mm`), in this order.
 */
export function leituraViewSchema<S extends z.ZodRawShape, const E extends readonly [string, ...string[]]>(
  fields: S,
  status: E,
) {
  return z.object({
    id: z.number().int(),
    ...fields,
    status: z.enum(status),
    data_afericao: z.string(),
    time_afericao: z.string(),
  });
}

/**
 * A history page, `GET /api/home/<indicador>`: the readings under `lista`, latest first, `total` how
 * many there are, and any `extra` fields of the indicator.
 */
export function historicoSchema<
  K extends string,
  V extends z.ZodType,
  E extends z.ZodRawShape = Record<never, never>,
>(lista: K, view: V, extra?: E) {
  return z.object({
    ...({ [lista]: z.array(view) } as Record<K, z.ZodArray<V>>),
    total: z.number().int().min(0),
    ...(extra as E),
  });
}
