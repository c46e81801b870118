import { z } from 'zod';
import { formatDecimalBR, hasAtMostDecimals, parseDecimalBR } from '../shared/decimal.ts';
import { blankToNull } from '../shared/zod-helpers.ts';
import {
  type AgoraSaoPaulo,
  agoraEmSaoPaulo,
  compareAfericaoDesc,
  type FaixaGrafico,
  type IndicadorCategoriaVisual,
} from './afericao.ts';
import { categoriaPorLimites, historicoSchema, leituraCreateSchema, leituraViewSchema } from './leitura.ts';

/**
 * Body mass index (docs/indicators-and-score.md "BMI";
 * docs/api/indicadores-score-profissional.md "Indicators" `POST /api/home/imc`): the weight typed
 * (kg, masks `##,#` / `###,#`), the height from the profile
 * (`caracteristicas.altura`, metres), BMI = kg / m² with 1 decimal, and the
 * weight change against the previous reading.
 */

/** pt-BR messages of the BMI screen and route. */
export const IMC_MESSAGES = {
  peso: 'Informe um peso de 10 a 249,9 kg',
  /**
   * Without a height in the profile the user is told to enter it in the emergency data (/home;
   * docs/indicators-and-score.md "BMI").
   */
  semAltura: 'Informe sua altura nos dados de emergência para calcular o IMC.',
  imcImpossivel: 'O IMC calculado com este peso e a altura do seu perfil não é possível. Confira os dois.',
} as const;

/** Lightest weight accepted, kg (inclusive). */
export const IMC_PESO_MIN = 10;
/** Weight limit, kg (exclusive: 249,9 is the heaviest). */
export const IMC_PESO_LIMITE = 250;
/**
 * Highest BMI stored. No adult has been recorded above about 200; a higher
 * figure means a height or weight typed wrong (0,40 m and 240 kg give 1500).
 */
export const IMC_MAX = 200;

/** Categories of a BMI, lightest first (docs/indicators-and-score.md "BMI"). */
export const IMC_STATUS = ['abaixo', 'normal', 'sobrepeso', 'obesidade'] as const;
export type ImcStatus = (typeof IMC_STATUS)[number];

/**
 * Each category's label (docs/indicators-and-score.md "BMI": underweight, normal, overweight, obesity risk)
 * and tone.
 */
export const IMC_STATUS_VISUAL: Record<ImcStatus, IndicadorCategoriaVisual> = {
  abaixo: { label: 'Abaixo do peso', tom: 'azul' },
  normal: { label: 'Normal', tom: 'verde' },
  sobrepeso: { label: 'Sobrepeso', tom: 'amarelo' },
  obesidade: { label: 'Risco de obesidade', tom: 'vermelho' },
};

/** First BMI of 'normal', 'sobrepeso' and 'risco de obesidade', kg/m². */
export const IMC_LIMITES = { normal: 18.5, sobrepeso: 25, obesidade: 30 } as const;

/** The normal band shaded on the history chart, kg/m². */
export const IMC_FAIXA_NORMAL: FaixaGrafico = { de: 18.5, ate: 24.9, label: 'Normal (18,5–24,9)' };

/** `x` rounded half up to 1 decimal (binary noise such as 24.95 → 24.949999… does not round down). */
export function round1(x: number): number {
  return Math.round((x + Math.sign(x) * 1e-9) * 10) / 10;
}

/**
 * BMI of `peso` kg at `altura` metres, kg/m² with 1 decimal
 * (docs/indicators-and-score.md "BMI"). Throws a RangeError on a height
 * that is not positive.
 */
export function calcularImc(peso: number, altura: number): number {
  if (!(altura > 0)) throw new RangeError('altura must be positive');
  return round1(peso / (altura * altura));
}

/**
 * The category of a BMI as shown (1 decimal, so that the number and its label
 * agree: 24,96 is shown 25,0 and is 'sobrepeso'): < 18,5 abaixo do peso;
 * 18,5–24,9 normal; 25–29,9 sobrepeso; ≥ 30 risco de obesidade.
 */
