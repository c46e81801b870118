import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { SCORE_DICAS, SCORE_FAIXA_LABELS, scoreFaixa } from '@pulso/domain';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { type ApiPatient, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * The health score (docs/indicators-and-score.md "Answering", "Scoring",
 * "Results"; issue 7 "Health score"): a fresh patient answers the whole
 * 'Saúde Física' questionnaire by clicking (Próxima and Enviar disabled until
 * an alternative is chosen, Voltar keeping the answer), lands on /score/result
 * and reads the card's score, band and tip; answers 'Saúde Mental' with the
 * keyboard only; and reads the general average, the mean of the three
 * categories with the one never answered counting 0, with 2 decimals.
 */

const SAVED = 'Respostas enviadas com sucesso!';

interface Question {
  id: number;
  questoes: string;
  alternativas: { texto: string; pontos: number }[];
}

/** The questionnaire the API serves for `categoria`. */
async function questionsOf(request: APIRequestContext, patient: ApiPatient, categoria: string) {
  const res = await request.get(`/api/questions?categoria=${encodeURIComponent(categoria)}`, {
    headers: { Authorization: `Bearer ${patient.token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { scoreQuestions: Question[] }).scoreQuestions;
}

const questionHeading = (page: Page, n: number, total: number) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^Pergunta ${n}/${total}`) });

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

/** Waits for 'Respostas enviadas com sucesso!' and closes it, so that it covers nothing on the screenshots. */
async function closeSaved(page: Page): Promise<void> {
  const message = page.getByRole('status').filter({ hasText: SAVED });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: 'Fechar' }).click();
  await expect(message).toBeHidden();
}

/** The big score written on a result card ('72 de 100 pontos'). */
const scoreOf = (card: Locator) => card.locator('p').first();

