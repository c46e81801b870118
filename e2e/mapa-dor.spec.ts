import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { type ApiPatient, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * The pain map (docs/health-record.md "Saving a pain record", "Pain history",
 * "Trial lock"; issue 5 "Pain map"): a patient marks pain on the body,
 * confirms, lands on /timeline with 'Adicionado com sucesso!' (gone after
 * 5 s), finds the record there without edit or delete, and sees the region
 * shaded in the history; a keyboard-only patient does the same without a
 * mouse; a locked patient finds the map disabled with a way to /planos.
 */

const ADDED = 'Adicionado com sucesso!';
const LOCKED = 'Seu período gratuito de 1 mês terminou.';
const CONFIRM =
  'Depois de salvo, o registro de dor não poderá mais ser excluído nem editado na linha do tempo.';

/** Today in America/Sao_Paulo, `YYYY-MM-DD`, moved by `days`. */
function dayISO(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const toBR = (iso: string) => iso.split('-').reverse().join('/');

/** Saves a pain record through the API, as the pain map does. */
async function addPain(
  request: APIRequestContext,
  patient: ApiPatient,
  local_dor: string,
  intensidade_dor: string,
  data: string,
) {
  const res = await request.post('/api/timeline/item', {
    headers: { Authorization: `Bearer ${patient.token}` },
    multipart: { tipo: '8', data, valor: '0', local_dor, intensidade_dor, descricao: `Dor em ${local_dor}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The patient's timeline as the API answers it, or the records awaiting their approval. */
async function timelineItems(
  request: APIRequestContext,
  patient: ApiPatient,
  list: 'items' | 'pendentes' = 'items',
) {
  const res = await request.get(
    list === 'items' ? '/api/timeline/items/all/all' : '/api/timeline/pendentes',
    {
      headers: { Authorization: `Bearer ${patient.token}` },
    },
  );
  expect(res.status()).toBe(200);
  return (await res.json()).timelineItems as {
    id: number;
    tipo: number;
    data: string;
    local_dor: string | null;
    intensidade_dor: string | null;
    descricao: string;
    valor: string | null;
  }[];
}

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

const localSelect = (page: Page) => page.getByRole('combobox', { name: 'Local da dor' });
const nivelSelect = (page: Page) => page.getByRole('combobox', { name: 'Intensidade da dor' });

test('a patient records knee pain on the map, finds it on the timeline without edit or delete, and in the history', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Lúcia Ferreira');
  await signInWithToken(page, patient.token);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Mapa da dor' })
    .click();
  await expect(page).toHaveURL(/\/mapa-dor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa da dor' })).toBeVisible();
  await expect(page).toHaveTitle(/Mapa da dor/);
  const map = page.getByRole('radiogroup', { name: 'Onde dói?' });
  await expect(map.getByRole('radio')).toHaveCount(11);
  await expect(page.getByText('Nenhum registro de dor nos últimos 90 dias.')).toBeVisible();
  const save = page.getByRole('button', { name: 'Salvar', exact: true });
  await expect(save).toBeDisabled();
  await look(page, 'mapa-dor-vazio');

  // A knee is two shapes: click one of them; the select follows.
  await map.getByRole('radio', { name: 'Joelho' }).locator('path').first().click();
  await expect(localSelect(page)).toHaveValue('Joelho');
  await expect(map.getByRole('radio', { name: 'Joelho' })).toHaveAttribute('aria-checked', 'true');
  // …and the select moves the map.
  await localSelect(page).selectOption({ label: 'Abdômen' });
  await expect(map.getByRole('radio', { name: 'Abdômen' })).toHaveAttribute('aria-checked', 'true');
  await expect(map.getByRole('radio', { name: 'Joelho' })).toHaveAttribute('aria-checked', 'false');
  // The back view's knee answers clicks too.
  await page
    .getByRole('group', { name: 'Vista de trás' })
    .locator('g', { has: page.locator('title', { hasText: 'Joelho' }) })
    .locator('path')
    .last()
    .click();
  await expect(localSelect(page)).toHaveValue('Joelho');

  await nivelSelect(page).selectOption({ label: 'Alta' });
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Descrição' }).fill('Dor forte no joelho ao subir escadas');
  await expect(save).toBeEnabled();
  await look(page, 'mapa-dor-selecionado');

  // Cancelar clears the location and the level, not the description.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(localSelect(page)).toHaveValue('');
  await expect(nivelSelect(page)).toHaveValue('');
  await expect(map.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(save).toBeDisabled();
  await map.getByRole('radio', { name: 'Joelho' }).locator('path').last().click();
  await nivelSelect(page).selectOption({ label: 'Alta' });

  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Salvar registro de dor?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(CONFIRM)).toBeVisible();
  await look(page, 'mapa-dor-confirmar');
  await dialog.getByRole('button', { name: 'Salvar registro' }).click();

  await expect(page).toHaveURL(/\/timeline$/);
  const message = page.getByRole('status').filter({ hasText: ADDED });
  await expect(message).toBeVisible();
  const items = await timelineItems(request, patient);
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({
    tipo: 8,
    data: dayISO(),
    valor: '0.00',
    local_dor: 'Joelho',
    intensidade_dor: 'Alta',
    descricao: 'Dor forte no joelho ao subir escadas',
  });
  // The confirmation clears after 5 s (docs/health-record.md "Saving a pain record").
  await expect(message).toBeHidden({ timeout: 7_000 });

  // On the timeline, and read-only: pain records are never edited or deleted.
  const entry = page.getByRole('link', { name: /Registro de Dor/ });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Dor forte no joelho ao subir escadas');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/timeline/item/${items[0]?.id}$`));
  await expect(page.getByText('Dor forte no joelho ao subir escadas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Excluir' })).toHaveCount(0);

  // A few earlier records, then the history on the body.
  await addPain(request, patient, 'Costas', 'Moderado', dayISO(-3));
  await addPain(request, patient, 'Costas', 'Moderado', dayISO(-20));
  await addPain(request, patient, 'Costas', 'Alta', dayISO(-40));
  await addPain(request, patient, 'Cabeça', 'Baixo', dayISO(-7));
  await addPain(request, patient, 'Ombro', 'Medio', dayISO(-60));
  await page.goto('/mapa-dor');
  const table = page.getByRole('table', { name: 'Dor por local nos últimos 90 dias' });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText('Costas');
  await expect(rows.nth(1)).toContainText('Muito forte');
  await expect(rows.nth(1)).toContainText('3');
  const knee = rows.filter({ hasText: 'Joelho' });
  await expect(knee).toContainText('Forte');
  await expect(knee).toContainText('Alta');
  await expect(knee).toContainText(toBR(dayISO()));
  const drawing = page.getByRole('img', { name: /Seu histórico de dor desenhado no corpo/ });
  // Locations drawn on the front: Cabeça, Ombro, Peito, Abdomem, Braço, Mãos, Coxa, Joelho (8th)…; back: Cabeça, Ombro, Costas.
  await expect(drawing.locator('svg').first().locator('g[data-shade]').nth(7)).toHaveAttribute(
    'data-shade',
    '3',
  );
  await expect(drawing.locator('svg').last().locator('g[data-shade]').nth(2)).toHaveAttribute(
    'data-shade',
    '4',
  );
  await look(page, 'mapa-dor-historico');
  expect(csp).toEqual([]);
});

test('a keyboard-only patient chooses a region with the arrow keys and saves', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Rafael Souza');
  await signInWithToken(page, patient.token);
  await page.goto('/mapa-dor');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa da dor' })).toBeVisible();
  await expect(page.getByText('Nenhum registro de dor nos últimos 90 dias.')).toBeVisible();

  // Tab into the body: one stop, on Cabeça while nothing is chosen.
  const focusedName = () =>
    page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
    );
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = (await focusedName()) === 'Cabeça';
  }
  expect(reached, 'Tab reaches the body map').toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Ombro' })).toBeFocused();
  await expect(localSelect(page)).toHaveValue('Ombro');
  await page.keyboard.press('End');
  await expect(page.getByRole('radio', { name: 'Costas' })).toBeFocused();
  await expect(localSelect(page)).toHaveValue('Costas');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: 'Perna' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Perna' })).toHaveAttribute('aria-checked', 'true');
  await look(page, 'mapa-dor-teclado');

  // Tab leaves the body at once (one stop), to the selects and the description.
  await page.keyboard.press('Tab');
  await expect(localSelect(page)).toBeFocused();
  await expect(localSelect(page)).toHaveValue('Perna');
  await page.keyboard.press('Tab');
  await expect(nivelSelect(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(nivelSelect(page)).toHaveValue('Medio');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Câimbra na panturrilha à noite');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Salvar registro de dor?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Voltar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Salvar registro' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/timeline$/);
  await expect(page.getByRole('status').filter({ hasText: ADDED })).toBeVisible();
  const items = await timelineItems(request, patient);
  expect(items.map((i) => [i.tipo, i.local_dor, i.intensidade_dor, i.descricao])).toEqual([
    [8, 'Perna', 'Medio', 'Câimbra na panturrilha à noite'],
  ]);
});