export function classificarImc(imc: number): ImcStatus {
  return categoriaPorLimites(round1(imc), IMC_LIMITES, 'abaixo');
}

/** A reading used to compute a weight change: its day, time, id and weight (kg). */
export interface PesoAnterior {
  id: number;
  peso: number;
  data_afericao: string;
  time_afericao: string;
}

/**
 * The reading that comes right before a new one taken on `data` at `hora`
 * among `leituras` (any order): the latest one on an earlier day or time;
 * one saved earlier for the very same minute counts as before it. Null when
 * there is none.
 */
export function leituraAnterior<T extends PesoAnterior>(
  leituras: readonly T[],
  data: string,
  hora: string,
): T | null {
  const before = leituras.filter(
    (l) => l.data_afericao < data || (l.data_afericao === data && l.time_afericao <= hora),
  );
  return before.sort(compareAfericaoDesc)[0] ?? null;
}

/** Weight change in kg (1 decimal) from `anterior` to `peso`; null without a previous reading. */
export function variacaoPeso(peso: number, anterior: { peso: number } | null): number | null {
  return anterior ? round1(peso - anterior.peso) : null;
}

/** A weight change as read on screen: '+1,2 kg', '-0,5 kg', 'sem variação'. */
export function formatVariacaoPeso(variacao: number): string {
  if (variacao === 0) return 'sem variação';
  return `${variacao > 0 ? '+' : '-'}${formatDecimalBR(Math.abs(variacao), 1)} kg`;
}

/**
 * `peso`: kg typed with a comma (`'72,5'`) or sent with a dot, from
 * {@link IMC_PESO_MIN} up to (not including) {@link IMC_PESO_LIMITE}, at most 1
 * decimal.
 */
export const pesoSchema = z.preprocess(
  (v) => {
    const b = blankToNull(v);
    return typeof b === 'string' ? parseDecimalBR(b) : b;
  },
  z
    .number({ error: IMC_MESSAGES.peso })
    .refine(
      (n) => Number.isFinite(n) && n >= IMC_PESO_MIN && n < IMC_PESO_LIMITE && hasAtMostDecimals(n, 1),
      IMC_MESSAGES.peso,
    ),
);

/**
 * `POST /api/home/imc` body (docs/api/indicadores-score-profissional.md "Indicators": `{peso,
 * imc, data_afericao, time_afericao, variacao_peso}`). Only `peso` and the
 * day and time are read: `imc` and `variacao_peso` may be sent (the first
 * product client did) but the server recomputes both from the profile's height
 * and the previous reading. `agora` is injectable for tests.
 */
export function imcCreateSchema(agora: () => AgoraSaoPaulo = () => agoraEmSaoPaulo()) {
  return leituraCreateSchema({ peso: pesoSchema }, agora);
}
export const ImcCreateSchema = imcCreateSchema();
export type ImcCreate = z.output<typeof ImcCreateSchema>;

/**
 * A BMI reading as answered: `peso` kg, `altura` the profile's height used
 * (m), `imc` kg/m² (1 decimal), `variacao_peso` kg against the previous
 * reading (null for the first), `status` as the server classified it.
 */
export const ImcViewSchema = leituraViewSchema(
  { peso: z.number(), altura: z.number(), imc: z.number(), variacao_peso: z.number().nullable() },
  IMC_STATUS,
);
export type ImcView = z.infer<typeof ImcViewSchema>;

/** `POST /api/home/imc` answer: 'Dado inserido com sucesso!' and the reading. */
export const ImcSavedSchema = z.object({ message: z.string(), indice_massa_corporal: ImcViewSchema });
export type ImcSaved = z.infer<typeof ImcSavedSchema>;

/**
 * `GET /api/home/imc` answer: a page of readings, latest first, how many
 * there are, and the profile's current height (m, or null).
 */
export const ImcHistoricoSchema = historicoSchema('indice_massa_corporal', ImcViewSchema, {
  altura: z.number().nullable(),
});
export type ImcHistorico = z.infer<typeof ImcHistoricoSchema>;
