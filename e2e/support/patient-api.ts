import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A patient created through the API: sign-in data, token and the canonical personal code. */
export interface ApiPatient {
  name: string;
  email: string;
  password: string;
  token: string;
  code: string;
}

/** The emergency data `fillEmergencyData` saves (blood type 7 is O+, relation C is Cônjuge). */
export const EMERGENCY = {
  telefone: '11987654321',
  contato: 'João Souza',
  contato_telefone: '11912345678',
  contato_relacao: 'C',
  peso: 72.5,
  altura: 1.78,
  cor: 3,
  olhos: 2,
  sinal: 'Cicatriz no joelho direito',
  nascimento: '1990-04-12',
  sexo: 'M',
  sangue: 7,
  endereco: 'Rua Augusta, 1500',
  bairro: 'Consolação',
  complemento: 'Apto 42',
} as const;

/** Registers a patient with `POST /api/register` (a unique e-mail each call). */
export async function registerPatient(
  request: APIRequestContext,
  name = 'Carlos Pereira',
): Promise<ApiPatient> {
  const email = `paciente-${randomUUID()}@example.com`;
  const password = 'segredo-forte-123';
  const res = await request.post('/api/register', {
    data: {
      name,
      telefone: EMERGENCY.telefone,
      email,
      password,
      password_confirmation: password,
      terms: true,
      newsletter: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { user, token } = (await res.json()) as { user: { code: string }; token: string };
  return { name, email, password, token, code: user.code };
}

/**
 * Fills the three emergency cards with {@link EMERGENCY} through
 * `PUT /api/home/{pessoal,caracteristicas,geral}`; the city is the first
 * answer of `GET /api/cidades/search/sao%20paulo`. Answers the city's description.
 */
export async function fillEmergencyData(request: APIRequestContext, token: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const search = await request.get('/api/cidades/search/sao%20paulo');
  expect(search.status()).toBe(200);
  const { cidades } = (await search.json()) as { cidades: { id: number; descricao: string }[] };
  const cidade = cidades.find((c) => c.descricao === 'São Paulo - SP') ?? cidades[0];
  expect(cidade, 'a city named São Paulo').toBeDefined();
  const e = EMERGENCY;
  const puts: [string, Record<string, unknown>][] = [
    [
      'pessoal',
      {
        telefone: e.telefone,
        contato: e.contato,
        contato_telefone: e.contato_telefone,
        contato_relacao: e.contato_relacao,
      },
    ],
    ['caracteristicas', { peso: e.peso, altura: e.altura, cor: e.cor, olhos: e.olhos, sinal: e.sinal }],
    [
      'geral',
      {
        nascimento: e.nascimento,
        sexo: e.sexo,
        sangue: e.sangue,
        endereco: e.endereco,
        bairro: e.bairro,
        cidade,
        complemento: e.complemento,
      },
    ],
  ];
  for (const [card, data] of puts) {
    const res = await request.put(`/api/home/${card}`, { headers, data });
    expect(res.status(), `PUT /api/home/${card}: ${await res.text()}`).toBe(200);
  }
  return (cidade as { descricao: string }).descricao;
}

/** Makes `page` start signed in as the patient (the token the SPA keeps in localStorage). */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/**
 * Signs in through the /login form, as a person does, and waits for /home.
 * Unlike {@link signInWithToken}, nothing puts the token back after 'Sair'.
 */
export async function signInWithForm(
  page: Page,
  patient: { email: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(patient.email);
  await page.getByLabel('Senha', { exact: true }).fill(patient.password);
  await page.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home$/);
}

/** Fills My Health through `PUT /api/saude` with `alergias` and `medicamentos`, the rest blank. */
export async function fillSaude(
  request: APIRequestContext,
  token: string,
  saude: { alergias: string; medicamentos: string },
): Promise<void> {
  const res = await request.put('/api/saude', {
    headers: { Authorization: `Bearer ${token}` },
    data: { problemas: '', tratamento: '', protese: '', sus: '', ...saude },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** `POST /api/login` as one of the patients made before the server started (support/patients.ts); answers the token. */
export async function signInAs(
  request: APIRequestContext,
  patient: { email: string; password: string },
): Promise<{ token: string }> {
  const res = await request.post('/api/login', {
    data: { email: patient.email, password: patient.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { token: ((await res.json()) as { token: string }).token };
}
