import {
  SCORE_MESSAGES as M,
  SCORE_CATEGORIAS,
  SCORE_HISTORICO_MAX,
  type ScoreCategoria,
  type ScoreQuestionsAnswer,
  type ScoreQuestionView,
  type ScoreResultsAnswer,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { score_questions, score_quizzes, score_results } from '../../db/schema/index.ts';
import { SCORE_QUESTIONARIOS } from '../../seed/score-questionarios/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { endTrial } from '../timeline/timeline.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

type Auth = { authorization: string } | undefined;
const headers = (auth: Auth) => (auth ? { headers: auth } : {});

const getQuestions = (auth: Auth, categoria?: string) =>
  t.app.inject({
    url: '/api/questions',
    ...(categoria === undefined ? {} : { query: { categoria } }),
    ...headers(auth),
  });
const postResult = (auth: Auth, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/score/result',
    payload: payload as Record<string, unknown>,
    ...headers(auth),
  });
const getResults = (auth: Auth) => t.app.inject({ url: '/api/score/result', ...headers(auth) });

/** The questionnaire served for `categoria`, read through the API. */
async function questionsOf(auth: Auth, categoria: ScoreCategoria): Promise<ScoreQuestionView[]> {
  const res = await getQuestions(auth, categoria);
  expect(res.statusCode).toBe(200);
  return (res.json() as ScoreQuestionsAnswer).scoreQuestions;
}

/** Answers every question with the alternative `pick` chooses (its position). */
function answerAll(questions: ScoreQuestionView[], pick: (q: ScoreQuestionView) => number | null) {
  return questions.map((q) => ({ question_id: q.id, alternativa: pick(q) }));
}
const best = (q: ScoreQuestionView) => q.alternativas.findIndex((a) => a.pontos === 10);
const worst = (q: ScoreQuestionView) => q.alternativas.findIndex((a) => a.pontos === 0);

