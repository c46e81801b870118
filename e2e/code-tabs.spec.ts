import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import {
  type ApiPatient,
  fillEmergencyData,
  registerPatient,
  signInWithToken,
} from './support/patient-api.ts';

/**
 * The public view's other tabs (issue 4 "The public view's other tabs",
 * "Proof"; docs/authorization.md "Who sees what through the code"): a patient
 * fills My Health, opens it to anyone (level 4) with the timeline on, and a
 * guest scanning the code reads the allergy in the red strip and in 'Minha
 * saúde'; at level 1 the guest gets the permission message and no strip,
 * while the patient, signed in, still reads their own data on the same page.
 */

const DENIED = 'Você não possui permissão para acessar as informações de saúde deste paciente.';

async function put(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.put(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), `PUT ${path}: ${await res.text()}`).toBe(200);
}

/** A fresh browser context with nothing stored: a first responder's phone. */
async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function tab(page: Page, name: 'Emergência' | 'Minha saúde' | 'Linha do tempo') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

/** The `<dd>` after the `<dt>` with this exact label. */
function shown(scope: ReturnType<Page['getByRole']>, label: string) {
  return scope
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function look(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test('a guest reads My Health through the code when the patient allows it, and not when not', async ({
  browser,
  request,
}) => {
  const patient: ApiPatient = await registerPatient(request, 'Carla Mendes');
  await fillEmergencyData(request, patient.token);
  await put(request, patient.token, '/api/saude', {
    alergias: 'Penicilina',
    problemas: 'Hipertensão',
    medicamentos: 'Losartana 50 mg',
    tratamento: '',
    protese: '',
    sus: '700 0000 0000 0005',
  });
  await put(request, patient.token, '/api/hospitalar', {
    convenio_empresa: 'Unimed Paulistana',
    convenio_numero: '0012345678',
    hospital: 'Hospital das Clínicas',
    medico_id: null,
    medico_name: 'Dra. Paula Lima',
    medico_crm: '123456/SP',
    medico_especialidade: 'Cardiologia',
  });
  await put(request, patient.token, '/api/outras', { doador: 'S', adicional: 'Uso lentes de contato' });
  const lista = await request.get('/api/saude', { headers: { Authorization: `Bearer ${patient.token}` } });
  const { doencas } = (await lista.json()) as { doencas: { id: number; nome: string }[] };
  const diabetes = doencas.find((d) => d.nome === 'Diabetes');
  expect(diabetes, "the seeded disease 'Diabetes'").toBeDefined();
  await put(request, patient.token, '/api/doencas', {
    doencas: [{ id: (diabetes as { id: number }).id, checked: true }],
  });
  await put(request, patient.token, '/api/permissoes', { saude: 4 });
  await put(request, patient.token, '/api/permissoes/timeline', { timeline: true });

  // Level 4, timeline on: a guest who scans the code.
  const guest = await guestPage(browser);
  const csp = watchCspViolations(guest);
  // A guest's page is the server's HTML with what a guest may read: it never asks the API.
  const asked: string[] = [];
  guest.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/code/')) asked.push(r.url());
  });
  await guest.goto(`/code/${patient.code}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Carla Mendes' })).toBeVisible();
  const strip = guest.getByRole('alert', { name: 'Alergias, medicamentos e doenças' });
  await expect(strip).toBeVisible();
  await expect(shown(strip, 'Alergias')).toHaveText('Penicilina');
  await expect(shown(strip, 'Medicamentos')).toHaveText('Losartana 50 mg');
  // The strip comes before the blood type.
  const stripBox = await strip.boundingBox();
  const bloodBox = await guest.getByText('Tipo sanguíneo', { exact: true }).boundingBox();
  expect(stripBox && bloodBox && stripBox.y < bloodBox.y).toBe(true);
  await look(guest, 'code-tabs-emergencia-alerta');

  let panel = await tab(guest, 'Minha saúde');
  const saude = panel.getByRole('region', { name: 'Informações de saúde' });
  await expect(shown(saude, 'Alergias')).toHaveText('Penicilina');
  await expect(shown(saude, 'Medicamentos em uso')).toHaveText('Losartana 50 mg');
  await expect(shown(saude, 'Cartão Nacional de Saúde (SUS)')).toHaveText('700 0000 0000 0005');
  await expect(shown(saude, 'Tratamento em andamento')).toHaveText('Não informado');
  const hospitalar = panel.getByRole('region', { name: 'Informações hospitalares' });
  await expect(shown(hospitalar, 'Hospital de preferência')).toHaveText('Hospital das Clínicas');
  await expect(shown(hospitalar, 'Médico')).toHaveText('Dra. Paula Lima');
  await expect(shown(hospitalar, 'CRM do médico')).toHaveText('123456/SP');
  await expect(panel.getByRole('region', { name: 'Doenças' }).getByRole('listitem')).toHaveText(['Diabetes']);
  await expect(
    shown(panel.getByRole('region', { name: 'Outras informações' }), 'Informações adicionais'),
  ).toHaveText('Uso lentes de contato');
  await look(guest, 'code-tabs-saude');

  panel = await tab(guest, 'Linha do tempo');
  await expect(panel.getByText('Nenhum registro.')).toBeVisible();
  await look(guest, 'code-tabs-timeline-vazia');
  expect(csp).toEqual([]);
  expect(asked).toEqual([]);
  await guest.context().close();

  // Level 1: only the patient. A guest again.
  await put(request, patient.token, '/api/permissoes', { saude: 1 });
  const denied = await guestPage(browser);
  await denied.goto(`/code/${patient.code}`);
  await expect(denied.getByRole('heading', { level: 1, name: 'Carla Mendes' })).toBeVisible();
  await expect(denied.getByText('Tipo sanguíneo', { exact: true })).toBeVisible();
  await expect(denied.getByRole('alert')).toHaveCount(0);
  await expect(denied.getByText('Penicilina')).toHaveCount(0);
  panel = await tab(denied, 'Minha saúde');
  await expect(panel.getByText(DENIED)).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  await expect(denied.getByText('Penicilina')).toHaveCount(0);
  await look(denied, 'code-tabs-saude-negada');
  panel = await tab(denied, 'Linha do tempo');
  await expect(panel.getByText(DENIED)).toBeVisible();
  await expect(panel.getByText('Nenhum registro.')).toHaveCount(0);
  await look(denied, 'code-tabs-timeline-negada');
  await denied.context().close();

  // The patient, signed in, opens their own code: the page embeds the guest's answer and asks again
  // with the token, so they read their own data.
  const self = await guestPage(browser);
  await signInWithToken(self, patient.token);
  await self.goto(`/code/${patient.code}`);
  await expect(self.getByRole('alert', { name: 'Alergias, medicamentos e doenças' })).toContainText(
    'Penicilina',
  );
  panel = await tab(self, 'Minha saúde');
  await expect(shown(panel.getByRole('region', { name: 'Informações de saúde' }), 'Alergias')).toHaveText(
    'Penicilina',
  );
  await self.context().close();
});

/**
 * How the Timeline tab lays out records and their detail dialog. Records are
 * added with issue 5; until then the signed-in viewer's answer (the one the
 * page asks for over the embedded guest view) is given here, shaped as
 * `PublicCodeViewSchema`, while the page itself comes from the real server.
 */
test('the timeline lists records and opens one in a dialog, by mouse and keyboard', async ({
  page,
  request,
}) => {
  const patient = await registerPatient(request, 'Rui Barbosa');
  const real = await request.get(`/api/code/${patient.code}`, {
    headers: { Authorization: `Bearer ${patient.token}` },
  });
  expect(real.status()).toBe(200);
  const view = (await real.json()) as Record<string, unknown>;
  const item = (id: number, tipo: number, data: string, descricao: string, extra: object = {}) => ({
    id,
    tipo,
    data,
    descricao,
    valor: null,
    medico_name: null,
    created_by: null,
    terceiro: null,
    local_dor: null,
    intensidade_dor: null,
    ...extra,
  });
  const items = [
    item(
      3,
      1,
      '2025-03-10',
      'Consulta de rotina com aferição de pressão arterial e ajuste da dose de losartana.',
      { valor: '250.00', medico_name: 'Dra. Paula Lima', created_by: 'M', terceiro: { name: 'Paula Lima' } },
    ),
    item(2, 8, '2025-02-02', '', { valor: '0.00', local_dor: 'Joelho direito', intensidade_dor: '7' }),
    item(1, 7, '2024-11-02', 'Vacina da gripe', { created_by: 'T', terceiro: { name: 'Ana Costa' } }),
  ];
  await page.route(`**/api/code/${patient.code}`, (route) =>
    route.fulfill({
      json: {
        ...view,
        acesso: { ...(view.acesso as object), saude: true, timeline: true },
        timelineItems: items,
        total: 3,
      },
    }),
  );
  await signInWithToken(page, patient.token);
  await page.goto(`/code/${patient.code}`);
  const panel = await tab(page, 'Linha do tempo');
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Consulta');
  await expect(rows.nth(0)).toContainText('10/03/2025');
  await expect(rows.nth(0)).toContainText('Consulta de rotina com aferição de pressão arteria…');
  await expect(rows.nth(0)).toContainText('Por. Dr. Paula Lima');
  await expect(rows.nth(2)).toContainText('Por. Ana Costa');
  await look(page, 'code-tabs-timeline-lista');

  await rows.nth(0).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Consulta' });
  await expect(dialog).toBeVisible();
  await expect(shown(dialog, 'Valor')).toHaveText(/^R\$\s250,00$/);
  await expect(shown(dialog, 'Descrição')).toHaveText(
    'Consulta de rotina com aferição de pressão arterial e ajuste da dose de losartana.',
  );
  await checkScreen(page, 'code-tabs-timeline-detalhe');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await rows.nth(1).getByRole('button').focus();
  await page.keyboard.press('Enter');
  const pain = page.getByRole('dialog', { name: 'Registro de Dor' });
  await expect(shown(pain, 'Local da dor')).toHaveText('Joelho direito');
  await expect(shown(pain, 'Intensidade da dor')).toHaveText('7');
  await pain.getByRole('button', { name: 'Fechar' }).click();
  await expect(rows.nth(1).getByRole('button')).toBeFocused();
});