test('a patient whose free month ended finds the map locked, with a way to /planos', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Marta Lima');
  await addPain(request, patient, 'Cabeça', 'Moderado', dayISO(-2));
  await signInWithToken(page, patient.token);
  // The account is a day old; the server decides `trialEnded` from its creation date. The journey
  // reads the user as a month later would (the server's 403 for such users is in the API tests).
  await page.route('**/api/home', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, user: { ...body.user, trialEnded: true } } });
  });
  await page.goto('/mapa-dor');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa da dor' })).toBeVisible();
  await expect(page.getByText(LOCKED)).toBeVisible();
  const map = page.getByRole('radiogroup', { name: 'Onde dói?' });
  await expect(map).toHaveAttribute('aria-disabled', 'true');
  await map.getByRole('radio', { name: 'Cabeça' }).click({ force: true });
  await expect(map.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(localSelect(page)).toBeDisabled();
  await expect(nivelSelect(page)).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Descrição' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeDisabled();
  // Reading stays allowed: the history is there.
  await expect(page.getByRole('table', { name: 'Dor por local nos últimos 90 dias' })).toContainText(
    'Cabeça',
  );
  await look(page, 'mapa-dor-bloqueado');
  await page.getByRole('link', { name: 'Ver planos' }).click();
  await expect(page).toHaveURL(/\/planos$/);
  expect(csp).toEqual([]);
});

