import { z } from 'zod';
import {
  type AgoraSaoPaulo,
  afericaoFields,
  agoraEmSaoPaulo,
  digitosInteiros,
  type FaixaGrafico,
  type IndicadorCategoriaVisual,
  refineAfericaoNoFuturo,
  semErrosEm,
} from './afericao.ts';
import { categoriaPorLimites, historicoSchema, leituraViewSchema } from './leitura.ts';

/**
 * Blood pressure (docs/indicators-and-score.md "Blood pressure": DBHA 2020,
 * mmHg; docs/api/indicadores-score-profissional.md "Indicators" `POST /api/home/pressao`). `sis`
 * systolic and `dia` diastolic, each classified on its own scale, then the
 * higher category wins; 'baixa' only when neither is above normal.
 */

/** pt-BR messages of the blood pressure screen and route. */
export const PRESSAO_MESSAGES = {
  /**
   * The product's warning, verbatim: its accent and trailing space included (docs/indicators-and-score.md
   * "Blood pressure").
   */
  diastolica: 'ATENÇÃO! Diástolica não pode ser maior que a Sistólica ',
  sis: 'Informe a pressão sistólica (2 ou 3 dígitos)',
  dia: 'Informe a pressão diastólica (2 ou 3 dígitos)',
  /** The warning's title, and the route's message, when the diastolic is below 50 (not `diastolica`). */
  diastolicaBaixa: 'ATENÇÃO! Diastólica abaixo de 50 mmHg',
  /** What the screen adds under that title. */
  diastolicaMinima: 'A pressão diastólica deve ser de pelo menos 50 mmHg.',
  /** What the screen adds under the `diastolica` title when the diastolic is above the systolic. */
  diastolicaMaior: 'A pressão diastólica (o menor valor) não pode passar da sistólica (o maior).',
} as const;

/** Lowest diastolic accepted (docs/indicators-and-score.md "Blood pressure"), mmHg. */
export const DIASTOLICA_MIN = 50;

/** Categories of a blood pressure reading, lowest first (docs/indicators-and-score.md "Blood pressure"). */
export const PRESSAO_STATUS = ['baixa', 'normal', 'alterada', 'alta', 'muito_alta'] as const;
export type PressaoStatus = (typeof PRESSAO_STATUS)[number];

/** Each category's label and tone (docs/indicators-and-score.md "Blood pressure"). */
export const PRESSAO_STATUS_VISUAL: Record<PressaoStatus, IndicadorCategoriaVisual> = {
  baixa: { label: 'Baixa', tom: 'azul' },
  normal: { label: 'Normal', tom: 'verde' },
  alterada: { label: 'Alterada', tom: 'amarelo' },
  alta: { label: 'Alta', tom: 'laranja' },
  muito_alta: { label: 'Muito alta', tom: 'vermelho' },
};

/**
 * The ranges of docs/indicators-and-score.md "Blood pressure", mmHg: each
 * category's first value on each scale ('baixa' is everything below
 * normal's first value).
 */
export const PRESSAO_LIMITES = {
  sis: { normal: 100, alterada: 130, alta: 140, muito_alta: 180 },
  dia: { normal: 60, alterada: 85, alta: 90, muito_alta: 110 },
} as const;

/** The normal bands shaded on the history chart, mmHg. */
export const PRESSAO_FAIXAS_NORMAIS: { sis: FaixaGrafico; dia: FaixaGrafico } = {
  sis: { de: 100, ate: 129, label: 'Sistólica normal (100–129)' },
  dia: { de: 60, ate: 84, label: 'Diastólica normal (60–84)' },
};

/** The category of a systolic value alone: < 100 baixa, 100–129 normal, 130–139 alterada, 140–179 alta, ≥ 180 muito alta. */
export function classificarSistolica(sis: number): PressaoStatus {
  return categoriaPorLimites(sis, PRESSAO_LIMITES.sis, 'baixa');
}

/** The category of a diastolic value alone: < 60 baixa, 60–84 normal, 85–89 alterada, 90–109 alta, ≥ 110 muito alta. */
export function classificarDiastolica(dia: number): PressaoStatus {
  return categoriaPorLimites(dia, PRESSAO_LIMITES.dia, 'baixa');
}