async function resultsOf(auth: Auth): Promise<ScoreResultsAnswer> {
  const res = await getResults(auth);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const storedResults = () => t.database.db.select().from(score_results);

describe('authorisation', () => {
  const routes: [string, (auth: Auth) => ReturnType<typeof getResults>][] = [
    ['GET /api/questions', (auth) => getQuestions(auth, 'Saúde Mental')],
    ['POST /api/score/result', (auth) => postResult(auth, { categoria: 'Saúde Mental', respostas: [] })],
    ['GET /api/score/result', (auth) => getResults(auth)],
  ];

  it('answers 401 on every route to a guest and to a made-up token, and stores nothing', async () => {
    for (const [name, call] of routes) {
      for (const auth of [undefined, { authorization: 'Bearer nope' }]) {
        const res = await call(auth);
        expect(res.statusCode, name).toBe(401);
        expect(res.json(), name).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      }
    }
    expect(await storedResults()).toHaveLength(0);
  });

  it('marks every answer private and not to be stored by caches', async () => {
    const p = await createPatient(t.app);
    for (const [name, call] of routes) {
      expect((await call(p.auth)).headers['cache-control'], name).toBe('private, no-store');
    }
  });
});

describe('GET /api/questions', () => {
  it('serves the ten questions of each category, in order, each with alternatives worth 0 to 10', async () => {
    const p = await createPatient(t.app);
    for (const categoria of SCORE_CATEGORIAS) {
      const res = await getQuestions(p.auth, categoria);
      expect(res.statusCode).toBe(200);
      const body = res.json() as ScoreQuestionsAnswer;
      const seeded = SCORE_QUESTIONARIOS[categoria].filter((q) => !q.noQuiz);
      expect(body.scoreQuestions.map((q) => q.questoes)).toEqual(seeded.map((q) => q.questoes));
      expect(body.scoreQuestions).toHaveLength(10);
      for (const q of body.scoreQuestions) {
        expect(q.categoria).toBe(categoria);
        expect(Math.max(...q.alternativas.map((a) => a.pontos))).toBe(10);
        expect(Math.min(...q.alternativas.map((a) => a.pontos))).toBe(0);
      }
      expect(body.quizQuestions).toHaveLength(1);
      expect(body.quizQuestions[0]).toMatchObject({
        categoria,
        id_questions: body.scoreQuestions.map((q) => q.id),
      });
    }
  });

  it('never serves a question that is in no quiz', async () => {
    const p = await createPatient(t.app);
    const [draft] = await t.database.db
      .select({ id: score_questions.id, questoes: score_questions.questoes })
      .from(score_questions)
      .where(eq(score_questions.questoes, SCORE_QUESTIONARIOS['Qualidade de Vida'][10]?.questoes ?? ''));
    expect(draft).toBeDefined();
    const served = await questionsOf(p.auth, 'Qualidade de Vida');
    expect(served.map((q) => q.id)).not.toContain(draft?.id);
    expect(served.map((q) => q.questoes)).not.toContain(draft?.questoes);
  });

  it('serves a question of the category listed in any quiz, and drops one taken out of every quiz', async () => {
    const p = await createPatient(t.app);
    const db = t.database.db;
    const [quiz] = await db.select().from(score_quizzes).where(eq(score_quizzes.categoria, 'Saúde Física'));
    if (!quiz) throw new Error('no seeded quiz');
    const before = await questionsOf(p.auth, 'Saúde Física');
    const removed = before[3]?.id as number;
    try {
      await db
        .update(score_quizzes)
        .set({ id_questions: quiz.id_questions.filter((id) => id !== removed) })
        .where(eq(score_quizzes.id, quiz.id));
      const after = await questionsOf(p.auth, 'Saúde Física');
      expect(after.map((q) => q.id)).toEqual(before.map((q) => q.id).filter((id) => id !== removed));
      // Listed again, in another category's quiz: "some quiz" is enough.
      const [other] = await db
        .insert(score_quizzes)
        .values({ categoria: 'Saúde Mental', id_questions: [removed] })
        .returning({ id: score_quizzes.id });
      expect((await questionsOf(p.auth, 'Saúde Física')).map((q) => q.id)).toEqual(before.map((q) => q.id));
      await db.delete(score_quizzes).where(eq(score_quizzes.id, other?.id ?? 0));
    } finally {
      await db
        .update(score_quizzes)
        .set({ id_questions: quiz.id_questions })
        .where(eq(score_quizzes.id, quiz.id));
    }
  });

  it('answers an empty questionnaire for a category without quizzes', async () => {
    const p = await createPatient(t.app);
    const db = t.database.db;
    const quizzes = await db.select().from(score_quizzes).where(eq(score_quizzes.categoria, 'Saúde Mental'));
    try {
      await db.delete(score_quizzes).where(eq(score_quizzes.categoria, 'Saúde Mental'));
      const res = await getQuestions(p.auth, 'Saúde Mental');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ scoreQuestions: [], quizQuestions: [] });
    } finally {
      await db.insert(score_quizzes).values(quizzes);
    }
  });

  it('takes the category without accents or in other case', async () => {
    const p = await createPatient(t.app);
    const res = await getQuestions(p.auth, 'saude fisica');
    expect(res.statusCode).toBe(200);
    expect((res.json() as ScoreQuestionsAnswer).scoreQuestions[0]?.categoria).toBe('Saúde Física');
  });

  it("answers 422 'Escolha uma categoria' without a category or with an unknown one", async () => {
    const p = await createPatient(t.app);
    for (const categoria of [undefined, '', 'Saúde', 'Média geral']) {
      const res = await getQuestions(p.auth, categoria);
      expect(res.statusCode, String(categoria)).toBe(422);
      expect(res.json()).toEqual({ message: M.categoria, errors: { categoria: [M.categoria] } });
    }
  });
});

