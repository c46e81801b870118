import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { contatoMailto, paragraphsOf } from '@pulso/domain';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { type ApiPatient, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * Health tips and FAQ (docs/indicators-and-score.md "Tips and FAQ":
 * `GET /api/dicas`, `GET /api/faqs`; issue 7 "Content"): a patient opens
 * /dicas from the menu, expands a tip and reads it; opens /faqs, reads an
 * answer and finds the e-mail contact (and WhatsApp only when the server has
 * a number configured).
 */

async function apiGet<T>(request: APIRequestContext, patient: ApiPatient, path: string): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${patient.token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

async function openFromMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: label }).click();
}

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test('a patient expands a health tip and reads it, then reads an FAQ answer and finds the contact e-mail', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Rosa Almeida');
  await signInWithToken(page, patient.token);
  await page.goto('/home');

  // /dicas
  const { dicas } = await apiGet<{ dicas: { title: string; content: string }[] }>(
    request,
    patient,
    '/api/dicas',
  );
  expect(dicas.length).toBeGreaterThanOrEqual(20);
  await openFromMenu(page, 'Dicas de saúde');
  await expect(page).toHaveURL(/\/dicas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dicas de saúde' })).toBeVisible();
  await expect(page).toHaveTitle(/Dicas de saúde/);
  const tip = dicas[1] ?? dicas[0];
  if (!tip) throw new Error('no tips seeded');
  const control = page.getByRole('heading', { level: 2, name: tip.title }).getByRole('button');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(dicas.length);
  await expect(control).toHaveAttribute('aria-expanded', 'false');
  const [first, ...rest] = paragraphsOf(tip.content);
  await expect(page.getByText(first ?? '', { exact: true })).toBeHidden();
  await look(page, 'dicas');

  // Keyboard: focus the tip's button and press Enter.
  await control.focus();
  await page.keyboard.press('Enter');
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(first ?? '', { exact: true })).toBeVisible();
  for (const p of rest) await expect(page.getByText(p, { exact: true })).toBeVisible();
  await look(page, 'dicas-aberta');
  await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'false');

  // /faqs
  const { faqs, contato } = await apiGet<{
    faqs: { question: string; answer: string }[];
    contato: { email: string; whatsapp: string | null };
  }>(request, patient, '/api/faqs');
  expect(faqs.length).toBeGreaterThan(0);
  await openFromMenu(page, 'Perguntas frequentes');
  await expect(page).toHaveURL(/\/faqs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();
  await look(page, 'faqs');

  const faq = faqs[0];
  if (!faq) throw new Error('no FAQs seeded');
  const question = page.getByRole('button', { name: faq.question });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  for (const p of paragraphsOf(faq.answer)) await expect(page.getByText(p, { exact: true })).toBeVisible();

  const channels = page.getByRole('region', { name: 'Fale com a gente' });
  const email = channels.getByRole('link', { name: contato.email });
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('href', contatoMailto(contato.email));
  await expect(channels.getByRole('link', { name: /WhatsApp/ })).toHaveCount(
    contato.whatsapp === null ? 0 : 1,
  );
  await look(page, 'faqs-aberta');
  expect(csp).toEqual([]);
});
