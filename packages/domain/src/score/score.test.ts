import { describe, expect, it } from 'vitest';
import {
  formatScore,
  parseScoreCategoria,
  SCORE_CATEGORIAS,
  SCORE_DICAS,
  SCORE_FAIXA_LABELS,
  SCORE_FAIXAS,
  SCORE_MEDIA,
  SCORE_MESSAGES,
  type ScoreCard,
  type ScoreQuestionPoints,
  scoreDica,
  scoreFaixa,
  scoreMaximo,
  scoreMedia,
  scorePontuacao,
  scoreRespostas,
} from './score.ts';

describe('categories (docs/indicators-and-score.md "Questionnaires")', () => {
  it('are the three documented ones, in their order', () => {
    expect(SCORE_CATEGORIAS).toEqual(['Saúde Mental', 'Saúde Física', 'Qualidade de Vida']);
  });

  it('are recognised with or without accents, in any case, with stray spaces', () => {
    expect(parseScoreCategoria('Saúde Mental')).toBe('Saúde Mental');
    expect(parseScoreCategoria('saude fisica')).toBe('Saúde Física');
    expect(parseScoreCategoria('  QUALIDADE   DE vida ')).toBe('Qualidade de Vida');
  });

  it('answer null for anything else', () => {
    for (const v of ['', 'Saúde', 'Mental', 'Média geral', 'Saúde Mentall', null, undefined, 1, {}]) {
      expect(parseScoreCategoria(v)).toBeNull();
    }
  });
});

describe('scoreFaixa (docs/indicators-and-score.md "Bands and tips")', () => {
  it('puts 0 and 1, which the original first band (from 2) left out, with "below expected", as 2 and 25', () => {
    for (const p of [0, 1, 2, 25]) expect(scoreFaixa(p)).toBe('abaixo');
  });

  it("changes band just above 25, 50 and 75, with the average's decimals too", () => {
    expect(scoreFaixa(25.01)).toBe('atencao');
    expect(scoreFaixa(26)).toBe('atencao');
    expect(scoreFaixa(50)).toBe('atencao');
    expect(scoreFaixa(50.01)).toBe('razoavel');
    expect(scoreFaixa(51)).toBe('razoavel');
    expect(scoreFaixa(75)).toBe('razoavel');
    expect(scoreFaixa(75.01)).toBe('bom');
    expect(scoreFaixa(76)).toBe('bom');
    expect(scoreFaixa(100)).toBe('bom');
  });

  it('refuses what is not a score from 0 to 100', () => {
    for (const p of [-1, -0.01, 100.01, 101, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => scoreFaixa(p)).toThrow(RangeError);
    }
  });

  it('labels every band in pt-BR', () => {
    expect(SCORE_FAIXAS.map((f) => SCORE_FAIXA_LABELS[f])).toEqual([
      'Abaixo do esperado',
      'Precisa de atenção',
      'Razoável',
      'Bom',
    ]);
  });
});

describe('tips per band and card (docs/indicators-and-score.md "Bands and tips")', () => {
  it('has a different tip for every band of every card', () => {
    const cards: ScoreCard[] = [...SCORE_CATEGORIAS, SCORE_MEDIA];
    expect(Object.keys(SCORE_DICAS)).toEqual(cards);
    const all = cards.flatMap((card) => SCORE_FAIXAS.map((f) => SCORE_DICAS[card][f]));
    expect(all).toHaveLength(16);
    expect(new Set(all).size).toBe(16);
    for (const tip of all) expect(tip.length).toBeGreaterThan(60);
  });

  it('points a low mental-health result to a professional and to CVV 188', () => {
    expect(scoreDica('Saúde Mental', 10)).toMatch(/profissional de saúde/);
    expect(scoreDica('Saúde Mental', 10)).toMatch(/CVV.*188/);
    expect(scoreDica('Saúde Mental', 40)).toMatch(/188/);
    expect(scoreDica('Saúde Mental', 90)).not.toMatch(/188/);
  });

  it('reads the tip of the band the score falls in, at the edges', () => {
    expect(scoreDica('Saúde Física', 25)).toBe(SCORE_DICAS['Saúde Física'].abaixo);
    expect(scoreDica('Saúde Física', 26)).toBe(SCORE_DICAS['Saúde Física'].atencao);
    expect(scoreDica('Qualidade de Vida', 75)).toBe(SCORE_DICAS['Qualidade de Vida'].razoavel);
    expect(scoreDica('Média geral', 75.01)).toBe(SCORE_DICAS['Média geral'].bom);
    expect(() => scoreDica('Média geral', 101)).toThrow(RangeError);
  });
});

const QUESTIONS: ScoreQuestionPoints[] = [
  { id: 10, alternativas: [{ pontos: 10 }, { pontos: 5 }, { pontos: 0 }] },
  { id: 11, alternativas: [{ pontos: 0 }, { pontos: 3 }, { pontos: 7 }, { pontos: 10 }] },
  { id: 12, alternativas: [{ pontos: 8 }, { pontos: 2 }] },
];

