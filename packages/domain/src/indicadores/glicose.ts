import { z } from 'zod';
import {
  type AgoraSaoPaulo,
  agoraEmSaoPaulo,
  digitosInteiros,
  type FaixaGrafico,
  type IndicadorCategoriaVisual,
  type IndicadorTom,
} from './afericao.ts';
import { categoriaPorLimites, historicoSchema, leituraCreateSchema, leituraViewSchema } from './leitura.ts';

/**
 * Capillary glucose (docs/indicators-and-score.md "Glucose";
 * docs/api/indicadores-score-profissional.md "Indicators"): a value in mg/dL for one of the day's
 * four periods; one reading per day and period (a second one updates the
 * first). Whether the person has diabetes ('Diabetes' among their
 * conditions on /saude) changes the alert and the history's colours.
 */

/** pt-BR messages of the glucose screens and routes. */
export const GLICOSE_MESSAGES = {
  value: 'Informe a glicose em mg/dL (2 ou 3 dígitos, a partir de 20)',
  periodo: 'Escolha o período da medição',
  /** The red warning while no period is chosen (docs/indicators-and-score.md "Glucose"). */
  periodoPrimeiro: 'Escolha o período antes de informar a glicose.',
  conflito: 'Já existe uma medição de glicose neste dia e período.',
  /** The notice of the entry screen while 'Diabetes' is not among the user's conditions. */
  avisoDiabetes:
    'Tem diabetes? Marque "Diabetes" em Minha saúde para que os alertas e as cores sigam as metas de quem tem diabetes.',
} as const;

/** Lowest glucose accepted, mg/dL (docs/indicators-and-score.md "Glucose"). */
export const GLICOSE_MIN = 20;
/** Placeholder of the value field (docs/indicators-and-score.md "Glucose": placeholder 120). */
export const GLICOSE_PLACEHOLDER = '120';

/** The day's periods (docs/indicators-and-score.md "Glucose"). */
export const GLICOSE_PERIODOS = {
  1: 'Café',
  2: 'Almoço',
  3: 'Janta',
  4: 'Após as 22 Horas',
} as const;
export type GlicosePeriodo = keyof typeof GLICOSE_PERIODOS;
/** The period numbers in the day's order. */
export const GLICOSE_PERIODO_IDS = [1, 2, 3, 4] as const satisfies readonly GlicosePeriodo[];

/** The label of a stored `time_of_day`, or 'Período {n}' for a number outside 1–4. */
export function glicosePeriodoLabel(periodo: number): string {
  return (GLICOSE_PERIODOS as Record<number, string>)[periodo] ?? `Período ${periodo}`;
}

/**
 * Categories of a reading for someone without diabetes
 * (docs/indicators-and-score.md "Glucose"): 20–69 abaixo do normal, 70–99
 * normal, 100–125 alterada, ≥ 126 risco de diabetes. This is what is stored
 * as `status`.
 */
export const GLICOSE_STATUS = ['abaixo', 'normal', 'alterada', 'risco'] as const;
export type GlicoseStatus = (typeof GLICOSE_STATUS)[number];

/** First value of 'normal', 'alterada' and 'risco de diabetes', mg/dL. */
export const GLICOSE_LIMITES = { normal: 70, alterada: 100, risco: 126 } as const;
/** With diabetes: up to this value the glucose is 'normal' (docs/indicators-and-score.md "Glucose"), mg/dL. */
export const GLICOSE_DIABETICO_MAX_NORMAL = 180;

/** Each category's label and tone. */
export const GLICOSE_STATUS_VISUAL: Record<GlicoseStatus, IndicadorCategoriaVisual> = {
  abaixo: { label: 'Abaixo do normal', tom: 'azul' },
  normal: { label: 'Normal', tom: 'verde' },
  alterada: { label: 'Alterada', tom: 'amarelo' },
  risco: { label: 'Risco de diabetes', tom: 'vermelho' },
};

/** The category of a value (mg/dL) by the ranges for people without diabetes. */
export function classificarGlicose(value: number): GlicoseStatus {
  return categoriaPorLimites(value, GLICOSE_LIMITES, 'abaixo');
}

/** Severity of the status alert (docs/indicators-and-score.md "Glucose"): success, info, warning, error. */
export type AlertaSeveridade = 'success' | 'info' | 'warning' | 'error';

/** The status alert of the entry screen: its text and severity. */
export interface GlicoseAlerta {
  texto: string;
  severidade: AlertaSeveridade;
}