test('a patient answers two questionnaires and reads each result, its tip and the general average', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Marina Lopes');
  await signInWithToken(page, patient.token);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Score de saúde' })
    .click();
  await expect(page).toHaveURL(/\/score-questions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Score de saúde' })).toBeVisible();
  await expect(page).toHaveTitle(/Score de saúde/);
  await look(page, 'score-categorias');

  // Saúde Física, by clicking: alternative i % n of question i.
  const fisica = await questionsOf(request, patient, 'Saúde Física');
  expect(fisica.length).toBeGreaterThan(2);
  const fisicaChoice = fisica.map((q, i) => i % q.alternativas.length);
  const fisicaSum = fisica.reduce(
    (sum, q, i) => sum + (q.alternativas[fisicaChoice[i] ?? 0]?.pontos ?? 0),
    0,
  );

  await page.getByRole('button', { name: 'Saúde Física' }).click();
  await expect(page.getByRole('button', { name: 'Saúde Física' })).toHaveAttribute('aria-pressed', 'true');
  const next = page.getByRole('button', { name: 'Próxima' });
  const back = page.getByRole('button', { name: 'Voltar' });
  const total = fisica.length;
  await expect(questionHeading(page, 1, total)).toBeFocused();
  await expect(next).toBeDisabled();
  await expect(back).toBeDisabled();
  await expect(page.getByText('Escolha uma alternativa para continuar.')).toBeVisible();
  await look(page, 'score-pergunta');

  for (const [i, q] of fisica.entries()) {
    const heading = questionHeading(page, i + 1, total);
    await expect(heading).toContainText(q.questoes);
    const group = page.getByRole('radiogroup', { name: q.questoes });
    await expect(group.getByRole('radio')).toHaveCount(q.alternativas.length);
    const last = i === total - 1;
    const go = last ? page.getByRole('button', { name: 'Enviar' }) : next;
    await expect(go).toBeDisabled();
    const texto = q.alternativas[fisicaChoice[i] ?? 0]?.texto ?? '';
    await group.getByRole('radio', { name: texto, exact: true }).check();
    await expect(go).toBeEnabled();
    if (i === 1) {
      // Voltar keeps the first answer; Próxima comes back here with this one kept too.
      await back.click();
      await expect(questionHeading(page, 1, total)).toBeFocused();
      const first = fisica[0] as Question;
      await expect(
        page
          .getByRole('radiogroup', { name: first.questoes })
          .getByRole('radio', { name: first.alternativas[0]?.texto ?? '', exact: true }),
      ).toBeChecked();
      await next.click();
      await expect(group.getByRole('radio', { name: texto, exact: true })).toBeChecked();
    }
    if (last) {
      await expect(next).toHaveCount(0);
      await look(page, 'score-ultima-pergunta');
      await go.click();
    } else {
      await go.click();
      await expect(questionHeading(page, i + 2, total)).toBeFocused();
    }
  }

  await expect(page).toHaveURL(/\/score\/result$/);
  await closeSaved(page);
  const fisicaCard = page.getByRole('region', { name: 'Saúde Física' });
  await expect(scoreOf(fisicaCard)).toHaveText(`${fisicaSum} de 100 pontos`);
  await expect(
    fisicaCard.getByText(SCORE_FAIXA_LABELS[scoreFaixa(fisicaSum)], { exact: true }),
  ).toBeVisible();
  await expect(fisicaCard.getByText(SCORE_DICAS['Saúde Física'][scoreFaixa(fisicaSum)])).toBeVisible();
  await expect(fisicaCard.getByRole('img', { name: /^Seu resultado\./ })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Saúde Mental' })
      .getByText('Você ainda não respondeu a este questionário.'),
  ).toBeVisible();
  const mediaCard = page.getByRole('region', { name: 'Média geral' });
  const media1 = Math.round((fisicaSum * 100) / 3) / 100;
  await expect(scoreOf(mediaCard)).toHaveText(`${media1.toFixed(2).replace('.', ',')} de 100 pontos`);
  await look(page, 'score-resultado-uma-area');

  // Saúde Mental with the keyboard only: Tab into the alternatives, ArrowDown picks the second, Enter moves on.
  const mental = await questionsOf(request, patient, 'Saúde Mental');
  const mentalSum = mental.reduce((sum, q) => sum + (q.alternativas[1]?.pontos ?? 0), 0);
  await page.getByRole('link', { name: 'Responder questionário' }).click();
  await expect(page).toHaveURL(/\/score-questions$/);
  await page.getByRole('button', { name: 'Saúde Mental' }).focus();
  await page.keyboard.press('Enter');
  for (const [i, q] of mental.entries()) {
    await expect(questionHeading(page, i + 1, mental.length)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('radio', { name: q.alternativas[0]?.texto ?? '', exact: true }),
    ).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('radio', { name: q.alternativas[1]?.texto ?? '', exact: true }),
    ).toBeChecked();
    await page.keyboard.press('Enter');
  }

  await expect(page).toHaveURL(/\/score\/result$/);
  await closeSaved(page);
  const mentalCard = page.getByRole('region', { name: 'Saúde Mental' });
  await expect(scoreOf(mentalCard)).toHaveText(`${mentalSum} de 100 pontos`);
  await expect(mentalCard.getByText(SCORE_DICAS['Saúde Mental'][scoreFaixa(mentalSum)])).toBeVisible();
  // The average of the three areas, 'Qualidade de Vida' never answered counting 0, with 2 decimals.
  const media = Math.round(((fisicaSum + mentalSum) * 100) / 3) / 100;
  await expect(scoreOf(mediaCard)).toHaveText(`${media.toFixed(2).replace('.', ',')} de 100 pontos`);
  await expect(mediaCard.getByText(SCORE_FAIXA_LABELS[scoreFaixa(media)], { exact: true })).toBeVisible();
  await expect(mediaCard.getByText(SCORE_DICAS['Média geral'][scoreFaixa(media)])).toBeVisible();
  await expect(mediaCard.getByText('2 de 3 áreas respondidas', { exact: false })).toBeVisible();
  await expect(mediaCard.getByRole('img', { name: /Qualidade de Vida: 0 pontos/ })).toBeVisible();
  await look(page, 'score-resultado');

  // What the API kept: the server's own sums.
  const res = await request.get('/api/score/result', {
    headers: { Authorization: `Bearer ${patient.token}` },
  });
  const body = (await res.json()) as { pointsScore: { categoria: string; pontuacao: number | null }[] };
  expect(body.pointsScore.map((r) => [r.categoria, r.pontuacao])).toEqual([
    ['Saúde Mental', mentalSum],
    ['Saúde Física', fisicaSum],
    ['Qualidade de Vida', null],
  ]);
  expect(csp).toEqual([]);
});
