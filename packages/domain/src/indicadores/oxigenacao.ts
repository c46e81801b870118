import { z } from 'zod';
import {
  type AgoraSaoPaulo,
  agoraEmSaoPaulo,
  digitosInteiros,
  type FaixaGrafico,
  type IndicadorCategoriaVisual,
} from './afericao.ts';
import { categoriaPorLimites, historicoSchema, leituraCreateSchema, leituraViewSchema } from './leitura.ts';

/**
 * Oxygen saturation (docs/indicators-and-score.md "Oxygen saturation";
 * docs/api/indicadores-score-profissional.md "Indicators" `POST /api/home/oxigenacao`):
 * `saturacao` in %, `bpm` the pulse in beats per minute, both read from a
 * pulse oximeter. The original product description counted 91–94 % as normal; Brazilian and WHO
 * guidance do not, so they are 'atenção'.
 */

/** pt-BR messages of the oxygen screen and route. */
export const OXIGENACAO_MESSAGES = {
  saturacao: 'Informe a saturação de oxigênio (2 ou 3 dígitos, até 100%)',
  saturacaoErro:
    'Saturação abaixo de 50% costuma ser erro de medição. Aqueça as mãos, tire o esmalte e meça de novo.',
  bpm: 'Informe os batimentos por minuto (2 ou 3 dígitos)',
} as const;

/** Highest saturation, %. */
export const SATURACAO_MAX = 100;
/**
 * Lowest saturation accepted: below it a reading is a measuring error (docs/indicators-and-score.md
 * "Oxygen saturation"), %.
 */
export const SATURACAO_MIN = 50;

/** Categories of a saturation reading, best first (docs/indicators-and-score.md "Oxygen saturation"). */
export const OXIGENACAO_STATUS = ['normal', 'atencao', 'alterada'] as const;
export type OxigenacaoStatus = (typeof OXIGENACAO_STATUS)[number];

/** Each category's label and tone. */
export const OXIGENACAO_STATUS_VISUAL: Record<OxigenacaoStatus, IndicadorCategoriaVisual> = {
  normal: { label: 'Normal', tom: 'verde' },
  atencao: { label: 'Atenção', tom: 'amarelo' },
  alterada: { label: 'Alterada', tom: 'vermelho' },
};

/** First value of 'normal' and of 'atenção', %. */
export const OXIGENACAO_LIMITES = { normal: 95, atencao: 91 } as const;

/** The normal band shaded on the history chart, %. */
export const OXIGENACAO_FAIXA_NORMAL: FaixaGrafico = { de: 95, ate: 100, label: 'Normal (95–100%)' };

/** The category of a saturation (%): 95–100 normal, 91–94 atenção, ≤ 90 alterada. */
export function classificarOxigenacao(saturacao: number): OxigenacaoStatus {
  return categoriaPorLimites(saturacao, OXIGENACAO_LIMITES, 'alterada');
}

/**
 * What is wrong with a saturation of `n` %
 * (docs/indicators-and-score.md "Oxygen saturation"), or `null` when it
 * may be saved: above {@link SATURACAO_MAX} is impossible, below
 * {@link SATURACAO_MIN} a measuring error. The entry screen and the route
 * answer the same message.
 */
export function saturacaoProblema(n: number): string | null {
  if (n > SATURACAO_MAX) return OXIGENACAO_MESSAGES.saturacao;
  return n < SATURACAO_MIN ? OXIGENACAO_MESSAGES.saturacaoErro : null;
}

/**
 * `POST /api/home/oxigenacao` body (docs/api/indicadores-score-profissional.md "Indicators":
 * `{saturacao, bpm, data_afericao, time_afericao}`). `saturacao` 2–3
 * digits and at most 100; 10–49 is refused with
 * {@link OXIGENACAO_MESSAGES.saturacaoErro} (a measuring error,
 * docs/indicators-and-score.md "Oxygen saturation"); `bpm` 2–3 digits. The
 * category is computed by the server. `agora` is injectable for tests.
 */
export function oxigenacaoCreateSchema(agora: () => AgoraSaoPaulo = () => agoraEmSaoPaulo()) {
  return leituraCreateSchema(
    {
      saturacao: digitosInteiros(OXIGENACAO_MESSAGES.saturacao, saturacaoProblema),
      bpm: digitosInteiros(OXIGENACAO_MESSAGES.bpm),
    },
    agora,
  );
}
export const OxigenacaoCreateSchema = oxigenacaoCreateSchema();
export type OxigenacaoCreate = z.output<typeof OxigenacaoCreateSchema>;

/** An oxygen reading as answered: `saturacao` %, `bpm` beats per minute, `status` as the server classified it. */
export const OxigenacaoViewSchema = leituraViewSchema(
  { saturacao: z.number().int(), bpm: z.number().int() },
  OXIGENACAO_STATUS,
);
export type OxigenacaoView = z.infer<typeof OxigenacaoViewSchema>;

/** `POST /api/home/oxigenacao` answer: 'Dado inserido com sucesso!' and the reading. */
export const OxigenacaoSavedSchema = z.object({ message: z.string(), oxigenacao: OxigenacaoViewSchema });
export type OxigenacaoSaved = z.infer<typeof OxigenacaoSavedSchema>;

/** `GET /api/home/oxigenacao` answer: a page of readings, latest first, and how many there are. */
export const OxigenacaoHistoricoSchema = historicoSchema('oxigenacao', OxigenacaoViewSchema);
export type OxigenacaoHistorico = z.infer<typeof OxigenacaoHistoricoSchema>;
