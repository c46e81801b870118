import { formatDecimalBR } from '../shared/decimal.ts';
import type { FieldErrors } from '../shared/errors.ts';

/**
 * The health score (docs/indicators-and-score.md "Health score";
 * docs/api/indicadores-score-profissional.md "Score"; issue 7 "Health score"): the three
 * questionnaires, how a result is summed, its band and tip, and the general
 * average. A self-assessment of habits and well-being, never a diagnosis.
 */

/**
 * The questionnaires' categories, in the order of docs/indicators-and-score.md "Questionnaires"; the
 * wire and the database carry these names.
 */
export const SCORE_CATEGORIAS = ['Saúde Mental', 'Saúde Física', 'Qualidade de Vida'] as const;
export type ScoreCategoria = (typeof SCORE_CATEGORIAS)[number];

/** The fourth card of /score/result: the mean of the three categories (docs/indicators-and-score.md "Results"). */
export const SCORE_MEDIA = 'Média geral';
/** A card of /score/result: one per category and the general average. */
export type ScoreCard = ScoreCategoria | typeof SCORE_MEDIA;

/** Lowest and highest `pontuacao` of one category: each questionnaire's points add up to 0–100. */
export const SCORE_PONTUACAO_MIN = 0;
export const SCORE_PONTUACAO_MAX = 100;

/** Most past results of a category shown in its card's chart (the latest included). */
export const SCORE_HISTORICO_MAX = 6;

/** Most answers one submission may carry (far above any questionnaire's length). */
export const SCORE_RESPOSTAS_MAX = 100;

/** pt-BR texts of the score screens and their errors. */
export const SCORE_MESSAGES = {
  categoria: 'Escolha uma categoria',
  semPerguntas: 'Ainda não há perguntas disponíveis para esta categoria.',
  naoRespondido: 'Você ainda não respondeu a este questionário.',
  mediaVazia: 'Responda aos questionários para ver sua média geral.',
  saved: 'Respostas enviadas com sucesso!',
  respostas: 'Envie as respostas do questionário',
  pergunta: 'Pergunta não encontrada neste questionário.',
  perguntaRepetida: 'Cada pergunta só pode ser respondida uma vez.',
  alternativa: 'Escolha uma das alternativas da pergunta.',
  pontuacao: 'Informe uma pontuação de 0 a 100',
  pontuacaoDivergente: 'A pontuação enviada não confere com as respostas.',
  respostasMax: `Envie no máximo ${SCORE_RESPOSTAS_MAX} respostas`,
  disclaimer:
    'O score é uma autoavaliação de hábitos e bem-estar: não é um diagnóstico e não substitui a consulta com um profissional de saúde.',
} as const;

/** Bands of a score (docs/indicators-and-score.md "Bands and tips"), lowest first. */
export const SCORE_FAIXAS = ['abaixo', 'atencao', 'razoavel', 'bom'] as const;
export type ScoreFaixa = (typeof SCORE_FAIXAS)[number];

/** What a band is called on screen (always shown with its label, never by colour alone). */
export const SCORE_FAIXA_LABELS: Record<ScoreFaixa, string> = {
  abaixo: 'Abaixo do esperado',
  atencao: 'Precisa de atenção',
  razoavel: 'Razoável',
  bom: 'Bom',
};

/**
 * Upper bound (inclusive) of each band but the last: 25, 50, 75
 * (docs/indicators-and-score.md "Bands and tips": up to 25 below expected;
 * above 25 to 50 needs attention; above 50 to 75 reasonable; above 75
 * good).
 */
export const SCORE_FAIXA_LIMITES = { abaixo: 25, atencao: 50, razoavel: 75 } as const;

function assertPontuacao(pontuacao: number): void {
  if (!Number.isFinite(pontuacao) || pontuacao < SCORE_PONTUACAO_MIN || pontuacao > SCORE_PONTUACAO_MAX) {
    throw new RangeError(`not a score from 0 to 100: ${pontuacao}`);
  }
}

/**
 * The band of a score from 0 to 100, a category's whole points or the
 * general average with decimals
 * (docs/indicators-and-score.md "Bands and tips"): ≤ 25 'abaixo'; > 25 to
 * 50 'atencao'; > 50 to 75 'razoavel'; > 75 'bom'. The original product
 * description started the first band at 2; 0 and 1 are below expected too (a result that low is not
 * better than 2). Throws a RangeError outside 0–100 or for a value that is
 * not a number.
 */
export function scoreFaixa(pontuacao: number): ScoreFaixa {
  assertPontuacao(pontuacao);
  if (pontuacao > SCORE_FAIXA_LIMITES.razoavel) return 'bom';
  if (pontuacao > SCORE_FAIXA_LIMITES.atencao) return 'razoavel';
  if (pontuacao > SCORE_FAIXA_LIMITES.abaixo) return 'atencao';
  return 'abaixo';
}