describe('POST /api/score/result', () => {
  it('sums the chosen alternatives itself: 100 for the best answers, 0 for the worst', async () => {
    const p = await createPatient(t.app);
    const questions = await questionsOf(p.auth, 'Saúde Mental');
    const top = await postResult(p.auth, {
      categoria: 'Saúde Mental',
      respostas: answerAll(questions, best),
    });
    expect(top.statusCode).toBe(201);
    expect(top.json()).toEqual({
      message: M.saved,
      result: { categoria: 'Saúde Mental', pontuacao: 100, faixa: 'bom', created_at: expect.any(String) },
    });
    const bottom = await postResult(p.auth, {
      categoria: 'Saúde Mental',
      respostas: answerAll(questions, worst),
    });
    expect(bottom.statusCode).toBe(201);
    expect(bottom.json().result).toMatchObject({ pontuacao: 0, faixa: 'abaixo' });
    const rows = await storedResults();
    expect(rows.map((r) => [r.user_id, r.categoria, r.pontuacao])).toEqual([
      [p.user.id, 'Saúde Mental', 100],
      [p.user.id, 'Saúde Mental', 0],
    ]);
  });

  it('counts unanswered questions as 0, whether null, absent or left out', async () => {
    const p = await createPatient(t.app);
    const questions = await questionsOf(p.auth, 'Saúde Física');
    const [q0, q1, q2] = questions as [ScoreQuestionView, ScoreQuestionView, ScoreQuestionView];
    const expected = (q0.alternativas[0]?.pontos ?? 0) + (q2.alternativas[1]?.pontos ?? 0);
    const res = await postResult(p.auth, {
      categoria: 'Saúde Física',
      respostas: [
        { question_id: q0.id, alternativa: 0 },
        { question_id: q1.id, alternativa: null },
        { question_id: q2.id, alternativa: 1 },
        { question_id: questions[3]?.id },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().result.pontuacao).toBe(expected);
    // A questionnaire left blank is 0 points.
    const blank = await postResult(p.auth, { categoria: 'Saúde Física' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().result.pontuacao).toBe(0);
  });

  it("accepts the client's total when it agrees, and refuses one that does not, storing nothing", async () => {
    const p = await createPatient(t.app);
    const questions = await questionsOf(p.auth, 'Qualidade de Vida');
    const respostas = answerAll(questions, (q) => (q.alternativas.length > 1 ? 1 : 0));
    const sum = questions.reduce((s, q) => s + (q.alternativas[1]?.pontos ?? 0), 0);
    const agreeing = await postResult(p.auth, { categoria: 'Qualidade de Vida', respostas, pontuacao: sum });
    expect(agreeing.statusCode).toBe(201);
    expect(agreeing.json().result.pontuacao).toBe(sum);
    // Also as a form's digits.
    const asText = await postResult(p.auth, {
      categoria: 'Qualidade de Vida',
      respostas,
      pontuacao: String(sum),
    });
    expect(asText.statusCode).toBe(201);

    for (const pontuacao of [sum + 1, 100]) {
      const res = await postResult(p.auth, { categoria: 'Qualidade de Vida', respostas, pontuacao });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: M.pontuacaoDivergente,
        errors: { pontuacao: [M.pontuacaoDivergente] },
      });
    }
    // The first product client's bare {categoria, pontuacao}
    // (docs/api/indicadores-score-profissional.md "Score"): nothing answered sums 0, so only 0 is believed.
    expect((await postResult(p.auth, { categoria: 'Qualidade de Vida', pontuacao: 80 })).statusCode).toBe(
      422,
    );
    expect((await postResult(p.auth, { categoria: 'Qualidade de Vida', pontuacao: 0 })).statusCode).toBe(201);
    expect((await storedResults()).map((r) => r.pontuacao)).toEqual([sum, sum, 0]);
  });

  it('refuses answers that do not fit the questionnaire, storing nothing', async () => {
    const p = await createPatient(t.app);
    const mental = await questionsOf(p.auth, 'Saúde Mental');
    const fisica = await questionsOf(p.auth, 'Saúde Física');
    const [draft] = await t.database.db
      .select({ id: score_questions.id })
      .from(score_questions)
      .where(eq(score_questions.questoes, SCORE_QUESTIONARIOS['Qualidade de Vida'][10]?.questoes ?? ''));
    const m0 = mental[0] as ScoreQuestionView;
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { categoria: 'Saúde Mental', respostas: [{ question_id: fisica[0]?.id, alternativa: 0 }] },
        { 'respostas.0.question_id': [M.pergunta] },
      ],
      [
        { categoria: 'Qualidade de Vida', respostas: [{ question_id: draft?.id, alternativa: 0 }] },
        { 'respostas.0.question_id': [M.pergunta] },
      ],
      [
        { categoria: 'Saúde Mental', respostas: [{ question_id: 2_000_000, alternativa: 0 }] },
        { 'respostas.0.question_id': [M.pergunta] },
      ],
      [
        {
          categoria: 'Saúde Mental',
          respostas: [
            { question_id: m0.id, alternativa: 0 },
            { question_id: m0.id, alternativa: 1 },
          ],
        },
        { 'respostas.1.question_id': [M.perguntaRepetida] },
      ],
      [
        {
          categoria: 'Saúde Mental',
          respostas: [{ question_id: m0.id, alternativa: m0.alternativas.length }],
        },
        { 'respostas.0.alternativa': [M.alternativa] },
      ],
      [
        { categoria: 'Saúde Mental', respostas: [{ question_id: m0.id, alternativa: -1 }] },
        { 'respostas.0.alternativa': [M.alternativa] },
      ],
      [{ respostas: [] }, { categoria: [M.categoria] }],
      [{ categoria: 'Média geral', respostas: [] }, { categoria: [M.categoria] }],
      [{ categoria: 'Saúde Mental', respostas: 'todas' }, { respostas: [M.respostas] }],
      [{ categoria: 'Saúde Mental', pontuacao: 101 }, { pontuacao: [M.pontuacao] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await postResult(p.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const body = res.json();
      expect(body.errors, JSON.stringify(payload)).toEqual(errors);
      expect(body.message).toBe(Object.values(errors)[0]?.[0]);
    }
    expect(await storedResults()).toHaveLength(0);
  });

  it('is open to a patient whose trial ended: the score is not locked', async () => {
    const p = await createPatient(t.app);
    await endTrial(t.database.db, p.user.id);
    const res = await postResult(p.auth, { categoria: 'Saúde Mental', respostas: [] });
    expect(res.statusCode).toBe(201);
  });
});

describe('GET /api/score/result', () => {
  it('answers the three categories unanswered and an average of 0 without a band at first', async () => {
    const p = await createPatient(t.app);
    expect(await resultsOf(p.auth)).toEqual({
      pointsScore: SCORE_CATEGORIAS.map((categoria) => ({
        categoria,
        pontuacao: null,
        faixa: null,
        created_at: null,
        historico: [],
      })),
      media: { pontuacao: 0, faixa: null, respondidas: 0 },
    });
  });

  it('shows the latest result of each category, its history oldest first, and the average with 2 decimals', async () => {
    const p = await createPatient(t.app);
    const mental = await questionsOf(p.auth, 'Saúde Mental');
    const fisica = await questionsOf(p.auth, 'Saúde Física');
    await postResult(p.auth, { categoria: 'Saúde Mental', respostas: answerAll(mental, worst) });
    await postResult(p.auth, { categoria: 'Saúde Mental', respostas: answerAll(mental, best) });
    // Saúde Física: best on the first 5 questions (50), the rest unanswered.
    await postResult(p.auth, { categoria: 'Saúde Física', respostas: answerAll(fisica.slice(0, 5), best) });

    const results = await resultsOf(p.auth);
    expect(results.pointsScore.map((r) => [r.categoria, r.pontuacao, r.faixa])).toEqual([
      ['Saúde Mental', 100, 'bom'],
      ['Saúde Física', 50, 'atencao'],
      ['Qualidade de Vida', null, null],
    ]);
    expect(results.pointsScore[0]?.historico.map((h) => h.pontuacao)).toEqual([0, 100]);
    // (100 + 50 + 0) / 3 = 50: a category never answered counts 0.
    expect(results.media).toEqual({ pontuacao: 50, faixa: 'atencao', respondidas: 2 });

    await postResult(p.auth, {
      categoria: 'Qualidade de Vida',
      respostas: answerAll((await questionsOf(p.auth, 'Qualidade de Vida')).slice(0, 1), best),
    });
    // (100 + 50 + 10) / 3 = 53.333… → 53.33
    expect((await resultsOf(p.auth)).media).toEqual({ pontuacao: 53.33, faixa: 'razoavel', respondidas: 3 });
  });

  it(`keeps every result but charts the latest ${SCORE_HISTORICO_MAX}; the latest wins even in one instant`, async () => {
    const p = await createPatient(t.app);
    const at = new Date('2025-03-01T12:00:00Z');
    await t.database.db.insert(score_results).values(
      [10, 20, 30, 40, 50, 60, 70, 80].map((pontuacao, i) => ({
        user_id: p.user.id,
        categoria: 'Saúde Mental',
        pontuacao,
        created_at: new Date(at.getTime() + Math.min(i, 6) * 86_400_000),
      })),
    );
    const [mental] = (await resultsOf(p.auth)).pointsScore;
    expect(mental?.pontuacao).toBe(80);
    expect(mental?.created_at).toBe('2025-03-07T12:00:00.000Z');
    expect(mental?.historico.map((h) => h.pontuacao)).toEqual([30, 40, 50, 60, 70, 80]);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(score_results)
      .where(eq(score_results.user_id, p.user.id));
    expect(n).toBe(8);
  });

  it("never shows another patient's results", async () => {
    const ana = await createPatient(t.app);
    const bruno = await createPatient(t.app);
    const mental = await questionsOf(ana.auth, 'Saúde Mental');
    await postResult(ana.auth, { categoria: 'Saúde Mental', respostas: answerAll(mental, best) });
    const brunos = await resultsOf(bruno.auth);
    expect(brunos.pointsScore.every((r) => r.pontuacao === null && r.historico.length === 0)).toBe(true);
    expect(brunos.media.respondidas).toBe(0);
    expect((await resultsOf(ana.auth)).pointsScore[0]?.pontuacao).toBe(100);
    // A user_id in the body is not a way to write into someone else's results.
    const res = await postResult(bruno.auth, {
      categoria: 'Saúde Física',
      respostas: [],
      user_id: ana.user.id,
    });
    expect(res.statusCode).toBe(201);
    expect((await resultsOf(ana.auth)).pointsScore[1]?.pontuacao).toBeNull();
    expect((await resultsOf(bruno.auth)).pointsScore[1]?.pontuacao).toBe(0);
  });
});
