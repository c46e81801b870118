import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../shared/errors.ts';
import {
  ScoreCategoriaSchema,
  ScoreQuestionsQuerySchema,
  ScoreResultCreateSchema,
  ScoreResultsAnswerSchema,
} from './schemas.ts';
import { SCORE_MESSAGES as M, SCORE_RESPOSTAS_MAX } from './score.ts';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? {} : issuesToFieldErrors(result.error?.issues ?? []));

describe('ScoreCategoriaSchema', () => {
  it('gives the canonical name for the documented names and their accent-free spelling', () => {
    expect(ScoreCategoriaSchema.parse('Saúde Física')).toBe('Saúde Física');
    expect(ScoreCategoriaSchema.parse('qualidade de vida')).toBe('Qualidade de Vida');
  });

  it("refuses anything else with 'Escolha uma categoria'", () => {
    for (const v of [undefined, '', 'Saúde', 3, null]) {
      expect(errorsOf(ScoreQuestionsQuerySchema.safeParse({ categoria: v }))).toEqual({
        categoria: [M.categoria],
      });
    }
  });
});

describe('ScoreResultCreateSchema', () => {
  it('takes categoria, the answers and an optional client total (number or digits)', () => {
    expect(
      ScoreResultCreateSchema.parse({
        categoria: 'Saúde Mental',
        pontuacao: '42',
        respostas: [
          { question_id: 1, alternativa: 0 },
          { question_id: 2, alternativa: null },
        ],
      }),
    ).toEqual({
      categoria: 'Saúde Mental',
      pontuacao: 42,
      respostas: [
        { question_id: 1, alternativa: 0 },
        { question_id: 2, alternativa: null },
      ],
    });
    expect(ScoreResultCreateSchema.parse({ categoria: 'Saúde Física', pontuacao: 0 })).toEqual({
      categoria: 'Saúde Física',
      pontuacao: 0,
      respostas: [],
    });
    expect(ScoreResultCreateSchema.parse({ categoria: 'Saúde Física' }).pontuacao).toBeUndefined();
  });

  it('reads an answer without alternativa as unanswered', () => {
    expect(
      ScoreResultCreateSchema.parse({ categoria: 'Saúde Mental', respostas: [{ question_id: 5 }] }).respostas,
    ).toEqual([{ question_id: 5, alternativa: null }]);
  });

  it('refuses a total outside 0–100 or not whole', () => {
    for (const pontuacao of [-1, 101, 50.5, 'abc', '', null]) {
      expect(errorsOf(ScoreResultCreateSchema.safeParse({ categoria: 'Saúde Mental', pontuacao }))).toEqual({
        pontuacao: [M.pontuacao],
      });
    }
    expect(ScoreResultCreateSchema.safeParse({ categoria: 'Saúde Mental', pontuacao: 100 }).success).toBe(
      true,
    );
  });

  it('refuses malformed answers under their field', () => {
    const bad = ScoreResultCreateSchema.safeParse({
      categoria: 'Saúde Mental',
      respostas: [
        { question_id: 0, alternativa: 0 },
        { question_id: 'x', alternativa: 0 },
        { question_id: 3, alternativa: -1 },
        { question_id: 4, alternativa: 1.5 },
        { question_id: 5, alternativa: '1' },
      ],
    });
    expect(errorsOf(bad)).toEqual({
      'respostas.0.question_id': [M.pergunta],
      'respostas.1.question_id': [M.pergunta],
      'respostas.2.alternativa': [M.alternativa],
      'respostas.3.alternativa': [M.alternativa],
      'respostas.4.alternativa': [M.alternativa],
    });
    expect(
      errorsOf(ScoreResultCreateSchema.safeParse({ categoria: 'Saúde Mental', respostas: 'x' })),
    ).toEqual({
      respostas: [M.respostas],
    });
  });

  it(`refuses more than ${SCORE_RESPOSTAS_MAX} answers`, () => {
    const respostas = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ question_id: i + 1, alternativa: 0 }));
    expect(
      ScoreResultCreateSchema.safeParse({
        categoria: 'Saúde Mental',
        respostas: respostas(SCORE_RESPOSTAS_MAX),
      }).success,
    ).toBe(true);
    expect(
      errorsOf(
        ScoreResultCreateSchema.safeParse({
          categoria: 'Saúde Mental',
          respostas: respostas(SCORE_RESPOSTAS_MAX + 1),
        }),
      ),
    ).toEqual({ respostas: [M.respostasMax] });
  });
});

describe('ScoreResultsAnswerSchema', () => {
  it('describes the results screen: three categories and the average', () => {
    const answer = {
      pointsScore: [
        {
          categoria: 'Saúde Mental',
          pontuacao: 72,
          faixa: 'razoavel',
          created_at: '2025-06-01T12:00:00.000Z',
          historico: [{ pontuacao: 72, created_at: '2025-06-01T12:00:00.000Z' }],
        },
        { categoria: 'Saúde Física', pontuacao: null, faixa: null, created_at: null, historico: [] },
        { categoria: 'Qualidade de Vida', pontuacao: null, faixa: null, created_at: null, historico: [] },
      ],
      media: { pontuacao: 24, faixa: 'abaixo', respondidas: 1 },
    };
    expect(ScoreResultsAnswerSchema.parse(answer)).toEqual(answer);
    expect(
      ScoreResultsAnswerSchema.safeParse({ ...answer, media: { ...answer.media, respondidas: 4 } }).success,
    ).toBe(false);
  });
});
