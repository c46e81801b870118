import { z } from 'zod';
import { isIsoDate } from '../shared/dates.ts';
import { INTENSIDADES_DOR, type IntensidadeDor, LOCAIS_DOR, type LocalDor } from './records.ts';

/**
 * The pain map (docs/health-record.md "Pain map"; issue 5 "Pain map"): labels
 * of the wire values, and the pain history drawn on the body (an addition of
 * ours: regions shaded by how often and how strongly they hurt in the last
 * {@link DOR_HISTORICO_DIAS} days; docs/health-record.md "Pain history").
 */

/** pt-BR messages of the pain map screen (docs/health-record.md "Saving a pain record", "Pain history"). */
export const DOR_MESSAGES = {
  confirmTitle: 'Salvar registro de dor?',
  confirm: 'Depois de salvo, o registro de dor não poderá mais ser excluído nem editado na linha do tempo.',
  historicoVazio: 'Nenhum registro de dor nos últimos 90 dias.',
} as const;

/**
 * What a pain location is called on screen. The wire value is the name in
 * docs/health-record.md "Locations and levels" (sent as is); 'Abdomem' is
 * that list's spelling of 'Abdômen'.
 */
export const LOCAL_DOR_LABELS: Record<LocalDor, string> = {
  Cabeça: 'Cabeça',
  Ombro: 'Ombro',
  Braço: 'Braço',
  Mãos: 'Mãos',
  Coxa: 'Coxa',
  Perna: 'Perna',
  Pés: 'Pés',
  Peito: 'Peito',
  Abdomem: 'Abdômen',
  Costas: 'Costas',
  Joelho: 'Joelho',
};

/** What a pain level is called on screen, with its accent ('Medio' is sent, 'Médio' shown). */
export const INTENSIDADE_DOR_LABELS: Record<IntensidadeDor, string> = {
  Baixo: 'Baixo',
  Medio: 'Médio',
  Moderado: 'Moderado',
  Alta: 'Alta',
};

/** The screen label of a stored `local_dor`, or the stored text itself when it is not one of the 11. */
export function localDorLabel(local: string): string {
  return (LOCAL_DOR_LABELS as Record<string, string>)[local] ?? local;
}

/** The screen label of a stored `intensidade_dor`, or the stored text itself when it is not a level. */
export function intensidadeDorLabel(intensidade: string): string {
  return (INTENSIDADE_DOR_LABELS as Record<string, string>)[intensidade] ?? intensidade;
}

/** True when `value` is one of the 11 locations of docs/health-record.md "Locations and levels". */
export function isLocalDor(value: unknown): value is LocalDor {
  return typeof value === 'string' && (LOCAIS_DOR as readonly string[]).includes(value);
}

/** True when `value` is one of the 4 levels of docs/health-record.md "Locations and levels". */
export function isIntensidadeDor(value: unknown): value is IntensidadeDor {
  return typeof value === 'string' && (INTENSIDADES_DOR as readonly string[]).includes(value);
}

/** Weight of a level: Baixo 1, Medio 2, Moderado 3, Alta 4. */
export function intensidadeWeight(intensidade: IntensidadeDor): 1 | 2 | 3 | 4 {
  return (INTENSIDADES_DOR.indexOf(intensidade) + 1) as 1 | 2 | 3 | 4;
}

/** Days of the pain history: today (America/Sao_Paulo) and the 89 days before it. */
export const DOR_HISTORICO_DIAS = 90;

/**
 * First day of the pain history window ending on `today` (both `YYYY-MM-DD`,
 * America/Sao_Paulo days): `today` minus 89 days, so that the window holds
 * {@link DOR_HISTORICO_DIAS} days counting today. Throws on a non-ISO `today`.
 */
export function dorHistoricoStart(today: string): string {
  if (!isIsoDate(today)) throw new RangeError(`not an ISO date: ${today}`);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - (DOR_HISTORICO_DIAS - 1))).toISOString().slice(0, 10);
}

/** Shade of a region on the history map: 0 none, 1 lightest … 4 darkest. */
export type DorShade = 0 | 1 | 2 | 3 | 4;

/** Legend of the shades (never shown by colour alone: always with this label). */
export const DOR_SHADE_LABELS: Record<Exclude<DorShade, 0>, string> = {
  1: 'Leve',
  2: 'Média',
  3: 'Forte',
  4: 'Muito forte',
};