const rank = (s: PressaoStatus) => PRESSAO_STATUS.indexOf(s);

/**
 * The category of a reading (docs/indicators-and-score.md "Blood pressure"):
 * when either value is above normal, the higher of the two categories (140/95 →
 * alta, 125/112 → muito alta); otherwise 'baixa' when either is below normal
 * (95/70, 110/55), else 'normal'. Expects a valid reading (see
 * {@link pressaoAviso}).
 */
export function classificarPressao(sis: number, dia: number): PressaoStatus {
  const a = classificarSistolica(sis);
  const b = classificarDiastolica(dia);
  const higher = rank(a) >= rank(b) ? a : b;
  if (rank(higher) > rank('normal')) return higher;
  return a === 'baixa' || b === 'baixa' ? 'baixa' : 'normal';
}

/**
 * Why a complete pair (both with 2–3 digits) must be refused with the red
 * warning: 'maior' when the diastolic is above the systolic, 'minima' when it
 * is below {@link DIASTOLICA_MIN}; null when the pair is acceptable. Equal
 * values are accepted (docs/indicators-and-score.md "Blood pressure": `dia` ≤
 * `sis`).
 */
export function pressaoAviso(sis: number, dia: number): 'maior' | 'minima' | null {
  if (dia > sis) return 'maior';
  if (dia < DIASTOLICA_MIN) return 'minima';
  return null;
}

/**
 * The title of the warning for a pair {@link pressaoAviso} refuses: `diastolica` for 'maior',
 * `diastolicaBaixa` for 'minima'.
 */
export function pressaoAvisoTitulo(aviso: 'maior' | 'minima'): string {
  return aviso === 'maior' ? PRESSAO_MESSAGES.diastolica : PRESSAO_MESSAGES.diastolicaBaixa;
}

/**
 * `POST /api/home/pressao` fields (docs/api/indicadores-score-profissional.md "Indicators": multipart
 * with dia, sis, data_afericao, time_afericao, status; JSON is accepted too).
 * `sis` and `dia` mmHg with 2–3 digits; a pair refused by {@link pressaoAviso}
 * fails under `dia` with {@link pressaoAvisoTitulo} (the documented warning when
 * the diastolic passes the systolic; 'Diastólica abaixo de 50 mmHg' below 50).
 * `status` may be sent (the first product client did) but is dropped, as any other
 * unknown field: the server recomputes it with {@link classificarPressao}.
 * `agora` is injectable for tests.
 */
export function pressaoCreateSchema(agora: () => AgoraSaoPaulo = () => agoraEmSaoPaulo()) {
  return z
    .object({
      sis: digitosInteiros(PRESSAO_MESSAGES.sis),
      dia: digitosInteiros(PRESSAO_MESSAGES.dia),
      ...afericaoFields(agora),
    })
    .refine((reading) => pressaoAviso(reading.sis, reading.dia) === null, {
      path: ['dia'],
      error: (issue) => {
        const reading = issue.input as { sis: number; dia: number };
        return pressaoAvisoTitulo(pressaoAviso(reading.sis, reading.dia) ?? 'maior');
      },
      when: semErrosEm('sis', 'dia'),
    })
    .refine(...refineAfericaoNoFuturo(agora));
}
export const PressaoCreateSchema = pressaoCreateSchema();
export type PressaoCreate = z.output<typeof PressaoCreateSchema>;

/** A blood pressure reading as answered: `sis`/`dia` mmHg, `status` as the server classified it. */
export const PressaoViewSchema = leituraViewSchema(
  { sis: z.number().int(), dia: z.number().int() },
  PRESSAO_STATUS,
);
export type PressaoView = z.infer<typeof PressaoViewSchema>;

/** `POST /api/home/pressao` answer: 'Dado inserido com sucesso!' and the reading. */
export const PressaoSavedSchema = z.object({ message: z.string(), pressao: PressaoViewSchema });
export type PressaoSaved = z.infer<typeof PressaoSavedSchema>;

/** `GET /api/home/pressao` answer: a page of readings, latest first, and how many there are. */
export const PressaoHistoricoSchema = historicoSchema('pressao', PressaoViewSchema);
export type PressaoHistorico = z.infer<typeof PressaoHistoricoSchema>;
