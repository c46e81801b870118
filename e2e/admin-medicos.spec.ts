import { randomInt, randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';
import { STAFF } from './support/staff.ts';

/**
 * Issue 9 "Doctors", "Reports", "Emergency professionals": an admin creates
 * a doctor and verifies the CRM, and the patient sees 'Verificado'; the
 * admin suspends the doctor and the patient's search no longer lists them;
 * support changes a report's status and note; an admin looks at a
 * professional's document and verifies the credential.
 */

async function signInStaff(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'Entrar na administração' });
  await form.getByLabel('E-mail').fill(who.email);
  await form.getByLabel('Senha', { exact: true }).fill(who.password);
  await form.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(page.getByRole('navigation', { name: 'Área administrativa' })).toBeVisible();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Área administrativa' });

test('an admin creates and verifies a doctor, the patient sees the badge; suspended, the doctor leaves the search', async ({
  browser,
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const nome = `Dra. Yara Quintino ${randomInt(100000)}`;
  const crm = `${randomInt(100000, 999999)}/AM`;
  await signInStaff(page, STAFF.admin);
  await nav(page).getByRole('link', { name: 'Médicos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Médicos' })).toBeVisible();
  await checkScreen(page, 'admin-medicos');

  await page.getByRole('button', { name: 'Novo médico' }).click();
  const form = page.getByRole('form', { name: 'Novo médico' });
  await form.getByLabel('Nome completo').fill(nome);
  await form.getByLabel('E-mail de acesso').fill(`yara-${randomUUID()}@medicos.e2e.example`);
  await form.getByLabel('Senha de acesso').fill('consultorio-e2e-2026');
  await form.getByLabel('CRMs').fill('12/XX');
  await form.getByRole('button', { name: 'Cadastrar médico' }).click();
  await expect(form.getByText('Use número/UF para cada CRM, ex. 123456/SP')).toBeVisible();
  await checkScreen(page, 'admin-medicos-novo');
  await form.getByLabel('CRMs').fill(crm);
  await form.getByRole('button', { name: 'Cadastrar médico' }).click();

  // The new doctor opens, not yet verified.
  const dialog = page.getByRole('dialog', { name: nome });
  await expect(dialog.getByText('Não verificado').first()).toBeVisible();
  await checkScreen(page, 'admin-medicos-detalhe');
  await dialog.getByRole('button', { name: 'Verificar CRM' }).click();
  const confirm = page.getByRole('dialog', { name: 'Verificar CRM' });
  await expect(confirm).toContainText(`CRM/AM ${crm.split('/')[0]}`);
  await confirm.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('CRM verificado')).toBeVisible();
  await expect(dialog.getByText('Verificado', { exact: true })).toBeVisible();
  const medicoId = await (async () => {
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    const res = await request.get(`/api/admin/medicos?q=${encodeURIComponent(nome)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { medicos: { id: number }[] }).medicos[0]?.id;
  })();
  expect(medicoId).toBeGreaterThan(0);

  // The patient sees the badge, with its text, on the doctor's profile and in the search.
  const patient = await registerPatient(request, 'Vera Lúcia Campos');
  const patientContext = await browser.newContext();
  const patientPage = await patientContext.newPage();
  const patientCsp = watchCspViolations(patientPage);
  await signInWithToken(patientPage, patient.token);
  await patientPage.goto(`/telemedicina/medico/${medicoId}`);
  await expect(patientPage.getByRole('heading', { level: 1, name: nome })).toBeVisible();
  await expect(patientPage.getByText('Verificado', { exact: true })).toBeVisible();
  const search = async () => {
    await patientPage.goto('/telemedicina/medicos');
    await patientPage.getByLabel('Nome do médico').fill(nome);
    await patientPage.getByRole('button', { name: 'Buscar', exact: true }).click();
    return patientPage.getByRole('region', { name: 'Resultado da busca' });
  };
  await expect((await search()).getByRole('link', { name: new RegExp(nome) })).toContainText('Verificado');

  // Suspended: the search no longer lists the doctor.
  await dialog.getByRole('button', { name: 'Suspender' }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspender médico' });
  await expect(suspend).toContainText('não poderá entrar na área do médico');
  await suspend.getByRole('button', { name: 'Suspender' }).click();
  await expect(page.getByText('Médico suspenso')).toBeVisible();
  await expect(dialog.getByText('Suspenso', { exact: true })).toBeVisible();
  await search();
  await expect(patientPage.getByRole('status').filter({ hasText: /Nenhum médico/ })).toBeVisible();
  await expect(patientPage.getByRole('link', { name: new RegExp(nome) })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // The list filters suspended doctors.
  await page.getByRole('radiogroup', { name: 'Situação' }).getByText('Suspensos', { exact: true }).click();
  await page.getByLabel('Nome ou CRM').fill(crm);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Médicos' }).getByRole('row', { name: new RegExp(nome) }),
  ).toBeVisible();
  await patientContext.close();
  expect(csp).toEqual([]);
  expect(patientCsp).toEqual([]);
});

test('support puts a report under analysis with a note', async ({ page, request }) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Otília Ramos');
  const auth = { Authorization: `Bearer ${patient.token}` };
  const listed = await request.get('/api/telemedicina/medicos/all', { headers: auth });
  const medico = ((await listed.json()) as { medicos: { id: number; name: string }[] }).medicos[0];
  expect(medico).toBeTruthy();
  const motivo = `Não respondeu e cobrou a consulta ${randomInt(100000)}`;
  const filed = await request.post(`/api/denunciar/medico/${medico?.id}`, {
    headers: auth,
    data: { motivo },
  });
  expect(filed.ok()).toBe(true);

  await signInStaff(page, STAFF.suporte);
  await nav(page).getByRole('link', { name: 'Denúncias' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Denúncias' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: motivo });
  await expect(card).toContainText('Otília Ramos');
  await expect(card).toContainText(`contra ${medico?.name}`);
  await expect(card.getByText('Aberta', { exact: true })).toBeVisible();
  await checkScreen(page, 'admin-denuncias');

  await card.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Em análise' }).click();
  await card.getByLabel('Nota da equipe').fill('Pedimos a versão do médico por e-mail.');
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Denúncia atualizada')).toBeVisible();
  // No longer open: it moved to 'Em análise', with its note.
  await expect(page.getByRole('listitem').filter({ hasText: motivo })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Situação' }).getByText('Em análise', { exact: true }).click();
  const moved = page.getByRole('listitem').filter({ hasText: motivo });
  await expect(moved.getByText('Em análise', { exact: true }).first()).toBeVisible();
  await expect(moved.getByLabel('Nota da equipe')).toHaveValue('Pedimos a versão do médico por e-mail.');
  expect(csp).toEqual([]);
});

/** A 1200×900 PNG "document" like profissional.spec.ts draws. */
async function documentoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#e7f5ff"/>
    <rect x="60" y="60" width="1080" height="780" rx="40" fill="#ffffff" stroke="#1864ab" stroke-width="12"/>
    <rect x="120" y="160" width="300" height="380" fill="#adb5bd"/>
    <rect x="480" y="180" width="560" height="48" fill="#1864ab"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('an admin looks at a professional’s document and verifies the credential', async ({ page, request }) => {
  const csp = watchCspViolations(page);
  const nome = `Bruno Bombeiro ${randomInt(100000)}`;
  const patient = await registerPatient(request, nome);
  const numero = `BM ${randomInt(10000, 99999)}`;
  const registered = await request.post('/api/profissional', {
    headers: { Authorization: `Bearer ${patient.token}` },
    multipart: {
      tipo: 'B',
      numero,
      documento: { name: 'documento.png', mimeType: 'image/png', buffer: await documentoPng() },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await signInStaff(page, STAFF.admin);
  await nav(page).getByRole('link', { name: 'Profissionais de emergência' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profissionais de emergência' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: nome });
  await expect(card).toContainText(`Bombeiro · nº ${numero}`);
  await expect(card.getByText('Aguardando verificação')).toBeVisible();
  await checkScreen(page, 'admin-profissionais');

  await card.getByRole('button', { name: 'Ver documento' }).click();
  const viewer = page.getByRole('dialog', { name: `Documento de ${nome}` });
  const img = viewer.getByRole('img', { name: /Foto do documento/ });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await checkScreen(page, 'admin-profissionais-documento');
  await viewer.getByRole('button', { name: 'Fechar' }).click();

  // Rejecting needs a reason: the form says so before anything is sent.
  await card.getByRole('button', { name: 'Recusar' }).click();
  const reject = page.getByRole('dialog', { name: `Recusar cadastro de ${nome}` });
  await reject.getByRole('button', { name: 'Recusar cadastro' }).click();
  await expect(reject.getByText('Informe o motivo da recusa')).toBeVisible();
  await reject.getByRole('button', { name: 'Cancelar' }).click();

  await card.getByRole('button', { name: 'Verificar' }).click();
  await page
    .getByRole('dialog', { name: 'Verificar profissional' })
    .getByRole('button', { name: 'Verificar' })
    .click();
  await expect(page.getByText('Profissional verificado')).toBeVisible();
  // Pending list no longer holds it; the owner reads 'Verificado'.
  await expect(page.getByRole('listitem').filter({ hasText: nome })).toHaveCount(0);
  const own = await request.get('/api/profissional', {
    headers: { Authorization: `Bearer ${patient.token}` },
  });
  expect(((await own.json()) as { profissional: { status: string } }).profissional.status).toBe('verificado');
  expect(csp).toEqual([]);
});