/**
 * The status alert of the entry screen
 * (docs/indicators-and-score.md "Glucose"). With diabetes: ≤ 180 'Sua
 * glicose está normal' (success), ≥ 181 'Sua glicose está alterada' (info).
 * Without: ≥ 126 'Risco de diabetes' (error), 100–125 'Sua glicose está
 * alterada' (warning), 70–99 'Sua glicose está normal' (success), 20–69 'Sua
 * glicose está abaixo do normal' (warning).
 */
export function glicoseAlerta(value: number, diabetes: boolean): GlicoseAlerta {
  if (diabetes) {
    return value <= GLICOSE_DIABETICO_MAX_NORMAL
      ? { texto: 'Sua glicose está normal', severidade: 'success' }
      : { texto: 'Sua glicose está alterada', severidade: 'info' };
  }
  switch (classificarGlicose(value)) {
    case 'risco':
      return { texto: 'Risco de diabetes', severidade: 'error' };
    case 'alterada':
      return { texto: 'Sua glicose está alterada', severidade: 'warning' };
    case 'normal':
      return { texto: 'Sua glicose está normal', severidade: 'success' };
    case 'abaixo':
      return { texto: 'Sua glicose está abaixo do normal', severidade: 'warning' };
  }
}

/** A colour band of the glucose history (docs/indicators-and-score.md "Glucose"), with its label and range. */
export interface GlicoseFaixa extends IndicadorCategoriaVisual {
  /** `azul`, `verde`, `amarelo`, `vermelho`. */
  tom: IndicadorTom;
  /** The band's values as read: '60–99 mg/dL', '126 mg/dL ou mais'. */
  intervalo: string;
}

/**
 * The history colours (docs/indicators-and-score.md "Glucose"), each with its label and range as read,
 * made from the same limits as {@link classificarGlicose} and {@link glicoseAlerta}, so that a row's
 * colour, the legend, the chart's shaded band and the stored `status` never disagree. Without diabetes:
 * blue 20–69 'Abaixo do normal', green 70–99 'Normal', yellow 100–125 'Alterada', red ≥ 126 'Risco de
 * diabetes' (the labels of {@link GLICOSE_STATUS_VISUAL}). With diabetes: blue below 70 'Baixa' (a
 * hypoglycaemia), green 70–180 'Na meta' (the alert's normal), yellow ≥ 181 'Acima da meta'.
 */
export const GLICOSE_FAIXAS = {
  diabetes: [
    { de: 0, tom: 'azul', label: 'Baixa', intervalo: `abaixo de ${GLICOSE_LIMITES.normal} mg/dL` },
    {
      de: GLICOSE_LIMITES.normal,
      tom: 'verde',
      label: 'Na meta',
      intervalo: `${GLICOSE_LIMITES.normal}–${GLICOSE_DIABETICO_MAX_NORMAL} mg/dL`,
    },
    {
      de: GLICOSE_DIABETICO_MAX_NORMAL + 1,
      tom: 'amarelo',
      label: 'Acima da meta',
      intervalo: `${GLICOSE_DIABETICO_MAX_NORMAL + 1} mg/dL ou mais`,
    },
  ],
  outros: [
    {
      de: 0,
      ...GLICOSE_STATUS_VISUAL.abaixo,
      intervalo: `${GLICOSE_MIN}–${GLICOSE_LIMITES.normal - 1} mg/dL`,
    },
    {
      de: GLICOSE_LIMITES.normal,
      ...GLICOSE_STATUS_VISUAL.normal,
      intervalo: `${GLICOSE_LIMITES.normal}–${GLICOSE_LIMITES.alterada - 1} mg/dL`,
    },
    {
      de: GLICOSE_LIMITES.alterada,
      ...GLICOSE_STATUS_VISUAL.alterada,
      intervalo: `${GLICOSE_LIMITES.alterada}–${GLICOSE_LIMITES.risco - 1} mg/dL`,
    },
    {
      de: GLICOSE_LIMITES.risco,
      ...GLICOSE_STATUS_VISUAL.risco,
      intervalo: `${GLICOSE_LIMITES.risco} mg/dL ou mais`,
    },
  ],
} as const satisfies Record<'diabetes' | 'outros', readonly (GlicoseFaixa & { de: number })[]>;