describe('scorePontuacao (docs/indicators-and-score.md "Scoring")', () => {
  it("adds the chosen alternatives' points", () => {
    expect(
      scorePontuacao(QUESTIONS, [
        { question_id: 10, alternativa: 1 },
        { question_id: 11, alternativa: 3 },
        { question_id: 12, alternativa: 0 },
      ]),
    ).toEqual({ ok: true, pontuacao: 23 });
  });

  it('counts unanswered questions, left out or null, as 0', () => {
    expect(scorePontuacao(QUESTIONS, [{ question_id: 11, alternativa: 2 }])).toEqual({
      ok: true,
      pontuacao: 7,
    });
    expect(
      scorePontuacao(QUESTIONS, [
        { question_id: 10, alternativa: null },
        { question_id: 12, alternativa: 1 },
      ]),
    ).toEqual({ ok: true, pontuacao: 2 });
    expect(scorePontuacao(QUESTIONS, [])).toEqual({ ok: true, pontuacao: 0 });
  });

  it("reaches the questionnaire's maximum with the best alternatives", () => {
    const best = scorePontuacao(QUESTIONS, [
      { question_id: 10, alternativa: 0 },
      { question_id: 11, alternativa: 3 },
      { question_id: 12, alternativa: 0 },
    ]);
    expect(best).toEqual({ ok: true, pontuacao: scoreMaximo(QUESTIONS) });
    expect(scoreMaximo(QUESTIONS)).toBe(28);
  });

  it('refuses an answer to a question that is not in the questionnaire', () => {
    expect(
      scorePontuacao(QUESTIONS, [
        { question_id: 10, alternativa: 0 },
        { question_id: 99, alternativa: 0 },
      ]),
    ).toEqual({ ok: false, errors: { 'respostas.1.question_id': [SCORE_MESSAGES.pergunta] } });
  });

  it('refuses a second answer to the same question, even unanswered', () => {
    expect(
      scorePontuacao(QUESTIONS, [
        { question_id: 10, alternativa: null },
        { question_id: 10, alternativa: 0 },
      ]),
    ).toEqual({ ok: false, errors: { 'respostas.1.question_id': [SCORE_MESSAGES.perguntaRepetida] } });
  });

  it('refuses an alternative the question does not have: past the last one, negative, fractional', () => {
    expect(scorePontuacao(QUESTIONS, [{ question_id: 12, alternativa: 1 }])).toEqual({
      ok: true,
      pontuacao: 2,
    });
    for (const alternativa of [2, -1, 0.5]) {
      expect(scorePontuacao(QUESTIONS, [{ question_id: 12, alternativa }])).toEqual({
        ok: false,
        errors: { 'respostas.0.alternativa': [SCORE_MESSAGES.alternativa] },
      });
    }
  });

  it('keeps a sum within 100 when a questionnaire was set up with more points', () => {
    const big = [
      { id: 1, alternativas: [{ pontos: 60 }] },
      { id: 2, alternativas: [{ pontos: 60 }] },
    ];
    expect(
      scorePontuacao(big, [
        { question_id: 1, alternativa: 0 },
        { question_id: 2, alternativa: 0 },
      ]),
    ).toEqual({ ok: true, pontuacao: 100 });
  });
});

describe('scoreRespostas', () => {
  it('answers every question in order, null where nothing was chosen', () => {
    expect(scoreRespostas(QUESTIONS, { 10: 2, 12: 0 })).toEqual([
      { question_id: 10, alternativa: 2 },
      { question_id: 11, alternativa: null },
      { question_id: 12, alternativa: 0 },
    ]);
    expect(scoreRespostas([], { 1: 0 })).toEqual([]);
  });
});

describe('scoreMaximo', () => {
  it('is 0 for no questions and ignores negative points', () => {
    expect(scoreMaximo([])).toBe(0);
    expect(scoreMaximo([{ id: 1, alternativas: [{ pontos: -3 }] }])).toBe(0);
  });
});

describe('scoreMedia (docs/indicators-and-score.md "Results")', () => {
  it('is the mean of the three categories with 2 decimals', () => {
    expect(scoreMedia({ 'Saúde Mental': 80, 'Saúde Física': 60, 'Qualidade de Vida': 70 })).toBe(70);
    expect(scoreMedia({ 'Saúde Mental': 100, 'Saúde Física': 100, 'Qualidade de Vida': 0 })).toBe(66.67);
    expect(scoreMedia({ 'Saúde Mental': 1, 'Saúde Física': 0, 'Qualidade de Vida': 0 })).toBe(0.33);
    expect(scoreMedia({ 'Saúde Mental': 100, 'Saúde Física': 100, 'Qualidade de Vida': 100 })).toBe(100);
  });

  it('counts a category never answered, absent or null, as 0', () => {
    expect(scoreMedia({ 'Saúde Mental': 90 })).toBe(30);
    expect(scoreMedia({ 'Saúde Mental': 50, 'Saúde Física': null, 'Qualidade de Vida': 26 })).toBe(25.33);
    expect(scoreMedia({})).toBe(0);
  });

  it('refuses a category score outside 0–100', () => {
    expect(() => scoreMedia({ 'Saúde Mental': 101 })).toThrow(RangeError);
    expect(() => scoreMedia({ 'Saúde Física': -1 })).toThrow(RangeError);
    expect(() => scoreMedia({ 'Qualidade de Vida': Number.NaN })).toThrow(RangeError);
  });
});

describe('formatScore', () => {
  it('shows whole points as they are and the average with a comma and 2 decimals', () => {
    expect(formatScore(72)).toBe('72');
    expect(formatScore(0)).toBe('0');
    expect(formatScore(66.67, 2)).toBe('66,67');
    expect(formatScore(30, 2)).toBe('30,00');
  });
});