/** Times a region must have hurt in the window to add 1 (2 times) or 2 (5 times) to its level's weight. */
export const DOR_FREQUENCY_STEPS = [2, 5] as const;

/**
 * Shade of a region from how often (`vezes`, records in the window) and how
 * strongly (`intensidade_max`, the highest level among them) it hurt. The
 * level's weight (1–4) plus a frequency bonus (0 once, 1 from 2 times, 2 from
 * 5 times) gives 1–6, spread onto 1–4 as ⌈score × 2 / 3⌉: a single 'Baixo' is
 * 1, a single 'Alta' 3, 'Alta' twice or 'Moderado' five times 4. `vezes` ≤ 0
 * (or not a finite number) is 0, no shade.
 */
export function dorShade(vezes: number, intensidadeMax: IntensidadeDor): DorShade {
  if (!Number.isFinite(vezes) || vezes < 1) return 0;
  const [duas, cinco] = DOR_FREQUENCY_STEPS;
  const bonus = vezes >= cinco ? 2 : vezes >= duas ? 1 : 0;
  const score = intensidadeWeight(intensidadeMax) + bonus;
  return Math.ceil((score * 2) / 3) as DorShade;
}

/** One region of the pain history: `vezes` records, the highest level, the last day (`YYYY-MM-DD`). */
export const DorHistoricoItemSchema = z.object({
  local_dor: z.enum(LOCAIS_DOR),
  vezes: z.number().int().min(1),
  intensidade_max: z.enum(INTENSIDADES_DOR),
  ultima: z.string().refine(isIsoDate),
});
export type DorHistoricoItem = z.infer<typeof DorHistoricoItemSchema>;

/**
 * `GET /api/timeline/dor/historico` answer: one row per region that hurt in
 * the last {@link DOR_HISTORICO_DIAS} days of the caller's own timeline, in
 * the order of {@link compareDorHistorico}.
 */
export const DorHistoricoSchema = z.object({ historico: z.array(DorHistoricoItemSchema) });
export type DorHistorico = z.infer<typeof DorHistoricoSchema>;

/** Pain records counted by (location, level): what the database groups before {@link aggregateDorHistorico}. */
export interface DorCount {
  local_dor: string | null;
  intensidade_dor: string | null;
  vezes: number;
  /** Last day with this location and level, `YYYY-MM-DD`. */
  ultima: string;
}

/**
 * Order of the history: darkest shade first, then more times, then the most
 * recent, then the order of locations (docs/health-record.md "Locations and
 * levels").
 */
export function compareDorHistorico(a: DorHistoricoItem, b: DorHistoricoItem): number {
  return (
    dorShade(b.vezes, b.intensidade_max) - dorShade(a.vezes, a.intensidade_max) ||
    b.vezes - a.vezes ||
    b.ultima.localeCompare(a.ultima) ||
    LOCAIS_DOR.indexOf(a.local_dor) - LOCAIS_DOR.indexOf(b.local_dor)
  );
}

/**
 * Merges counts by (location, level) into one row per location: `vezes`
 * summed, `intensidade_max` the highest level, `ultima` the latest day. Rows
 * whose location or level is not one of docs/health-record.md "Locations and
 * levels", or whose count is below 1, are left out. Sorted by
 * {@link compareDorHistorico}.
 */
export function aggregateDorHistorico(counts: readonly DorCount[]): DorHistoricoItem[] {
  const byLocal = new Map<LocalDor, DorHistoricoItem>();
  for (const c of counts) {
    if (!isLocalDor(c.local_dor) || !isIntensidadeDor(c.intensidade_dor) || !(c.vezes >= 1)) continue;
    const seen = byLocal.get(c.local_dor);
    if (!seen) {
      byLocal.set(c.local_dor, {
        local_dor: c.local_dor,
        vezes: c.vezes,
        intensidade_max: c.intensidade_dor,
        ultima: c.ultima,
      });
      continue;
    }
    seen.vezes += c.vezes;
    if (intensidadeWeight(c.intensidade_dor) > intensidadeWeight(seen.intensidade_max)) {
      seen.intensidade_max = c.intensidade_dor;
    }
    if (c.ultima > seen.ultima) seen.ultima = c.ultima;
  }
  return [...byLocal.values()].sort(compareDorHistorico);
}