/**
 * The tip of each band, per card
 * (docs/indicators-and-score.md "Bands and tips": each band has its own tip
 * text per category; the general average has its own). Guidance a careful
 * health professional would give: concrete habits, when to see a
 * professional, and where to find help in Brazil (UBS, CAPS, CRAS, CVV 188,
 * SAMU 192).
 */
export const SCORE_DICAS: Record<ScoreCard, Record<ScoreFaixa, string>> = {
  'Saúde Mental': {
    abaixo:
      'Suas respostas indicam que você pode estar passando por um momento difícil, e você não precisa enfrentá-lo sozinho(a). Converse com alguém de confiança e procure um profissional de saúde: a Unidade Básica de Saúde (UBS) e o CAPS da sua cidade atendem pelo SUS. Se quiser conversar agora, o CVV atende de graça, 24 horas, pelo telefone 188 ou em cvv.org.br. Se houver risco à sua vida, ligue 192 (SAMU).',
    atencao:
      'Alguns sinais merecem cuidado. Reserve momentos de descanso, mantenha horários regulares de sono e fale sobre o que sente com pessoas próximas. Se o desânimo, a ansiedade ou o estresse durarem mais de duas semanas ou atrapalharem sua rotina, procure um profissional de saúde. O CVV (188, ligação gratuita, 24 horas) também está disponível para conversar.',
    razoavel:
      'Você cuida da sua saúde mental, com alguns pontos a melhorar. Atividade física, sono regular, contato com amigos e pequenas pausas ao longo do dia ajudam a manter o equilíbrio. Veja o que mais pesou nas suas respostas e escolha um hábito para começar.',
    bom: 'Suas respostas mostram bem-estar emocional. Continue com o que faz bem a você, como descanso, convivência e lazer. Dias difíceis acontecem com todo mundo: pedir ajuda quando precisar também é cuidar de si.',
  },
  'Saúde Física': {
    abaixo:
      'Suas respostas mostram hábitos que podem prejudicar sua saúde. Marque uma consulta de rotina na UBS ou com seu médico para avaliar pressão, glicose e peso e montar um plano possível para você. Comece com passos pequenos: caminhar 10 minutos por dia, beber mais água e trocar ultraprocessados por comida feita em casa.',
    atencao:
      'Há pontos importantes a melhorar. Procure chegar, aos poucos, a 150 minutos de atividade física por semana, incluir frutas, verduras e legumes nas refeições, dormir de 7 a 9 horas e reduzir o cigarro e o álcool. Se as dores forem frequentes, converse com um profissional de saúde.',
    razoavel:
      'Bom caminho! Você já tem hábitos saudáveis. Escolha um ou dois pontos das suas respostas para melhorar, como se movimentar mais durante o dia ou beber mais água, e mantenha as consultas de rotina em dia.',
    bom: 'Parabéns! Seus hábitos favorecem uma boa saúde física. Continue se movimentando, comendo bem e dormindo o suficiente, e mantenha seus exames de rotina em dia.',
  },
  'Qualidade de Vida': {
    abaixo:
      'Suas respostas indicam que várias áreas da sua vida estão pesando. Converse com pessoas de confiança e, se possível, com um profissional de saúde ou de assistência social: o CRAS da sua cidade orienta sobre os apoios disponíveis. Pequenos passos, como retomar um contato ou reservar um tempo para você, já fazem diferença.',
    atencao:
      'Alguns aspectos da sua qualidade de vida merecem atenção. Reserve tempo para lazer e descanso, mantenha contato com amigos e família e divida tarefas quando puder. Se o cansaço ou a insatisfação continuarem, procure apoio de um profissional de saúde.',
    razoavel:
      'Sua qualidade de vida está razoável. Veja quais áreas somaram menos pontos (lazer, relações, trabalho, descanso) e pense em uma mudança simples para cada uma.',
    bom: 'Muito bem! Você está satisfeito(a) com boa parte da sua vida. Continue cultivando suas relações, seu tempo de lazer e o equilíbrio entre obrigações e descanso.',
  },
  'Média geral': {
    abaixo:
      'Sua média geral está abaixo do esperado. Veja nos cartões de cada área o que mais pesou e converse com um profissional de saúde sobre um plano de cuidado. Não é preciso mudar tudo de uma vez.',
    atencao:
      'Sua média geral pede atenção. Comece pela área com a menor pontuação e escolha uma mudança possível para esta semana.',
    razoavel:
      'Sua média geral é razoável. Você já cuida de vários aspectos da saúde; fortalecer a área mais fraca pode melhorar seu bem-estar como um todo.',
    bom: 'Sua média geral é boa. Continue com os cuidados que já fazem parte da sua rotina e refaça os questionários de tempos em tempos para acompanhar sua evolução.',
  },
};

