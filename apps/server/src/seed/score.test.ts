import { SCORE_CATEGORIAS, SCORE_PONTUACAO_MAX, ScoreAlternativaSchema, scoreMaximo } from '@pulso/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { score_questions, score_quizzes } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedScoreQuestionnaires } from './score.ts';
import { SCORE_QUESTIONARIOS } from './score-questionarios/index.ts';

describe('the seeded questionnaires (issue 7 "Health score")', () => {
  it('ask ten questions per category whose points run from 0 to exactly 100', () => {
    for (const categoria of SCORE_CATEGORIAS) {
      const served = SCORE_QUESTIONARIOS[categoria].filter((q) => !q.noQuiz);
      expect(served, categoria).toHaveLength(10);
      const asRules = served.map((q, i) => ({ id: i + 1, alternativas: q.alternativas }));
      expect(scoreMaximo(asRules), categoria).toBe(SCORE_PONTUACAO_MAX);
      for (const q of served) {
        expect(Math.min(...q.alternativas.map((a) => a.pontos)), q.questoes).toBe(0);
        expect(Math.max(...q.alternativas.map((a) => a.pontos)), q.questoes).toBe(10);
      }
    }
  });

  it('give every question 4 or 5 distinct, valid alternatives and a distinct text ending in "?"', () => {
    const all = SCORE_CATEGORIAS.flatMap((c) => SCORE_QUESTIONARIOS[c]);
    expect(new Set(all.map((q) => q.questoes)).size).toBe(all.length);
    for (const q of all) {
      expect(q.questoes.endsWith('?'), q.questoes).toBe(true);
      expect(q.alternativas.length, q.questoes).toBeGreaterThanOrEqual(4);
      expect(q.alternativas.length, q.questoes).toBeLessThanOrEqual(5);
      expect(new Set(q.alternativas.map((a) => a.texto)).size, q.questoes).toBe(q.alternativas.length);
      for (const a of q.alternativas) expect(ScoreAlternativaSchema.safeParse(a).success, a.texto).toBe(true);
    }
  });

  it('keep at least one question out of every quiz', () => {
    const drafts = SCORE_CATEGORIAS.flatMap((c) => SCORE_QUESTIONARIOS[c]).filter((q) => q.noQuiz);
    expect(drafts.length).toBeGreaterThanOrEqual(1);
  });
});

describe('seedScoreQuestionnaires', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = async () => ({
    questions: await t.database.db.select().from(score_questions).orderBy(asc(score_questions.id)),
    quizzes: await t.database.db.select().from(score_quizzes).orderBy(asc(score_quizzes.id)),
  });

  it('stores each questionnaire once with one quiz of the questions to serve, in order', async () => {
    const { questions, quizzes } = await snapshot();
    expect(questions).toHaveLength(31);
    expect(quizzes.map((q) => q.categoria)).toEqual([...SCORE_CATEGORIAS]);
    for (const quiz of quizzes) {
      const own = questions.filter((q) => q.categoria === quiz.categoria);
      expect(own.map((q) => q.ordem)).toEqual(own.map((_, i) => i + 1));
      const served = own.filter((_, i) => !SCORE_QUESTIONARIOS[quiz.categoria as 'Saúde Mental'][i]?.noQuiz);
      expect(quiz.id_questions).toEqual(served.map((q) => q.id));
    }
  });

  it('adds nothing when run again, and leaves an edited questionnaire as it is', async () => {
    const before = await snapshot();
    const first = before.questions[0];
    if (!first) throw new Error('nothing seeded');
    await t.database.db
      .update(score_questions)
      .set({ questoes: 'Pergunta editada pela equipe?' })
      .where(eq(score_questions.id, first.id));
    await seedScoreQuestionnaires(t.database.db);
    await seedScoreQuestionnaires(t.database.db);
    const after = await snapshot();
    expect(after.quizzes).toEqual(before.quizzes);
    expect(after.questions).toEqual(
      before.questions.map((q) =>
        q.id === first.id ? { ...q, questoes: 'Pergunta editada pela equipe?' } : q,
      ),
    );
  });

  it('seeds again a category whose questions were all removed', async () => {
    const db = t.database.db;
    await db.delete(score_quizzes).where(eq(score_quizzes.categoria, 'Qualidade de Vida'));
    await db.delete(score_questions).where(eq(score_questions.categoria, 'Qualidade de Vida'));
    await seedScoreQuestionnaires(db);
    const { questions, quizzes } = await snapshot();
    expect(questions.filter((q) => q.categoria === 'Qualidade de Vida')).toHaveLength(11);
    expect(quizzes.filter((q) => q.categoria === 'Qualidade de Vida')[0]?.id_questions).toHaveLength(10);
  });
});
