import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { checkScreen, expectAccessible, shot } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import { signInDoctor } from './support/medico-api.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { type ApiPatient, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * Records others add to a patient's timeline (docs/timeline-privacy.md,
 * defect 6): a second user looks the patient's code up and adds a record;
 * it waits for the patient's approval, unseen by a guest and by a doctor
 * through the code; the patient accepts it from 'Registros aguardando sua
 * aprovação' and it then shows through the code as a third party's; a
 * second one arrives live and is refused, and is gone; past 10 additions in
 * a day the add screen says so.
 */

const PENDENTES = 'Registros aguardando sua aprovação';
const ADDED_PENDING = 'Registro enviado!';
const TERCEIRO = 'Adicionado por terceiro, não médico';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function put(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.put(path, { headers: bearer(token), data });
  expect(res.status(), `PUT ${path}: ${await res.text()}`).toBe(200);
}

/** `POST /api/timeline/item` as the add screen sends it; `userId` another patient's. Answers the status. */
async function addRecord(
  request: APIRequestContext,
  token: string,
  descricao: string,
  userId?: number,
): Promise<number> {
  const multipart: Record<string, string> = {
    tipo: '4',
    data: '2025-05-02',
    valor: '',
    medico_name: '',
    descricao,
  };
  if (userId !== undefined) multipart.user_id = String(userId);
  const res = await request.post('/api/timeline/item', { headers: bearer(token), multipart });
  return res.status();
}

/** A browser context of its own: a guest's phone, or someone signed in with `token`. */
async function openAs(browser: Browser, token?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (token) await signInWithToken(page, token);
  return page;
}