/** The tip of `card` for a score (see {@link scoreFaixa}; throws a RangeError outside 0–100). */
export function scoreDica(card: ScoreCard, pontuacao: number): string {
  return SCORE_DICAS[card][scoreFaixa(pontuacao)];
}

/** Letters without accents, lower case, single spaces: how a category typed by hand is matched. */
function foldCategoria(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const CATEGORIA_BY_KEY = new Map<string, ScoreCategoria>(SCORE_CATEGORIAS.map((c) => [foldCategoria(c), c]));

/**
 * The category named by `value` ('Saúde Mental', or typed without accents
 * or in other case: 'saude mental'), or `null` when it names none.
 */
export function parseScoreCategoria(value: unknown): ScoreCategoria | null {
  if (typeof value !== 'string') return null;
  return CATEGORIA_BY_KEY.get(foldCategoria(value)) ?? null;
}

/**
 * A question as the score rules read it (docs/indicators-and-score.md "Questionnaires"): alternatives with
 * `pontos`.
 */
export interface ScoreQuestionPoints {
  id: number;
  alternativas: readonly { pontos: number }[];
}

/** One answer: the chosen alternative's position (0-based) in `alternativas`, or `null` when unanswered. */
export interface ScoreResposta {
  question_id: number;
  alternativa: number | null;
}

/** Most points a questionnaire can give: the best alternative of each question, added. */
export function scoreMaximo(questions: readonly ScoreQuestionPoints[]): number {
  return questions.reduce((sum, q) => sum + Math.max(0, ...q.alternativas.map((a) => a.pontos)), 0);
}

/** Outcome of {@link scorePontuacao}: the sum, or the answers' errors keyed by their field. */
export type ScorePontuacaoResult = { ok: true; pontuacao: number } | { ok: false; errors: FieldErrors };

/**
 * A result's `pontuacao` (docs/indicators-and-score.md "Scoring"): the
 * sum of the chosen alternatives' points over `questions` (the
 * questionnaire served for one category). Questions without an answer, or
 * answered `null`, count 0.
 * Errors, keyed `respostas.<i>.question_id` or `respostas.<i>.alternativa`:
 * an answer to a question that is not in `questions` ('Pergunta não
 * encontrada neste questionário.'), a second answer to the same question,
 * an alternative that the question does not have. The sum is kept within
 * 0–100 should a questionnaire be set up with more points than that.
 */
export function scorePontuacao(
  questions: readonly ScoreQuestionPoints[],
  respostas: readonly ScoreResposta[],
): ScorePontuacaoResult {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  const errors: FieldErrors = {};
  let sum = 0;
  respostas.forEach((r, i) => {
    const question = byId.get(r.question_id);
    if (!question) {
      errors[`respostas.${i}.question_id`] = [SCORE_MESSAGES.pergunta];
      return;
    }
    if (seen.has(r.question_id)) {
      errors[`respostas.${i}.question_id`] = [SCORE_MESSAGES.perguntaRepetida];
      return;
    }
    seen.add(r.question_id);
    if (r.alternativa === null) return;
    const chosen = question.alternativas[r.alternativa];
    if (!Number.isInteger(r.alternativa) || !chosen) {
      errors[`respostas.${i}.alternativa`] = [SCORE_MESSAGES.alternativa];
      return;
    }
    sum += chosen.pontos;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, pontuacao: Math.min(SCORE_PONTUACAO_MAX, Math.max(SCORE_PONTUACAO_MIN, sum)) };
}

/**
 * The answers of a questionnaire as sent (`respostas`): one per question of
 * `questions`, in their order, with the alternative chosen in `chosen`
 * (question id → position) or `null` when none was.
 */
export function scoreRespostas(
  questions: readonly { id: number }[],
  chosen: Readonly<Record<number, number | undefined>>,
): ScoreResposta[] {
  return questions.map((q) => ({ question_id: q.id, alternativa: chosen[q.id] ?? null }));
}

/**
 * The general average (docs/indicators-and-score.md "Results"): the mean of
 * the three categories' latest `pontuacao`, a category never answered
 * (absent, `null`) counting 0, rounded to 2 decimals (half up: 200 / 3 →
 * 66.67). Throws a RangeError for a value outside 0–100.
 */
export function scoreMedia(pontuacoes: Partial<Record<ScoreCategoria, number | null>>): number {
  let sum = 0;
  for (const categoria of SCORE_CATEGORIAS) {
    const p = pontuacoes[categoria] ?? 0;
    assertPontuacao(p);
    sum += p;
  }
  // Rounded from the sum × 100 / 3, an exact division of integers for whole points.
  return Math.round((sum * 100) / SCORE_CATEGORIAS.length) / 100;
}

/** A score as shown: whole points as they are ('72'), an average with 2 decimals and a comma ('48,33'). */
export function formatScore(pontuacao: number, decimals: 0 | 2 = 0): string {
  return formatDecimalBR(pontuacao, decimals);
}