test("someone records a patient's pain by typing their code; it awaits the patient's approval", async ({
  page,
  request,
}) => {
  const ana = await registerPatient(request, 'Ana Ribeiro');
  const bruno = await registerPatient(request, 'Bruno Teixeira');
  await signInWithToken(page, bruno.token);
  await page.goto('/mapa-dor');
  await page.getByLabel('Código do paciente').fill(ana.code);
  await page.getByRole('button', { name: 'Buscar paciente' }).click();
  await expect(page.getByText('Ana Ribeiro', { exact: true })).toBeVisible();
  await expect(page.getByText(/vai para a linha do tempo de Ana Ribeiro/)).toBeVisible();
  // Bruno's own history is not shown while recording Ana's pain.
  await expect(page.getByRole('heading', { level: 2, name: 'Seu histórico de dor' })).toHaveCount(0);
  await look(page, 'mapa-dor-paciente');

  await page.getByRole('radio', { name: 'Peito' }).click();
  await nivelSelect(page).selectOption('Alta');
  await page.getByLabel('Descrição').fill('Aperto no peito ao caminhar');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar registro' }).click();
  // Bruno is not a doctor: the record waits for Ana's approval (docs/timeline-privacy.md).
  await expect(page.getByRole('status').filter({ hasText: 'Registro enviado!' })).toBeVisible();
  await expect(page).toHaveURL(/\/mapa-dor\?code=/);
  await expect(localSelect(page)).toHaveValue('');

  const onAna = await timelineItems(request, ana, 'pendentes');
  expect(onAna.map((i) => [i.tipo, i.local_dor, i.intensidade_dor, i.descricao])).toEqual([
    [8, 'Peito', 'Alta', 'Aperto no peito ao caminhar'],
  ]);
  expect(await timelineItems(request, ana)).toEqual([]);
  expect(await timelineItems(request, bruno)).toEqual([]);
});