/** The history band of a value (mg/dL) for someone with or without diabetes ({@link GLICOSE_FAIXAS}). */
export function glicoseFaixa(value: number, diabetes: boolean): GlicoseFaixa {
  const faixas = diabetes ? GLICOSE_FAIXAS.diabetes : GLICOSE_FAIXAS.outros;
  let found: GlicoseFaixa = faixas[0];
  for (const f of faixas) if (value >= f.de) found = f;
  return { tom: found.tom, label: found.label, intervalo: found.intervalo };
}

/**
 * The band shaded on the history chart: the green band of {@link GLICOSE_FAIXAS}, 70–99 mg/dL
 * without diabetes, 70–180 with it.
 */
export function glicoseFaixaNormal(diabetes: boolean): FaixaGrafico {
  const [, verde, proxima] = diabetes ? GLICOSE_FAIXAS.diabetes : GLICOSE_FAIXAS.outros;
  return {
    de: verde.de,
    ate: proxima.de - 1,
    label: `${diabetes ? 'Meta' : 'Normal'} (${verde.intervalo})`,
  };
}

/** True when a list of conditions (`doencas` of /saude) holds 'Diabetes' (any case, any accents, as a word). */
export function temDiabetes(doencas: readonly { nome: string }[]): boolean {
  return doencas.some((d) =>
    /(^|\s)diabetes(\s|$)/.test(d.nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()),
  );
}

const value = digitosInteiros(GLICOSE_MESSAGES.value, (n) =>
  n < GLICOSE_MIN ? GLICOSE_MESSAGES.value : null,
);

const periodo = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ error: message })
      .int(message)
      .refine((n) => (GLICOSE_PERIODO_IDS as readonly number[]).includes(n), message)
      .transform((n) => n as GlicosePeriodo),
  );

/**
 * `POST /api/home/glicose` body (docs/api/indicadores-score-profissional.md "Indicators": it
 * carries time_of_day, data_afericao and time_afericao): `value` mg/dL (2–3
 * digits, ≥ 20), `time_of_day` the period 1–4. A reading with the same day
 * and period as an existing one replaces it
 * (docs/indicators-and-score.md "Glucose"). `agora` is injectable for tests.
 */
export function glicoseCreateSchema(agora: () => AgoraSaoPaulo = () => agoraEmSaoPaulo()) {
  return leituraCreateSchema({ value, time_of_day: periodo(GLICOSE_MESSAGES.periodo) }, agora);
}
export const GlicoseCreateSchema = glicoseCreateSchema();
export type GlicoseCreate = z.output<typeof GlicoseCreateSchema>;

/**
 * `PATCH /api/home/glicose/:id` body (docs/api/indicadores-score-profissional.md "Indicators":
 * `{index, value, data_afericao, time_afericao}`): `index` is the period
 * (1–4, the same numbers as `time_of_day`), `value` mg/dL. `agora` is
 * injectable for tests.
 */
export function glicoseUpdateSchema(agora: () => AgoraSaoPaulo = () => agoraEmSaoPaulo()) {
  return leituraCreateSchema({ index: periodo(GLICOSE_MESSAGES.periodo), value }, agora);
}
export const GlicoseUpdateSchema = glicoseUpdateSchema();
export type GlicoseUpdate = z.output<typeof GlicoseUpdateSchema>;

/**
 * A glucose reading as answered: `value` mg/dL, `time_of_day` the period
 * (1–4), `status` its category by the ranges without diabetes (the alert and
 * the colours for people with diabetes are computed from `value`).
 */
export const GlicoseViewSchema = leituraViewSchema(
  { value: z.number().int(), time_of_day: z.number().int() },
  GLICOSE_STATUS,
);
export type GlicoseView = z.infer<typeof GlicoseViewSchema>;

/**
 * Answer of a glucose save: 'Dado inserido com sucesso!' (`acao`
 * 'inserido', 201) or 'Dado atualizado com sucesso!' (`acao` 'atualizado',
 * 200), and the reading.
 */
export const GlicoseSavedSchema = z.object({
  message: z.string(),
  acao: z.enum(['inserido', 'atualizado']),
  glicose: GlicoseViewSchema,
});
export type GlicoseSaved = z.infer<typeof GlicoseSavedSchema>;

/**
 * `GET /api/home/glicose` answer: a page of readings, latest first, how many
 * there are, and whether 'Diabetes' is among the user's conditions.
 */
export const GlicoseHistoricoSchema = historicoSchema('glicose', GlicoseViewSchema, {
  diabetes: z.boolean(),
});
export type GlicoseHistorico = z.infer<typeof GlicoseHistoricoSchema>;
