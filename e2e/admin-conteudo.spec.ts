import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';
import { STAFF } from './support/staff.ts';

/**
 * The content editor (issue 9 "Content"): an admin edits an FAQ and the
 * patient's /faqs shows it; edits the terms of use in the rich-text editor
 * (bold text and a link, made with the toolbar) and the public
 * /termos-de-uso shows them; edits a score question's text and the
 * patient's questionnaire asks the new one. What the journey changed is put
 * back through the API at the end, so later journeys read the seeded texts.
 */

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Entrar na administração' });
  await form.getByLabel('E-mail').fill(STAFF.admin.email);
  await form.getByLabel('Senha', { exact: true }).fill(STAFF.admin.password);
  await form.getByLabel('Senha', { exact: true }).press('Enter');
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', {
    data: { email: STAFF.admin.email, password: STAFF.admin.password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test('an admin edits an FAQ, the terms of use and a score question; patients see the edits', async ({
  page,
  browser,
  request,
}) => {
  // Five screens checked at two widths with axe, and three round trips to the patient's pages.
  test.setTimeout(180_000);
  const csp = watchCspViolations(page);
  const termosOriginal = ((await (await request.get('/api/termos')).json()) as { html: string }).html;
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const { faqs } = (await (await request.get('/api/admin/conteudo/faqs', { headers: auth })).json()) as {
    faqs: { id: number; question: string; answer: string; ativo: boolean }[];
  };
  const faq = faqs[0];
  if (!faq) throw new Error('no FAQs seeded');
  const { categorias } = (await (
    await request.get('/api/admin/conteudo/score', { headers: auth })
  ).json()) as {
    categorias: {
      questions: {
        id: number;
        questoes: string;
        alternativas: { texto: string; pontos: number }[];
        ativa: boolean;
      }[];
    }[];
  };
  const scoreQuestion = categorias[0]?.questions[0];
  if (!scoreQuestion) throw new Error('no score questions seeded');

  try {
    await page.goto('/admin/conteudo');
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Conteúdo' })).toBeVisible();
    await expect(page).toHaveTitle('Conteúdo · Pulso');
    const nav = page.getByRole('navigation', { name: 'Área administrativa' });
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Conteúdo');

    // --- FAQ -----------------------------------------------------------------
    await expect(page.getByRole('tab', { name: 'Perguntas frequentes', selected: true })).toBeVisible();
    await expect(page.getByRole('table').getByText(faq.question, { exact: true })).toBeVisible();
    await look(page, 'admin-conteudo-faqs');
    await page.getByRole('button', { name: `Editar: ${faq.question}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar pergunta' });
    const question = dialog.getByLabel('Pergunta');
    await expect(question).toHaveValue(faq.question);
    await question.fill('Ab');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Escreva a pergunta com 5 a 300 caracteres')).toBeVisible();
    const newQuestion = 'O que é o Pulso e para quem ele serve?';
    await question.fill(newQuestion);
    await expect(dialog.getByRole('region', { name: 'Pré-visualização' })).toContainText(newQuestion);
    await look(page, 'admin-conteudo-faq-editar');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Pergunta salva.')).toBeVisible();
    await expect(page.getByRole('table').getByText(newQuestion, { exact: true })).toBeVisible();

    // Deleting asks first; cancelling keeps the question.
    await page.getByRole('button', { name: `Excluir: ${newQuestion}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir pergunta' });
    await expect(confirm).toContainText('não poderá ser recuperada');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('table').getByText(newQuestion, { exact: true })).toBeVisible();

    // The patient's /faqs.
    const patient = await registerPatient(request, 'Clara Nunes');
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const phoneCsp = watchCspViolations(phone);
    await signInWithToken(phone, patient.token);
    await phone.goto('/faqs');
    await expect(phone.getByRole('button', { name: newQuestion })).toBeVisible();
    await expect(phone.getByRole('button', { name: faq.question, exact: true })).toHaveCount(0);

    // --- Terms of use ----------------------------------------------------------
    await page.getByRole('tab', { name: 'Termos de uso' }).click();
    const editor = page.getByRole('textbox', { name: 'Texto: Termos de uso' });
    await expect(editor).toContainText('Última atualização: 22/11/2026');
    const toolbar = page.getByRole('toolbar', { name: 'Formatação: Termos de uso' });
    await editor.click();
    await editor.press('Control+End');
    await editor.press('Enter');
    await page.keyboard.type('Aviso de teste');
    await page.keyboard.press('Shift+Home');
    await toolbar.getByRole('button', { name: 'Negrito' }).click();
    await expect(toolbar.getByRole('button', { name: 'Negrito' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('End');
    await page.keyboard.type(' e a ');
    await page.keyboard.type('ANPD');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Link' });
    await linkDialog.getByLabel('Endereço do link').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect(linkDialog.getByText(/Use um endereço https:\/\//)).toBeVisible();
    await linkDialog.getByLabel('Endereço do link').fill('https://www.gov.br/anpd');
    await linkDialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect(linkDialog).toBeHidden();
    await expect(editor.locator('strong', { hasText: 'Aviso de teste' })).toBeVisible();
    await expect(editor.getByRole('link', { name: 'ANPD' })).toHaveAttribute(
      'href',
      'https://www.gov.br/anpd',
    );

    const modo = page.getByRole('radiogroup', { name: 'Modo' });
    await modo.getByText('Pré-visualizar', { exact: true }).click();
    await expect(modo.getByRole('radio', { name: 'Pré-visualizar' })).toBeChecked();
    const preview = page.getByRole('region', { name: 'Pré-visualização' });
    await expect(preview.locator('strong', { hasText: 'Aviso de teste' })).toBeVisible();
    await modo.getByText('Editar', { exact: true }).click();
    await expect(editor).toBeVisible();
    await look(page, 'admin-conteudo-termos');
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await expect(page.getByText('Texto publicado.')).toBeVisible();
    await expect(page.getByText(/Última publicação: .* por admin@e2e\.pulso\.local/)).toBeVisible();

    await phone.goto('/termos-de-uso');
    await expect(phone.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
    await expect(phone.locator('article strong', { hasText: 'Aviso de teste' })).toBeVisible();
    const anpd = phone.getByRole('link', { name: 'ANPD' });
    await expect(anpd).toHaveAttribute('href', 'https://www.gov.br/anpd');
    await expect(anpd).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(phone.getByText('Última atualização: 22/11/2026')).toBeVisible();

    // --- Score -------------------------------------------------------------------
    await page.getByRole('tab', { name: 'Score' }).click();
    await expect(page.getByText(/Pontuação máxima de Saúde Mental: 100 de 100 pontos/)).toBeVisible();
    await look(page, 'admin-conteudo-score');
    await page.getByRole('button', { name: 'Editar a pergunta 1', exact: true }).click();
    const scoreDialog = page.getByRole('dialog', { name: 'Editar pergunta do score' });
    await scoreDialog.getByLabel('Pontos da alternativa 1').fill('11');
    await expect(scoreDialog.getByText(/seria 101 pontos/)).toBeVisible();
    await expect(scoreDialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await scoreDialog
      .getByLabel('Pontos da alternativa 1')
      .fill(String(scoreQuestion.alternativas[0]?.pontos ?? 10));
    const newScoreText = 'Nas últimas duas semanas, você se sentiu alegre na maior parte do tempo?';
    await scoreDialog.getByLabel('Pergunta').fill(newScoreText);
    await look(page, 'admin-conteudo-score-editar');
    await scoreDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Pergunta do score salva.')).toBeVisible();

    await phone.goto('/score-questions');
    await phone.getByRole('button', { name: 'Saúde Mental' }).click();
    await expect(phone.getByRole('heading', { level: 2, name: /^Pergunta 1\// })).toContainText(newScoreText);
    expect(phoneCsp).toEqual([]);
    expect(csp).toEqual([]);
  } finally {
    // Put back what the journey changed, so that the journeys after it read the seeded content.
    await request.put(`/api/admin/conteudo/paginas/termos`, {
      headers: auth,
      data: { html: termosOriginal },
    });
    await request.put(`/api/admin/conteudo/faqs/${faq.id}`, {
      headers: auth,
      data: { question: faq.question, answer: faq.answer, ativo: faq.ativo },
    });
    await request.put(`/api/admin/conteudo/score/questions/${scoreQuestion.id}`, {
      headers: auth,
      data: {
        questoes: scoreQuestion.questoes,
        alternativas: scoreQuestion.alternativas,
        ativa: scoreQuestion.ativa,
      },
    });
  }
});
