import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { ageOn } from '@pulso/domain';
import { expectAccessible } from './support/checks.ts';
import { EMERGENCY, fillEmergencyData, fillSaude, registerPatient } from './support/patient-api.ts';

/**
 * The language of the public page of a code: a rescuer's browser in English or Spanish reads Pulso's
 * words in its language (Accept-Language) and the patient's words as written; the switch in the
 * header changes the language in place and the page keeps it (cookie); the tabs answer the arrow keys.
 */

const AGE = ageOn(EMERGENCY.nascimento);
const CONTACT = EMERGENCY.contato;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** A patient with emergency data and My Health open to anyone (level 4), so a guest reads the allergies. */
async function patientWithAllergy(request: APIRequestContext, name: string) {
  const patient = await registerPatient(request, name);
  await fillEmergencyData(request, patient.token);
  await fillSaude(request, patient.token, { alergias: 'Penicilina', medicamentos: 'Losartana 50 mg' });
  const res = await request.put('/api/permissoes', {
    headers: { Authorization: `Bearer ${patient.token}` },
    data: { saude: 4 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return patient;
}

/** A guest's phone whose browser speaks `locale` (Playwright sends it as Accept-Language). */
async function openAs(browser: Browser, locale: string, code: string): Promise<Page> {
  const page = await (await browser.newContext({ locale })).newPage();
  await page.goto(`/code/${code}`);
  return page;
}

/** The `<dd>` after the `<dt>` with this exact label. */
const shown = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Checks the screen with axe and saves it at phone and desktop sizes under this test's output folder. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
    await page.screenshot({
      path: testInfo.outputPath(`${name}-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }
}

/**
 * Moves the mouse over the page, as a person reaching for it does (a guest's page takes its script at the
 * first touch, key or pointer), then waits until that script has taken over the server's HTML: the tabs then
 * get their roving tabindex, and the tabs and the language switch act in place instead of loading a page.
 */
async function untilInteractive(page: Page, selectedTab: string) {
  await page.mouse.move(8, 8);
  await page.mouse.move(40, 320);
  await expect(page.getByRole('tab', { name: selectedTab })).toHaveAttribute('tabindex', '0');
}

test("a browser in English or Spanish reads the page in its language, the patient's words as written", async ({
  browser,
  request,
}, testInfo) => {
  const patient = await patientWithAllergy(request, 'Helena Duarte');

  const en = await openAs(browser, 'en-US', patient.code);
  await expect(en.locator('html')).toHaveAttribute('lang', 'en');
  await expect(en).toHaveTitle('Emergency data · Pulso');
  await expect(en.getByRole('heading', { level: 1, name: 'Helena Duarte' })).toBeVisible();
  await expect(en.getByText(`${AGE} years old · Male`, { exact: true })).toBeVisible();
  await expect(en.getByText('Blood type', { exact: true }).locator('..')).toHaveText('Blood typeO+');
  const strip = en.getByRole('alert', { name: 'Allergies, medications and conditions' });
  await expect(shown(strip, 'Allergies')).toHaveText('Penicilina');
  await expect(shown(strip, 'Medications')).toHaveText('Losartana 50 mg');
  const contact = en.getByRole('region', { name: 'Emergency contact' });
  await expect(contact.getByText(`${CONTACT} (Spouse)`)).toBeVisible();
  await expect(contact.getByRole('link', { name: `Call ${CONTACT}` })).toHaveAttribute(
    'href',
    `tel:+55${EMERGENCY.contato_telefone}`,
  );
  await expect(contact.getByRole('link', { name: 'Call SAMU 192' })).toHaveAttribute('href', 'tel:192');
  await expect(en.getByRole('tab')).toHaveText(['Emergency', 'Health', 'Timeline']);
  await expect(en.getByRole('link', { name: 'EN – English' })).toHaveAttribute('aria-current', 'true');
  await look(en, testInfo, 'code-language-en');
  await en.context().close();

  const es = await openAs(browser, 'es-ES', patient.code);
  await expect(es.locator('html')).toHaveAttribute('lang', 'es');
  await expect(es.getByText(`${AGE} años · Masculino`, { exact: true })).toBeVisible();
  await expect(es.getByText('Grupo sanguíneo', { exact: true }).locator('..')).toHaveText(
    'Grupo sanguíneoO+',
  );
  await expect(
    shown(es.getByRole('alert', { name: 'Alergias, medicamentos y enfermedades' }), 'Alergias'),
  ).toHaveText('Penicilina');
  const contacto = es.getByRole('region', { name: 'Contacto de emergencia' });
  await expect(contacto.getByText(`${CONTACT} (Cónyuge)`)).toBeVisible();
  await expect(contacto.getByRole('link', { name: `Llamar a ${CONTACT}` })).toBeVisible();
  await expect(contacto.getByRole('link', { name: 'Llamar SAMU 192' })).toBeVisible();
  await look(es, testInfo, 'code-language-es');
  await es.context().close();

  const pt = await openAs(browser, 'pt-BR', patient.code);
  await expect(pt.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(pt.getByText('Tipo sanguíneo', { exact: true }).locator('..')).toHaveText('Tipo sanguíneoO+');
  await expect(pt.getByText(`${AGE} anos · Masculino`, { exact: true })).toBeVisible();
  await expect(pt.getByRole('link', { name: `Ligar para ${CONTACT}` })).toBeVisible();
  await pt.context().close();
});

test('the switch in the header changes the language and the page keeps it; arrow keys move between tabs', async ({
  page,
  context,
  request,
}, testInfo) => {
  const patient = await patientWithAllergy(request, 'Otávio Ramos');
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`/code/${patient.code}`);
  await expect(page.getByText('Tipo sanguíneo', { exact: true })).toBeVisible();
  // A guest who only reads runs no script but the inline loader: the module waits for their first input.
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  await untilInteractive(page, 'Emergência');
  expect(scripts).toEqual([expect.stringMatching(/\/assets\/code-page-[\w-]+\.js$/)]);

  await page.getByRole('link', { name: 'EN – English' }).click();
  await expect(page.getByText('Blood type', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Call ${CONTACT}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/[?&]lang=en(&|$)/);
  expect(await context.cookies()).toContainEqual(
    expect.objectContaining({ name: 'pulso_lang', value: 'en', path: '/code' }),
  );
  await page.reload();
  await expect(page.getByText('Blood type', { exact: true })).toBeVisible();
  // The scanned address again, without ?lang=: the cookie keeps English.
  await page.goto(`/code/${patient.code}`);
  await expect(page.getByText('Blood type', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Keyboard only: Tab through the header to the tabs, then the arrow key to the next tab.
  await untilInteractive(page, 'Emergency');
  const emergency = page.getByRole('tab', { name: 'Emergency' });
  for (
    let presses = 0;
    presses < 10 && !(await emergency.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(emergency).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const health = page.getByRole('tab', { name: 'Health' });
  await expect(health).toBeFocused();
  await expect(health).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Health' });
  await expect(shown(panel.getByRole('region', { name: 'Health information' }), 'Allergies')).toHaveText(
    'Penicilina',
  );
  await expect(page).toHaveURL(/\?aba=saude&lang=en$/);
  await look(page, testInfo, 'code-language-en-health');

  // Back to Portuguese with the switch; kept the same way.
  await page.getByRole('link', { name: 'PT – Português' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Minha saúde' })).toContainText('Informações de saúde');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.goto(`/code/${patient.code}`);
  await expect(page.getByText('Tipo sanguíneo', { exact: true })).toBeVisible();
});
