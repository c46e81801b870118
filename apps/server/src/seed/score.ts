import type { ScoreCategoria } from '@pulso/domain';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { score_questions, score_quizzes } from '../db/schema/index.ts';
import { SCORE_QUESTIONARIOS } from './score-questionarios/index.ts';
import type { SeededScoreQuestion } from './score-questionarios/seeded-question.ts';

/**
 * Seeds each category's questionnaire when the category has no question at
 * all: its questions (with `ordem` 1, 2, …) and one quiz listing those meant
 * to be served, in one transaction. A category that already has questions
 * is never touched, so that staff edits (issue 9) survive restarts.
 */
export async function seedScoreQuestionnaires(db: Db): Promise<void> {
  for (const [categoria, questions] of Object.entries(SCORE_QUESTIONARIOS) as [
    ScoreCategoria,
    readonly SeededScoreQuestion[],
  ][]) {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ n: count() })
        .from(score_questions)
        .where(eq(score_questions.categoria, categoria));
      if ((existing?.n ?? 0) > 0) return;
      const rows = await tx
        .insert(score_questions)
        .values(
          questions.map((q, i) => ({
            categoria,
            questoes: q.questoes,
            alternativas: q.alternativas,
            ordem: i + 1,
          })),
        )
        .returning({ id: score_questions.id, ordem: score_questions.ordem });
      const served = rows
        .sort((x, y) => x.ordem - y.ordem)
        .filter((_, i) => !questions[i]?.noQuiz)
        .map((r) => r.id);
      await tx.insert(score_quizzes).values({ categoria, id_questions: served });
    });
  }
}
