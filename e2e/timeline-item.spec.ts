import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { type ApiPatient, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * The patient's timeline screens (issue 5, web part; docs/health-record.md
 * "Timeline screens"): records are created through the API — multipart, one
 * with a real JPEG — and the patient then lists them, loads more, searches
 * ('vacina' finds 'Vacinação'), clears the search, switches to doctors only,
 * opens a record and its image, edits it, adds and removes an attachment and
 * deletes it after confirming. A pain record opens without edit or delete.
 * Every screen is checked with axe and photographed at phone and desktop
 * widths.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A real JPEG of `width`×`height` (a flat colour with a darker band, so it is not blank). */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const band = await sharp({
    create: { width, height: Math.round(height / 3), channels: 3, background: { r: 20, g: 70, b: 140 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 210, g: 225, b: 240 } } })
    .composite([{ input: band, top: Math.round(height / 3), left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

interface NewRecord {
  tipo: number;
  data: string;
  descricao: string;
  valor?: string;
  medico_name?: string;
  local_dor?: string;
  intensidade_dor?: string;
  user_id?: number;
  anexo?: { name: string; buffer: Buffer };
}

/** `POST /api/timeline/item` (multipart, as /timeline/add sends it) → the new record's id. */
async function addRecord(request: APIRequestContext, token: string, record: NewRecord): Promise<number> {
  const { anexo, user_id, ...fields } = record;
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    valor: '',
    medico_name: '',
  };
  for (const [key, value] of Object.entries(fields)) multipart[key] = String(value);
  if (user_id !== undefined) multipart.user_id = String(user_id);
  if (anexo) multipart['anexos[]'] = { name: anexo.name, mimeType: 'image/jpeg', buffer: anexo.buffer };
  const res = await request.post('/api/timeline/item', { headers: auth(token), multipart });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { timelineItem: { id: number } }).timelineItem.id;
}

/** The `<dd>` after the `<dt>` labelled `label`. */
function shown(scope: Page | Locator, label: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function look(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

/** Width in pixels the browser decoded for `img` (0 when it did not load). */
async function decodedWidth(img: Locator): Promise<number> {
  await expect(img).toHaveJSProperty('complete', true);
  return img.evaluate((node) => (node as HTMLImageElement).naturalWidth);
}

test('a patient browses, searches, edits and deletes timeline records with attachments', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const patient: ApiPatient = await registerPatient(request, 'Helena Duarte');
  const photo = await jpeg(1200, 900);

  // 21 routine records, oldest first, then the ones the journey looks for.
  for (let i = 1; i <= 21; i++) {
    await addRecord(request, patient.token, {
      tipo: i % 2 === 0 ? 2 : 1,
      data: `2023-${String(((i - 1) % 12) + 1).padStart(2, '0')}-${String(i).padStart(2, '0')}`,
      descricao: `Acompanhamento de rotina número ${i}`,
    });
  }
  const dorId = await addRecord(request, patient.token, {
    tipo: 8,
    data: '2024-02-02',
    valor: '0',
    descricao: 'Dor no joelho ao subir escadas',
    local_dor: 'Joelho',
    intensidade_dor: 'Alta',
  });
  const vacinaId = await addRecord(request, patient.token, {
    tipo: 7,
    data: '2024-05-10',
    valor: '120.5',
    medico_name: 'Dra. Helena Prado',
    descricao: 'Vacinação contra febre amarela, dose única, no posto do bairro.',
    anexo: { name: 'cartao-vacina.jpg', buffer: photo },
  });
  // Someone else holding the code adds one (docs/timeline-privacy.md).
  const amigo = await registerPatient(request, 'Bruno Lima');
  const lookup = await request.get(`/api/timeline/user/${patient.code}`, { headers: auth(amigo.token) });
  expect(lookup.status()).toBe(200);
  const { user: target } = (await lookup.json()) as { user: { id: number } };
  const receitaId = await addRecord(request, amigo.token, {
    tipo: 4,
    data: '2024-06-01',
    descricao: 'Receita de colírio lubrificante',
    user_id: target.id,
  });
  // A third party's record joins the timeline once the patient accepts it (docs/timeline-privacy.md).
  const aceito = await request.put(`/api/timeline/item/${receitaId}/aceitar`, {
    headers: auth(patient.token),
  });
  expect(aceito.status()).toBe(200);
  const TOTAL = 24;

  const csp = watchCspViolations(page);
  await signInWithToken(page, patient.token);
  await page.goto('/timeline');
  await expect(page.getByRole('heading', { level: 1, name: 'Linha do tempo' })).toBeVisible();
  const registros = page.getByRole('region', { name: 'Registros', exact: true });
  const rows = registros.getByRole('listitem');
  await expect(registros.getByText(`20 de ${TOTAL} registros`)).toBeVisible();
  await expect(rows).toHaveCount(20);
  // Newest first: the third party's prescription, the vaccine, the pain record.
  await expect(rows.nth(0)).toContainText('Receita');
  await expect(rows.nth(0)).toContainText('01/06/2024');
  await expect(rows.nth(0)).toContainText('Por. Bruno Lima');
  await expect(rows.nth(1)).toContainText('Vacina');
  await expect(rows.nth(1)).toContainText('Vacinação contra febre amarela, dose única, no pos…');
  await expect(rows.nth(1)).toContainText('1 anexo');
  await expect(rows.nth(2)).toContainText('Registro de Dor');
  await expect(page.getByRole('link', { name: 'Novo registro' })).toHaveAttribute('href', '/timeline/add');
  await look(page, 'timeline-lista');

  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(registros.getByText(`${TOTAL} registros`, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(TOTAL);
  await expect(rows.last()).toContainText('Acompanhamento de rotina número 1');
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);

  // Search: the button waits for a term; 'vacina' finds 'Vacinação' (accents, partial words).
  const busca = page.getByLabel('Buscar registros');
  const buscar = page.getByRole('button', { name: 'Buscar', exact: true });
  await expect(buscar).toBeDisabled();
  await busca.fill('vacina');
  await expect(buscar).toBeEnabled();
  await busca.press('Enter');
  await expect(page.getByText('Resultados da busca por')).toContainText('“vacina”');
  await expect(registros.getByText('1 registro', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Vacinação contra febre amarela');
  await look(page, 'timeline-busca');

  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(page.getByText('Resultados da busca por')).toHaveCount(0);
  // The full list as it was left: both pages.
  await expect(registros.getByText(`${TOTAL} registros`, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(TOTAL);
  await expect(busca).toHaveValue('');
  await expect(busca).toBeFocused();

  // Doctors only: nobody with a doctor account added to this timeline.
  const medicos = page.getByRole('switch', { name: /Somente médicos/ });
  await medicos.click();
  await expect(medicos).toBeChecked();
  await expect(page.getByText('Nenhum registro.')).toBeVisible();
  await expect(page).toHaveURL(/medico=M/);
  await look(page, 'timeline-somente-medicos-vazia');
  await medicos.click();
  await expect(medicos).not.toBeChecked();
  await expect(registros.getByText(`${TOTAL} registros`, { exact: true })).toBeVisible();

  // The vaccine record: view mode with its photo through the signed URL.
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(`/timeline/item/${vacinaId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vacina' })).toBeVisible();
  await expect(shown(page, 'Valor')).toHaveText(/^R\$\s120,50$/);
  await expect(shown(page, 'Médico')).toHaveText('Dra. Helena Prado');
  const thumb = page.getByRole('button', { name: 'Ampliar cartao-vacina.jpg' });
  expect(await decodedWidth(thumb.locator('img'))).toBe(1200);
  await look(page, 'timeline-item');
  await thumb.click();
  const zoom = page.getByRole('dialog', { name: 'cartao-vacina.jpg' });
  await expect(zoom.getByRole('img', { name: 'cartao-vacina.jpg' })).toBeVisible();
  await look(page, 'timeline-item-imagem');
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();

  // Edit: description and value; the value goes out cleaned and comes back formatted.
  await page.getByRole('button', { name: 'Editar' }).click();
  const form = page.getByRole('form', { name: 'Editar registro' });
  await expect(form.getByLabel('Valor')).toHaveValue('R$ 120,50');
  await expect(form.getByLabel('Data')).toBeFocused();
  const valor = form.getByLabel('Valor');
  await valor.click();
  await valor.press('Control+a');
  await valor.press('Backspace');
  await expect(valor).toHaveValue('');
  await valor.pressSequentially('1234,5');
  await expect(valor).toHaveValue('R$ 1.234,5');
  await form.getByLabel('Descrição').fill('Vacinação contra febre amarela: reforço registrado no cartão.');
  await look(page, 'timeline-item-editar');
  const put = page.waitForRequest((r) => r.method() === 'PUT');
  await form.getByRole('button', { name: 'Salvar' }).click();
  expect((await put).postDataJSON()).toMatchObject({
    valor: '1234.50',
    descricao: 'Vacinação contra febre amarela: reforço registrado no cartão.',
    data: '2024-05-10',
  });
  await expect(page.getByRole('status').filter({ hasText: 'Atualizado com sucesso!' })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(shown(page, 'Valor')).toHaveText(/^R\$\s1\.234,50$/);
  await expect(shown(page, 'Descrição')).toHaveText(
    'Vacinação contra febre amarela: reforço registrado no cartão.',
  );
  await expect(page.getByRole('button', { name: 'Editar' })).toBeFocused();

  // Add a large photo: the browser sends it at most 800 px wide, as JPEG.
  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/timeline/item/anexo') && r.request().method() === 'POST',
  );
  await page.locator('input[type="file"]').setInputFiles({
    name: 'receita-grande.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg(1600, 1200),
  });
  const added = (await (await upload).json()) as { anexo: { mime: string; name: string } };
  expect(added.anexo).toMatchObject({ mime: 'image/jpeg', name: 'receita-grande.jpg' });
  await expect(page.getByRole('status').filter({ hasText: 'Anexo adicionado com sucesso!' })).toBeVisible();
  const novo = page.getByRole('button', { name: 'Ampliar receita-grande.jpg' });
  expect(await decodedWidth(novo.locator('img'))).toBe(800);
  await expect(page.getByRole('list', { name: 'Imagens' }).getByRole('listitem')).toHaveCount(2);

  // Remove it, after confirming.
  await page.getByRole('button', { name: 'Remover receita-grande.jpg' }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remover anexo?' });
  await removeDialog.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anexo removido com sucesso!' })).toBeVisible();
  await expect(novo).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Imagens' }).getByRole('listitem')).toHaveCount(1);

  // Delete the record: asked first, then back to the list with the server's message.
  await page.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir registro?' });
  await expect(confirm).toContainText('Vacina de 10/05/2024 e seus anexos serão excluídos');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await look(page, 'timeline-excluir');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page).toHaveURL('/timeline');
  await expect(page.getByRole('status').filter({ hasText: 'Excluído com sucesso!' })).toBeVisible();
  await expect(registros.getByText(`${TOTAL - 1} registros`, { exact: true })).toBeVisible();
  await expect(registros.getByText('Vacinação contra febre amarela')).toHaveCount(0);
  const gone = await request.get(`/api/timeline/item/${vacinaId}`, { headers: auth(patient.token) });
  expect(gone.status()).toBe(404);
  await page.goto(`/timeline/item/${vacinaId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Registro não encontrado' })).toBeVisible();
  await look(page, 'timeline-item-nao-encontrado');

  // A pain record opens without edit or delete.
  await page.goto(`/timeline/item/${dorId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de Dor' })).toBeVisible();
  await expect(shown(page, 'Local da dor')).toHaveText('Joelho');
  await expect(shown(page, 'Intensidade da dor')).toHaveText('Alta');
  await expect(page.getByText('Registros de dor não podem ser editados nem excluídos.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  await look(page, 'timeline-item-dor');
  expect(csp).toEqual([]);
});

test('a new patient sees an empty timeline', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Lívia Santos');
  await signInWithToken(page, patient.token);
  await page.goto('/timeline');
  await expect(page.getByText('Nenhum registro.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
  await look(page, 'timeline-vazia');
});

/**
 * A patient whose 1-month trial ended without a plan (docs/health-record.md
 * "Trial lock"): the server's answers are given with `trialEnded` set (the
 * clock cannot be moved under a running server); adding and editing show
 * disabled with the lock message as tooltip and a way to /planos, while reading and
 * deleting stay.
 */
test('a locked patient reads but cannot add or edit', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Otávio Ramos');
  const id = await addRecord(request, patient.token, {
    tipo: 3,
    data: '2024-08-20',
    descricao: 'Hemograma completo sem alterações',
    anexo: { name: 'hemograma.jpg', buffer: await jpeg(600, 400) },
  });
  await page.route(/\/api\/timeline\/(items|item)\//, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { user?: { trialEnded: boolean } };
    if (body.user) body.user.trialEnded = true;
    await route.fulfill({ response, json: body });
  });
  await signInWithToken(page, patient.token);
  await page.goto('/timeline');
  await expect(page.getByText('1 registro', { exact: true })).toBeVisible();
  const add = page.getByRole('button', { name: 'Novo registro' });
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('link', { name: 'Novo registro' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/planos');
  await add.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Seu período gratuito de 1 mês terminou.');
  await add.click({ force: true });
  await expect(page).toHaveURL('/timeline');
  await look(page, 'timeline-bloqueada');

  await page.getByRole('link', { name: /Resultado de Exame/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resultado de Exame' })).toBeVisible();
  const editar = page.getByRole('button', { name: 'Editar' });
  await expect(editar).toHaveAttribute('aria-disabled', 'true');
  await editar.click({ force: true });
  await expect(page.getByRole('form', { name: 'Editar registro' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adicionar anexo' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Remover hemograma.jpg' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Excluir' })).toBeEnabled();
  await look(page, 'timeline-item-bloqueado');
  expect(id).toBeGreaterThan(0);
});