/** The code's 'Linha do tempo' tab, as `page`'s viewer reads it. */
async function codeTimeline(page: Page, patient: ApiPatient) {
  await page.goto(`/code/${patient.code}`);
  await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  await page.getByRole('tab', { name: 'Linha do tempo' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Consulta de rotina com clínico geral')).toBeVisible();
  return panel;
}

async function look(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test("a third party's record waits for the patient's approval, then shows as a third party's; a refused one is gone", async ({
  browser,
  page,
  request,
}) => {
  // Four screens checked at two sizes, four browsers: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const ana = await registerPatient(request, 'Ana Ribeiro');
  // /home shows its cards (and the notice) once the e-mail is confirmed.
  await verifyEmailThroughOutbox(request, ana.email);
  await put(request, ana.token, '/api/permissoes', { saude: 4 });
  await put(request, ana.token, '/api/permissoes/timeline', { timeline: true });
  expect(await addRecord(request, ana.token, 'Consulta de rotina com clínico geral')).toBe(201);
  const bruno = await registerPatient(request, 'Bruno Teixeira');

  // Bruno types Ana's code on the add screen and sends a record.
  const csp = watchCspViolations(page);
  await signInWithToken(page, bruno.token);
  await page.goto('/timeline/add');
  await page.getByLabel(/^Código do paciente/).pressSequentially(ana.code);
  await page.getByRole('button', { name: 'Buscar paciente' }).click();
  await expect(page.getByText('Ana Ribeiro', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Exame', exact: true }).click();
  await page.getByLabel(/^Descrição/).fill('Hemograma completo: resultado normal');
  await page.getByRole('form', { name: 'Registro' }).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: ADDED_PENDING })).toBeVisible();

  // Nobody else sees it through the code: not a guest, not a doctor.
  const guest = await openAs(browser);
  let panel = await codeTimeline(guest, ana);
  await expect(panel.getByText('1 registro', { exact: true })).toBeVisible();
  await expect(panel.getByText(/Hemograma/)).toHaveCount(0);
  const doctor = await signInDoctor(request, DOCTORS.terceiros);
  const doctorPage = await openAs(browser, doctor.token);
  panel = await codeTimeline(doctorPage, ana);
  await expect(panel.getByText(/Hemograma/)).toHaveCount(0);
  await doctorPage.context().close();

  // Ana is told on /home and on the tab, and finds it awaiting her approval.
  const anaPage = await openAs(browser, ana.token);
  await anaPage.goto('/home');
  const notice = anaPage.getByRole('region', { name: /aguarda sua aprovação/ });
  await expect(notice).toContainText('Alguém adicionou 1 registro à sua linha do tempo.');
  await expect(
    anaPage.getByRole('link', { name: /^Linha do tempo\s*, 1 registro aguardando aprovação$/ }),
  ).toBeVisible();
  await look(anaPage, 'home-pendentes');
  await notice.getByRole('link', { name: 'Ver registros' }).click();
  await expect(anaPage).toHaveURL(/\/timeline$/);
  const pending = anaPage.getByRole('region', { name: PENDENTES });
  const exame = pending.getByRole('article', { name: 'Exame' });
  await expect(exame).toContainText('Adicionado por Bruno Teixeira');
  await expect(exame).toContainText('Hemograma completo: resultado normal');
  // The add screen dates a record today by default.
  await expect(exame).toContainText(
    new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date()),
  );
  // Not in her timeline's list until she accepts it.
  const registros = anaPage.getByRole('region', { name: 'Registros', exact: true });
  await expect(registros.getByText('1 registro', { exact: true })).toBeVisible();
  await expect(registros.getByText(/Hemograma/)).toHaveCount(0);
  await look(anaPage, 'timeline-pendentes');

  // Accepted with the keyboard, after the confirmation.
  await exame.getByRole('button', { name: 'Aceitar' }).focus();
  await anaPage.keyboard.press('Enter');
  const confirm = anaPage.getByRole('dialog', { name: 'Aceitar registro?' });
  await expect(confirm).toContainText('adicionado por Bruno Teixeira');
  await expectAccessible(anaPage);
  await shot(anaPage, 'timeline-pendentes-aceitar', { fullPage: false });
  await confirm.getByRole('button', { name: 'Aceitar registro' }).click();
  await expect(anaPage.getByRole('status').filter({ hasText: 'Registro aceito.' })).toBeVisible();
  await expect(pending.getByText('Nenhum registro aguardando sua aprovação.')).toBeVisible();
  await expect(anaPage.getByRole('heading', { level: 2, name: PENDENTES })).toBeFocused();
  const row = registros.getByRole('listitem').filter({ hasText: 'Hemograma completo' });
  await expect(row).toContainText('Por. Bruno Teixeira');
  await expect(row).toContainText(TERCEIRO);
  await look(anaPage, 'timeline-pendentes-vazia');

  // Through the code it now shows, as a third party's.
  panel = await codeTimeline(guest, ana);
  const shared = panel.getByRole('button', { name: /Exame/ });
  await expect(shared).toContainText('Por. Bruno Teixeira');
  await expect(shared).toContainText(TERCEIRO);
  await look(guest, 'code-timeline-terceiro');

  // A second record arrives while Ana looks at her timeline (live), and she refuses it.
  const target = await request.get(`/api/timeline/user/${ana.code}`, { headers: bearer(bruno.token) });
  const anaId = ((await target.json()) as { user: { id: number } }).user.id;
  expect(await addRecord(request, bruno.token, 'Receita falsa de antibiótico', anaId)).toBe(201);
  const receita = pending.getByRole('article', { name: 'Receita' });
  await expect(receita).toContainText('Receita falsa de antibiótico');
  await receita.getByRole('button', { name: 'Recusar' }).click();
  const refuse = anaPage.getByRole('dialog', { name: 'Recusar registro?' });
  // A Receita is feminine: 'adicionada', 'excluída'.
  await expect(refuse).toContainText('adicionada por Bruno Teixeira, será excluída com seus anexos');
  await refuse.getByRole('button', { name: 'Recusar e excluir' }).click();
  await expect(
    anaPage.getByRole('status').filter({ hasText: 'Registro recusado e excluído.' }),
  ).toBeVisible();
  await expect(pending.getByRole('article')).toHaveCount(0);
  await anaPage.reload();
  await expect(anaPage.getByRole('region', { name: PENDENTES })).toContainText(
    'Nenhum registro aguardando sua aprovação.',
  );
  await expect(anaPage.getByText(/Receita falsa/)).toHaveCount(0);
  panel = await codeTimeline(guest, ana);
  await expect(panel.getByText(/Receita falsa/)).toHaveCount(0);
  await guest.context().close();
  await anaPage.context().close();

  // Past 10 additions today (the refused one counts), the add screen says so.
  for (let i = 3; i <= 10; i++) {
    expect(await addRecord(request, bruno.token, `Registro ${i}`, anaId)).toBe(201);
  }
  await page.getByRole('radio', { name: 'Vacina', exact: true }).click();
  await page.getByLabel(/^Descrição/).fill('Vacina da gripe');
  await page.getByRole('form', { name: 'Registro' }).getByRole('button', { name: 'Salvar' }).click();
  const limit = page.getByRole('form', { name: 'Registro' }).getByRole('alert');
  await expect(limit).toContainText('Limite de registros por dia');
  await expect(limit).toContainText('Você já adicionou 10 registros hoje na linha do tempo deste paciente.');
  await expect(page.getByLabel(/^Descrição/)).toHaveValue('Vacina da gripe');
  await look(page, 'timeline-add-limite');
  expect(csp).toEqual([]);
});
