import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreen, PHONE } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import {
  EMERGENCY,
  fillEmergencyData,
  fillSaude,
  registerPatient,
  signInWithToken,
} from './support/patient-api.ts';

/**
 * What the Emergency tab shows to anyone holding the code (docs/authorization.md "Who sees what
 * through the code"): by default the city but not the street address, and no allergies; /home tells
 * the patient so and turns the allergies strip on at a tap; /permissoes turns the address on; a
 * visitor then reads both, and the access log says they were served.
 */
test.use({ viewport: PHONE });

const PROMPT = 'Quem socorrer você ainda não vê suas alergias';
const UPDATED = 'Permissões atualizadas com sucesso';

function shown(scope: Locator, label: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function asVisitor(browser: Browser, code: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto(`/code/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Helena Duarte' })).toBeVisible();
  return page;
}

test('a patient shows allergies and the address on the Emergency tab, and a visitor then reads them', async ({
  page,
  browser,
  request,
}) => {
  const patient = await registerPatient(request, 'Helena Duarte');
  await verifyEmailThroughOutbox(request, patient.email);
  const city = await fillEmergencyData(request, patient.token);
  await fillSaude(request, patient.token, { alergias: 'Dipirona', medicamentos: 'Metformina 850 mg' });
  const headers = { Authorization: `Bearer ${patient.token}` };
  const list = (await (await request.get('/api/saude', { headers })).json()) as {
    doencas: { id: number; nome: string }[];
  };
  const diabetes = list.doencas.find((d) => d.nome === 'Diabetes');
  expect(diabetes, 'Diabetes in the checklist').toBeDefined();
  const checked = await request.put('/api/doencas', {
    headers,
    data: { doencas: [{ id: diabetes?.id, checked: true }] },
  });
  expect(checked.status(), await checked.text()).toBe(200);

  // By default a visitor reads the city, not the street, and no allergies.
  const before = await asVisitor(browser, patient.code);
  await expect(shown(before.getByRole('region', { name: 'Endereço' }), 'Cidade')).toHaveText(city);
  await expect(before.getByText(EMERGENCY.endereco)).toHaveCount(0);
  await expect(before.getByRole('alert')).toHaveCount(0);
  await expect(before.getByText('Dipirona')).toHaveCount(0);
  await before.context().close();

  // /home says so, and turns the strip on at a tap.
  const csp = watchCspViolations(page);
  await signInWithToken(page, patient.token);
  await page.goto('/home');
  const prompt = page.getByRole('region', { name: PROMPT });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Hoje, um socorrista que ler seu QR Code não os vê.');
  await checkScreen(page, 'home-aviso-alergias');
  await page.setViewportSize(PHONE);
  await prompt.getByRole('button', { name: 'Mostrar na aba Emergência' }).click();
  await expect(page.getByRole('status').filter({ hasText: UPDATED })).toBeVisible();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Helena Duarte' })).toBeVisible();
  await expect(page.getByRole('region', { name: PROMPT })).toHaveCount(0);

  // /permissoes shows the strip on, and turns the address on.
  await page.goto('/permissoes');
  const strip = page.getByRole('switch', {
    name: 'Mostrar na aba Emergência: alergias, medicamentos e doenças',
  });
  await expect(strip).toBeChecked();
  const address = page.getByRole('switch', {
    name: 'Mostrar na aba Emergência: endereço (rua, número, complemento e bairro)',
  });
  await expect(address).not.toBeChecked();
  await expect(page.getByText('Desativado: quem ler seu código vê só a sua cidade.')).toBeVisible();
  await address.click();
  await expect(address).toBeChecked();
  await expect(page.getByText('Ativado: quem ler seu código vê seu endereço completo.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: UPDATED })).toBeVisible();
  await checkScreen(page, 'permissoes-emergencia');

  // A visitor now reads the allergies strip first, and the full address.
  const after = await asVisitor(browser, patient.code);
  const alert = after.getByRole('alert', { name: 'Alergias, medicamentos e doenças' });
  await expect(shown(alert, 'Alergias')).toHaveText('Dipirona');
  await expect(shown(alert, 'Medicamentos')).toHaveText('Metformina 850 mg');
  await expect(shown(alert, 'Doenças')).toHaveText('Diabetes');
  const where = after.getByRole('region', { name: 'Endereço' });
  await expect(shown(where, 'Endereço')).toHaveText(EMERGENCY.endereco);
  await expect(shown(where, 'Bairro')).toHaveText(EMERGENCY.bairro);
  await expect(shown(where, 'Complemento')).toHaveText(EMERGENCY.complemento);
  await checkScreen(after, 'code-emergencia-com-alergias');
  await after.context().close();

  // The access log names what each visitor was served.
  await page.setViewportSize(PHONE);
  await page.goto('/permissoes/acessos');
  const rows = page.getByRole('listitem').filter({ has: page.locator('time') });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Endereço');
  await expect(rows.first()).toContainText('Alergias, medicamentos e doenças na aba Emergência');
  await expect(rows.last()).not.toContainText('Endereço');
  expect(csp).toEqual([]);
});
