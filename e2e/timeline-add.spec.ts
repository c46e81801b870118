import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatCode } from '@pulso/domain';
import sharp from 'sharp';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { type ApiPatient, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * /timeline/add (docs/health-record.md "Adding a record", "Adding to another
 * patient's timeline"; issue 5): a patient adds a record with a photo
 * (resized in the browser to 800 px wide JPEG) and finds it on /timeline;
 * another account adds a record to that patient's timeline by typing their
 * code (and by the QR reader's manual entry), and the patient sees it with
 * 'Por. {name}'; a locked account sees the form disabled.
 */

const ADDED = 'Adicionado com sucesso!';
/** What a third party (not a doctor) reads once a record is sent: it waits for the patient's approval. */
const ADDED_PENDING =
  'Registro enviado! Ele aparecerá na linha do tempo do paciente depois que o paciente aprovar.';
const LOCKED = 'Seu período gratuito de 1 mês terminou.';

interface ListedItem {
  id: number;
  tipo: number;
  descricao: string;
  valor: string | null;
  medico_name: string | null;
  created_by: 'M' | 'T' | null;
  terceiro: { name: string } | null;
  anexos: { url: string; mime: string; name: string; size: number }[];
}

/** The patient's own timeline as the API answers it (first page). */
async function timelineOf(request: APIRequestContext, patient: ApiPatient): Promise<ListedItem[]> {
  const res = await request.get('/api/timeline/items/all/all', {
    headers: { Authorization: `Bearer ${patient.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { timelineItems: ListedItem[] }).timelineItems;
}

/** A real 1600×1000 PNG photo (a gradient with shapes: it does not shrink to nothing). */
async function photoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1">
      <stop offset="0" stop-color="#1c7ed6"/><stop offset="1" stop-color="#f59f00"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#g)"/>
    <circle cx="500" cy="480" r="300" fill="#ffffff" fill-opacity="0.6"/>
    <rect x="900" y="200" width="500" height="600" fill="#e03131" fill-opacity="0.5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const form = (page: Page) => page.getByRole('form', { name: 'Registro' });

async function openAdd(page: Page, query = '') {
  await page.goto(`/timeline/add${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Novo registro' })).toBeVisible();
}

test('a patient adds a record with a photo, finds it by search, edits it and deletes it', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const ana = await registerPatient(request, 'Ana Ribeiro');
  await signInWithToken(page, ana.token);
  await openAdd(page);
  await expect(page.getByText('O registro vai para a sua linha do tempo.', { exact: false })).toBeVisible();
  await checkScreen(page, 'timeline-add-form');

  // Saving empty shows the required fields' messages and sends nothing.
  await form(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Escolha o tipo de registro')).toBeVisible();
  await expect(page.getByText('Informe a descrição')).toBeVisible();

  await page.getByRole('radio', { name: 'Exame', exact: true }).click();
  const valor = page.getByLabel(/^Valor/);
  await valor.pressSequentially('15050');
  await expect(valor).toHaveValue('R$ 15.050');
  // A value that large is asked about before saving: '15050' was meant as R$ 150,50.
  const question = page.getByText('R$ 15.050 — o valor está certo? Confira antes de salvar.');
  await expect(question).toBeVisible();
  await expect(valor).toHaveAccessibleDescription(/o valor está certo\?/);
  await valor.fill('');
  await valor.pressSequentially('150,5');
  await valor.blur();
  await expect(valor).toHaveValue('R$ 150,50');
  await expect(page.getByText(/o valor está certo\?/)).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Médico/ }).fill('Dra. Paula Lima');
  await page.getByLabel(/^Descrição/).fill('Hemograma completo em jejum, resultado normal');

  await page.locator('input[type="file"]').setInputFiles({
    name: 'exame-de-sangue.png',
    mimeType: 'image/png',
    buffer: await photoPng(),
  });
  const chosen = page.getByRole('list', { name: 'Anexos escolhidos' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen.getByText('exame-de-sangue.jpg')).toBeVisible();
  await expect(chosen.locator('img')).toHaveJSProperty('complete', true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'timeline-add-filled');

  await form(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: ADDED })).toBeVisible();
  await expect(page).toHaveURL(/\/timeline$/);

  // What the server stored: the cleaned value and the photo as an 800 px wide JPEG.
  const [item] = await timelineOf(request, ana);
  expect(item).toMatchObject({
    tipo: 2,
    valor: '150.50',
    medico_name: 'Dra. Paula Lima',
    descricao: 'Hemograma completo em jejum, resultado normal',
    created_by: null,
  });
  expect(item?.anexos).toHaveLength(1);
  const anexo = item?.anexos[0];
  expect(anexo?.mime).toBe('image/jpeg');
  expect(anexo?.name).toBe('exame-de-sangue.jpg');
  const download = await request.get(anexo?.url ?? '');
  expect(download.status()).toBe(200);
  const meta = await sharp(await download.body()).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.width).toBe(800);
  expect(meta.height).toBe(500);

  // And on the list.
  await expect(page.getByRole('heading', { level: 1, name: 'Linha do tempo' })).toBeVisible();
  await expect(page.getByText('Hemograma completo em jejum, resultado normal')).toBeVisible();
  await expect(page.getByText('1 anexo')).toBeVisible();

  // The same record found by a partial, accent-free word, then edited and deleted.
  await page.getByLabel('Buscar registros').fill('hemogra');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Resultados da busca por')).toContainText('“hemogra”');
  await page.getByRole('link', { name: /Hemograma completo/ }).click();
  await expect(page).toHaveURL(`/timeline/item/${item?.id}`);
  await expect(page.getByRole('button', { name: 'Ampliar exame-de-sangue.jpg' })).toBeVisible();

  await page.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('form', { name: 'Editar registro' });
  await expect(edit.getByLabel('Data')).toBeFocused();
  await edit.getByLabel('Descrição').fill('Hemograma completo em jejum: hemoglobina 13,8 g/dL, normal');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Atualizado com sucesso!' })).toBeVisible();
  await expect(page.getByText('Hemograma completo em jejum: hemoglobina 13,8 g/dL, normal')).toBeVisible();

  await page.getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('dialog', { name: 'Excluir registro?' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Excluído com sucesso!' })).toBeVisible();
  await expect(page).toHaveURL('/timeline');
  await expect(page.getByText('Nenhum registro.')).toBeVisible();
  expect(await timelineOf(request, ana)).toEqual([]);
  // Its photo went with it.
  expect((await request.get(anexo?.url ?? '')).status()).toBe(404);
  expect(csp).toEqual([]);
});

test("another account adds a record to a patient's timeline by their code; the patient sees who added it", async ({
  browser,
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const ana = await registerPatient(request, 'Ana Ribeiro');
  const bruno = await registerPatient(request, 'Bruno Teixeira');
  await signInWithToken(page, bruno.token);
  await openAdd(page);

  const code = page.getByLabel(/^Código do paciente/);
  await code.pressSequentially(ana.code.toLowerCase());
  await expect(code).toHaveValue(formatCode(ana.code));
  await page.getByRole('button', { name: 'Buscar paciente' }).click();
  const patient = page.getByText('Linha do tempo de').locator('..');
  await expect(patient.getByText('Ana Ribeiro')).toBeVisible();
  await expect(patient.getByText(formatCode(ana.code))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Limpar paciente' })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`\\?code=${ana.code}$`));
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'timeline-add-target');

  await page.getByRole('radio', { name: 'Consulta' }).click();
  await page.getByLabel(/^Descrição/).fill('Consulta de retorno: pressão controlada');
  await form(page).getByRole('button', { name: 'Salvar' }).click();
  const done = page.getByRole('status').filter({ hasText: ADDED_PENDING });
  await expect(done).toBeVisible();
  // Stays with the same patient and an empty record, ready for the next one.
  await expect(page).toHaveURL(/\/timeline\/add\?code=/);
  await expect(page.getByLabel(/^Descrição/)).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Consulta' })).toHaveAttribute('aria-checked', 'false');
  await expect(patient.getByText('Ana Ribeiro')).toBeVisible();
  // The confirmation clears after 5 seconds (docs/health-record.md "Adding a record").
  await expect(done).toBeHidden({ timeout: 7000 });

  // Clearing the patient goes back to the own timeline; the QR reader's manual entry brings them back.
  await page.getByRole('button', { name: 'Limpar paciente' }).click();
  await expect(code).toHaveValue('');
  await expect(code).toBeFocused();
  await page.getByRole('link', { name: 'Ler QR Code do paciente' }).click();
  await expect(page).toHaveURL(/\/qrcode\/read\?destino=timeline$/);
  await page.getByLabel('Código pessoal').pressSequentially(ana.code);
  await page.getByRole('button', { name: 'Abrir', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/timeline/add\\?code=${ana.code}$`));
  await expect(patient.getByText('Ana Ribeiro')).toBeVisible();
  await page.getByRole('radio', { name: 'Vacina' }).click();
  await page.getByLabel(/^Descrição/).fill('Vacina da gripe, dose anual');
  await form(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: ADDED_PENDING })).toBeVisible();

  // Nothing landed on Bruno's own timeline nor, before Ana accepts them, on Ana's.
  expect(await timelineOf(request, bruno)).toEqual([]);
  expect(await timelineOf(request, ana)).toEqual([]);

  // Ana finds both awaiting her approval, with who added them (timeline-terceiros.spec.ts goes on).
  const anaContext = await browser.newContext();
  const anaPage = await anaContext.newPage();
  await signInWithToken(anaPage, ana.token);
  await anaPage.goto('/timeline');
  const pending = anaPage.getByRole('region', { name: 'Registros aguardando sua aprovação' });
  const row = pending.getByRole('listitem').filter({ hasText: 'Consulta de retorno: pressão controlada' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Adicionado por Bruno Teixeira')).toBeVisible();
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await anaContext.close();
  expect(csp).toEqual([]);
});

test('an unknown code is refused and nothing is saved to the own timeline instead', async ({
  page,
  request,
}) => {
  const bruno = await registerPatient(request, 'Bruno Teixeira');
  await signInWithToken(page, bruno.token);
  await openAdd(page, '?code=000AA000');
  const code = page.getByLabel(/^Código do paciente/);
  await expect(code).toHaveValue('000 AA 000');
  await expect(page.getByText('Paciente não encontrado')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('radio', { name: 'Receita' }).click();
  await page.getByLabel(/^Descrição/).fill('Receita que não deve ir para a minha linha do tempo');
  await form(page).getByRole('button', { name: 'Salvar' }).click();
  // The snackbar repeats why: the code field already says it.
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Paciente não encontrado' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/timeline\/add\?code=000AA000$/);
  expect(await timelineOf(request, bruno)).toEqual([]);
});

test('a locked account sees the form disabled with the 1-month message and a way to /planos', async ({
  page,
  request,
}) => {
  const carla = await registerPatient(request, 'Carla Nunes');
  // The server computes the lock from the account's age; a new account is not locked, so the
  // shell's user is answered as one whose trial ended (the 403 itself is covered by the API tests).
  await page.route('**/api/user', async (route) => {
    const res = await route.fetch();
    const text = await res.text();
    if (!res.ok()) {
      await route.fulfill({ response: res, body: text });
      return;
    }
    const body = JSON.parse(text) as { user: Record<string, unknown> };
    await route.fulfill({ response: res, json: { ...body, user: { ...body.user, trialEnded: true } } });
  });
  await signInWithToken(page, carla.token);
  await openAdd(page);
  await expect(page.getByRole('status').filter({ hasText: LOCKED })).toBeVisible();
  await expect(page.getByLabel(/^Descrição/)).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Consulta' })).toBeDisabled();
  const save = form(page).getByRole('button', { name: 'Salvar' });
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await save.focus();
  await expect(page.getByRole('tooltip', { name: LOCKED })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'timeline-add-locked');
  await page.getByRole('link', { name: 'Ver planos' }).click();
  await expect(page).toHaveURL(/\/planos$/);
});
