import { expect, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DEMO } from './support/medico-api.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * A patient finds a doctor (docs/telemedicine.md "Screens and routes",
 * docs/telemedicine.md "Finding a doctor"; issue 6): the telemedicine home
 * without doctors yet, the list of every doctor, the search by city, clinic,
 * specialty and name, and a profile. The server seeds the demo doctors and the
 * support pseudo-doctor.
 */

test('a new patient sees the support card and an empty "Meus médicos"', async ({ page, request }) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Lúcia Andrade');
  await verifyEmailThroughOutbox(request, patient.email);
  await signInWithToken(page, patient.token);
  await page.goto('/telemedicina');
  await expect(page.getByRole('heading', { level: 1, name: 'Telemedicina' })).toBeVisible();
  await expect(page.getByText('Você ainda não tem médicos por aqui.')).toBeVisible();
  const suporte = page.getByRole('region', { name: 'Suporte' });
  await expect(suporte.getByRole('link', { name: 'Falar com o suporte' })).toBeVisible();
  // Not a doctor: no requests alert.
  await expect(page.getByText('Novas solicitações')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: 'Telemedicina' }),
  ).toHaveAttribute('aria-current', 'page');
  await checkScreen(page, 'telemedicina-home-vazia');
  expect(csp).toEqual([]);
});

test('a patient searches doctors by city and specialty with the keyboard, then opens a profile', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Marcos Teixeira');
  await verifyEmailThroughOutbox(request, patient.email);
  await signInWithToken(page, patient.token);
  await page.goto('/telemedicina');
  await page.getByRole('main').getByRole('link', { name: 'Buscar médicos' }).first().click();
  await expect(page).toHaveURL(/\/telemedicina\/medicos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buscar médicos' })).toBeVisible();
  const all = page.getByRole('region', { name: 'Todos os médicos' });
  await expect(all.getByRole('link', { name: new RegExp(DEMO.fernanda.name) })).toBeVisible();
  // The support pseudo-doctor is never listed.
  await expect(all.getByRole('link', { name: /Suporte Pulso/ })).toHaveCount(0);
  await checkScreen(page, 'telemedicina-busca-todos');

  const cidade = page.getByRole('combobox', { name: 'Cidade' });
  await cidade.pressSequentially('sao paulo');
  const option = page.getByRole('option', { name: DEMO.ana.cidade, exact: true });
  await expect(option).toBeVisible();
  await cidade.press('ArrowDown');
  await cidade.press('Enter');
  await expect(cidade).toHaveValue(DEMO.ana.cidade);

  const especialidade = page.getByRole('combobox', { name: 'Especialidade' });
  await especialidade.click();
  await especialidade.fill('cardio');
  await page.getByRole('option', { name: DEMO.ana.especialidade, exact: true }).click();
  await expect(especialidade).toHaveValue(DEMO.ana.especialidade);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();

  const results = page.getByRole('region', { name: 'Resultado da busca' });
  await expect(results.getByText('1 médico encontrado')).toBeVisible();
  const ana = results.getByRole('link', { name: new RegExp(DEMO.ana.name) });
  await expect(ana).toContainText(`${DEMO.ana.especialidade} · ${DEMO.ana.cidade}`);
  await expect(ana).toContainText('Disponível');
  await checkScreen(page, 'telemedicina-busca-filtrada');

  // 'Limpar filtros' goes back to every doctor; then the city and a clinic, by part of its name.
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(all).toBeVisible();
  await expect(cidade).toHaveValue('');
  await cidade.pressSequentially('sao paulo');
  await page.getByRole('option', { name: DEMO.ana.cidade, exact: true }).click();
  const clinica = page.getByRole('combobox', { name: 'Clínica' });
  await clinica.pressSequentially('vila mariana');
  await page.getByRole('option', { name: /Centro Médico Vila Mariana/ }).click();
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(results.getByText('2 médicos encontrados')).toBeVisible();

  await page.getByRole('textbox', { name: 'Nome do médico' }).fill('Ninguém Existe');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Nenhum médico encontrado.', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome do médico' }).fill('beatriz');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await results.getByRole('link', { name: new RegExp(DEMO.ana.name) }).click();

  await expect(page.getByRole('heading', { level: 1, name: DEMO.ana.name })).toBeVisible();
  await expect(page.getByText('Verificado')).toBeVisible();
  await expect(page.getByText('CRM/SP 145872')).toBeVisible();
  await expect(page.getByText('Cardiologia, Clínica Médica')).toBeVisible();
  await expect(page.getByText('Você ainda não teve atendimentos com este médico.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solicitar atendimento' })).toBeEnabled();
  await checkScreen(page, 'telemedicina-perfil');

  // Back to the search keeps the filters (they live in the URL).
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Nome do médico' })).toHaveValue('beatriz');
  await expect(page.getByRole('combobox', { name: 'Cidade' })).toHaveValue(DEMO.ana.cidade);
  expect(csp).toEqual([]);
});
