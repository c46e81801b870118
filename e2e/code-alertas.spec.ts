import { expect, type Page, test } from '@playwright/test';
import { checkScreen, PHONE } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { waitForMail } from './support/outbox.ts';
import { EMERGENCY, fillEmergencyData, registerPatient, signInWithToken } from './support/patient-api.ts';

// docs/code-alerts.md: whoever opens the code may share where they are by a tap; the patient is told of the
// opening and of the place by e-mail (and push), reads the place in the access log, and chooses the channels.

/** Where the finder stands: Praça da Sé, São Paulo. Kept rounded to 3 decimals. */
const PLACE = { latitude: -23.550_52, longitude: -46.633_31 };
const MAP = 'https://www.google.com/maps?q=-23.551,-46.633';

/** The page's script loads on the first touch, key or pointer (docs/public-code-page.md): a finger on the page. */
async function touch(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).hover();
}

test('a finder shares where they are; the patient is told and reads the place in the access log', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const patient = await registerPatient(request, 'Renata Lopes');
  await fillEmergencyData(request, patient.token);

  const finderContext = await browser.newContext({
    viewport: PHONE,
    geolocation: PLACE,
    permissions: ['geolocation'],
  });
  const finder = await finderContext.newPage();
  const csp = watchCspViolations(finder);
  await finder.goto(`/code/${patient.code}`);
  await touch(finder);
  const share = finder.getByRole('button', {
    name: 'Compartilhar minha localização com a família de Renata',
  });
  await expect(share).toBeVisible();
  // Nothing is asked before the tap: the page says what the tap does.
  await expect(finder.getByText('Só com o seu toque')).toBeVisible();
  await share.scrollIntoViewIfNeeded();
  await checkScreen(finder, 'code-localizacao');
  await share.click();
  await expect(
    finder.getByRole('status').filter({ hasText: 'Localização enviada à família de Renata.' }),
  ).toBeVisible();
  await expect(finder.getByRole('link', { name: 'Ver no mapa' })).toHaveAttribute('href', MAP);
  // The WhatsApp message to the contact now says where the finder is.
  const whatsapp = finder.getByRole('link', { name: `Avisar ${EMERGENCY.contato} pelo WhatsApp` });
  await expect(whatsapp).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(` Estou aqui: ${MAP}`).replace(/[?]/g, '\\?')),
  );
  await checkScreen(finder, 'code-localizacao-enviada');
  expect(csp).toEqual([]);

  // A finder who refuses the browser's prompt is told how to allow it; nothing is sent.
  const refuser = await browser.newContext({ viewport: PHONE, permissions: [] });
  const refused = await refuser.newPage();
  await refused.goto(`/code/${patient.code}`);
  await touch(refused);
  await refused.getByRole('button', { name: /^Compartilhar minha localização/ }).click();
  await expect(refused.getByRole('alert')).toContainText('Você não permitiu o acesso à localização');
  await expect(refused.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await checkScreen(refused, 'code-localizacao-negada');
  await refuser.close();
  await finderContext.close();

  // The patient's mail: the place at once, the openings within the job's period (15 s, and 5 s to settle).
  const where = await waitForMail(request, patient.email, 'Localização de quem abriu seu código');
  expect(where.text).toMatch(/Quem abriu seu código Pulso às \d{2}:\d{2} compartilhou onde está: /);
  expect(where.text).toContain(MAP);
  expect(where.text).toContain('/permissoes/acessos');
  const opened = await waitForMail(request, patient.email, 'Seu código foi aberto').catch(async () =>
    // One more period when the machine is slow.
    waitForMail(request, patient.email, 'Seu código foi aberto'),
  );
  expect(opened.text).toMatch(/Seu código Pulso foi aberto às \d{2}:\d{2} por um visitante/);

  // The place in her access log.
  await signInWithToken(page, patient.token);
  await page.goto('/permissoes/acessos');
  const map = page.getByRole('link', { name: 'ver no mapa' });
  await expect(map).toHaveCount(1);
  await expect(map).toHaveAttribute('href', MAP);
  await checkScreen(page, 'acessos-localizacao');

  // She keeps the notifications and turns the e-mails off; the change is in her consent history.
  await page.goto('/permissoes');
  const avisos = page.getByRole('region', { name: 'Avisos quando abrirem seu código' });
  const email = avisos.getByRole('switch', { name: 'Avisar por e-mail' });
  await expect(email).toBeChecked();
  await expect(avisos.getByRole('switch', { name: 'Avisar por notificação' })).toBeChecked();
  await email.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Permissões atualizadas com sucesso' }),
  ).toBeVisible();
  await expect(email).not.toBeChecked();
  await expect(avisos.getByText('Desativado: nenhum e-mail quando abrirem seu código.')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Histórico de consentimentos' })
      .getByText('Aviso por e-mail quando abrirem seu código: desligado'),
  ).toBeVisible();
  await avisos.scrollIntoViewIfNeeded();
  await checkScreen(page, 'permissoes-avisos');
});
