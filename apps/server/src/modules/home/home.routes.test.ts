import { crc32, deflateSync } from 'node:zlib';
import {
  AVATAR_MESSAGES,
  AVATAR_SIZE,
  PROFILE_MESSAGES,
  todayInSaoPaulo,
  UNAUTHENTICATED_MESSAGE,
  type UserView,
} from '@pulso/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { avatarKey } from './home.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

type Auth = { authorization: string } | undefined;
type Patient = Awaited<ReturnType<typeof createPatient>>;

const P = PROFILE_MESSAGES;
const SAO_PAULO = { id: 3550308, descricao: 'São Paulo - SP' };
const SALVADOR = { id: 2927408, descricao: 'Salvador - BA' };

const home = (auth: Auth) => t.app.inject({ url: '/api/home', ...(auth ? { headers: auth } : {}) });
const put = (section: 'pessoal' | 'caracteristicas' | 'geral', payload: unknown, auth: Auth) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/home/${section}`,
    payload: payload as Record<string, unknown>,
    ...(auth ? { headers: auth } : {}),
  });

/** The owner's current view, read back through `GET /api/home`. */
async function viewOf(p: Patient): Promise<UserView> {
  const res = await home(p.auth);
  expect(res.statusCode).toBe(200);
  return res.json().user;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

function isoPlusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const PESSOAL = {
  telefone: '(11) 98765 4321',
  contato: 'João Silva',
  contato_telefone: '(11) 3333 4444',
  contato_relacao: 'C',
};
const CARACTERISTICAS = { peso: '72,5', altura: '1,75', cor: '3', olhos: 2, sinal: 'Tatuagem no braço' };
const GERAL = {
  nascimento: '1985-03-20',
  sexo: 'F',
  sangue: 7,
  endereco: 'Rua das Flores, 10',
  bairro: 'Centro',
  cidade: SAO_PAULO,
  complemento: 'Apto 3',
};

/** Fills the three cards of `p` with known data. */
async function fillCards(p: Patient) {
  expect((await put('pessoal', PESSOAL, p.auth)).statusCode).toBe(200);
  expect((await put('caracteristicas', CARACTERISTICAS, p.auth)).statusCode).toBe(200);
  expect((await put('geral', GERAL, p.auth)).statusCode).toBe(200);
}

// ---------------------------------------------------------------- images

function solidImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

/** A multipart body with one file part, built by hand. */
function multipart(file: Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = '----pulso-avatar';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'avatar'}"; ` +
      `filename="${opts.filename ?? 'avatar.png'}"\r\nContent-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, file, tail]),
  };
}

function upload(auth: Auth, file: Buffer, opts: Parameters<typeof multipart>[1] = {}) {
  const body = multipart(file, opts);
  return t.app.inject({
    method: 'POST',
    url: '/api/home/avatar',
    headers: { ...body.headers, ...(auth ?? {}) },
    payload: body.payload,
  });
}

/** The `<hex>.png` file name of an avatar URL. */
function fileOf(url: string | null): string {
  const match = /^\/api\/avatars\/([0-9a-f]{32}\.png)$/.exec(url ?? '');
  if (!match?.[1]) throw new Error(`not an avatar URL: ${url}`);
  return match[1];
}

/** A PNG header declaring a 10000×10000 canvas: a decompression bomb in 65 bytes. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(10_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- GET /api/home

describe('GET /api/home', () => {
  it('answers 401 to a guest and to a made-up token', async () => {
    const guest = await home(undefined);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    expect((await home({ authorization: 'Bearer forged-token' })).statusCode).toBe(401);
  });

  it('answers the owner their own emergency data', async () => {
    const p = await createPatient(t.app);
    const res = await home(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      ...p.user,
      pressao: [],
      indice_massa_corporal: [],
      oxigenacao: [],
      glicose: [],
    });
    expect(res.json().user).not.toHaveProperty('password_hash');
  });

  it('answers another patient only their own data', async () => {
    const a = await createPatient(t.app);
    await fillCards(a);
    const b = await createPatient(t.app, { telefone: '21999998888' });
    const user = (await home(b.auth)).json().user as UserView;
    expect(user.id).toBe(b.user.id);
    expect(user.email).toBe(b.user.email);
    expect(user.pessoal).toMatchObject({ telefone: '21999998888', contato: null });
    expect(user.geral.cidade).toBeNull();
  });
});

describe('GET /api/home: recent indicator readings (docs/accounts.md "The signed-in user")', () => {
  const post = (indicador: string, payload: Record<string, unknown>, auth: Auth) =>
    t.app.inject({
      method: 'POST',
      url: `/api/home/${indicador}`,
      payload,
      ...(auth ? { headers: auth } : {}),
    });
  const at = (day: number, hora = '08:00') => ({
    data_afericao: isoPlusDays('2025-01-01', day),
    time_afericao: hora,
  });

  it('carries the newest 10 readings of each indicator, latest first, with the server classification', async () => {
    const p = await createPatient(t.app);
    expect((await put('caracteristicas', CARACTERISTICAS, p.auth)).statusCode).toBe(200);
    for (let day = 0; day < 12; day += 1) {
      // Saved out of order: the answer sorts by day and time, not by when they were saved.
      const d = (day * 5) % 12;
      expect((await post('pressao', { sis: '120', dia: String(60 + d), ...at(d) }, p.auth)).statusCode).toBe(
        201,
      );
      expect((await post('imc', { peso: `${70 + d},0`, ...at(d) }, p.auth)).statusCode).toBe(201);
      expect(
        (await post('oxigenacao', { saturacao: String(88 + d), bpm: '70', ...at(d) }, p.auth)).statusCode,
      ).toBe(201);
      expect(
        (await post('glicose', { value: String(90 + d), time_of_day: 1, ...at(d) }, p.auth)).statusCode,
      ).toBe(201);
    }
    const user = (await home(p.auth)).json().user;
    const days = (list: { data_afericao: string }[]) => list.map((r) => r.data_afericao);
    const expected = Array.from({ length: 10 }, (_, n) => isoPlusDays('2025-01-01', 11 - n));
    expect(days(user.pressao)).toEqual(expected);
    expect(days(user.indice_massa_corporal)).toEqual(expected);
    expect(days(user.oxigenacao)).toEqual(expected);
    expect(days(user.glicose)).toEqual(expected);
    expect(user.pressao[0]).toMatchObject({ sis: 120, dia: 71, status: 'normal' });
    expect(user.oxigenacao[0]).toMatchObject({ saturacao: 99, status: 'normal' });
    expect(user.oxigenacao[9]).toMatchObject({ saturacao: 90, status: 'alterada' });
    expect(user.indice_massa_corporal[0]).toMatchObject({
      peso: 81,
      altura: 1.75,
      imc: 26.4,
      status: 'sobrepeso',
    });
    expect(user.indice_massa_corporal[0].variacao_peso).toBe(1);
    expect(user.glicose[0]).toMatchObject({ value: 101, time_of_day: 1, status: 'alterada' });
    expect(user.caracteristicas).toMatchObject({ peso: 72.5, altura: 1.75 });
  });

  it("never carries another patient's readings", async () => {
    const a = await createPatient(t.app);
    const b = await createPatient(t.app);
    expect((await post('pressao', { sis: '120', dia: '80', ...at(1) }, a.auth)).statusCode).toBe(201);
    expect((await post('glicose', { value: '95', time_of_day: 2, ...at(1) }, a.auth)).statusCode).toBe(201);
    const user = (await home(b.auth)).json().user;
    expect(user).toMatchObject({
      id: b.user.id,
      pressao: [],
      glicose: [],
      oxigenacao: [],
      indice_massa_corporal: [],
    });
    expect((await home(a.auth)).json().user.pressao).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- PUT /api/home/pessoal

describe('PUT /api/home/pessoal', () => {
  it('answers 401 to a guest', async () => {
    const res = await put('pessoal', PESSOAL, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it("saves the card with masks stripped and answers 'Salvo com sucesso'", async () => {
    const p = await createPatient(t.app);
    const res = await put('pessoal', PESSOAL, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Salvo com sucesso');
    const expected = {
      telefone: '11987654321',
      contato: 'João Silva',
      contato_telefone: '1133334444',
      contato_relacao: 'C',
    };
    expect(res.json().user.pessoal).toEqual(expected);
    expect((await viewOf(p)).pessoal).toEqual(expected);
  });

  it('accepts phones sent as digits and a mobile for the contact', async () => {
    const p = await createPatient(t.app);
    const res = await put(
      'pessoal',
      { telefone: '21987654321', contato_telefone: '31988887777', contato_relacao: 'P' },
      p.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.pessoal).toEqual({
      telefone: '21987654321',
      contato: null,
      contato_telefone: '31988887777',
      contato_relacao: 'P',
    });
  });

  it('clears the optional fields sent blank (PUT replaces the card)', async () => {
    const p = await createPatient(t.app);
    await put('pessoal', PESSOAL, p.auth);
    const res = await put(
      'pessoal',
      { telefone: '11987654321', contato: ' ', contato_telefone: '', contato_relacao: '' },
      p.auth,
    );
    expect(res.json().user.pessoal).toEqual({
      telefone: '11987654321',
      contato: null,
      contato_telefone: null,
      contato_relacao: null,
    });
  });

  it.each([
    ['telefone', { telefone: '' }, P.telefone],
    ['telefone', { telefone: undefined }, P.telefone],
    ['telefone', { telefone: '(11) 3333 4444' }, P.telefone],
    ['telefone', { telefone: '(11) 98765 432' }, P.telefone],
    ['telefone', { telefone: '01987654321' }, P.telefone],
    ['contato_telefone', { contato_telefone: '(11) 1333 4444' }, P.contato_telefone],
    ['contato_telefone', { contato_telefone: '11' }, P.contato_telefone],
    ['contato_relacao', { contato_relacao: 'X' }, P.contato_relacao],
    ['contato', { contato: 'a'.repeat(256) }, 'Use no máximo 255 caracteres'],
  ])('answers 422 on an invalid %s and keeps the saved card', async (field, override, message) => {
    const p = await createPatient(t.app);
    await put('pessoal', PESSOAL, p.auth);
    const before = await viewOf(p);
    const res = await put('pessoal', { ...PESSOAL, ...override }, p.auth);
    expect(res.statusCode).toBe(422);
    const json = res.json();
    expect(json.errors[field]).toEqual([message]);
    expect(json.message).toBe(message);
    expect(await viewOf(p)).toEqual(before);
  });

  it('writes only the pessoal columns', async () => {
    const p = await createPatient(t.app);
    await fillCards(p);
    const before = await viewOf(p);
    const res = await put('pessoal', { telefone: '21912345678' }, p.auth);
    const after = res.json().user as UserView;
    expect(after.pessoal.telefone).toBe('21912345678');
    expect(after.caracteristicas).toEqual(before.caracteristicas);
    expect(after.geral).toEqual(before.geral);
    expect(after.avatar).toBe(before.avatar);
    expect(after.name).toBe(before.name);
  });

  it('lets another patient change only their own card', async () => {
    const a = await createPatient(t.app);
    await fillCards(a);
    const before = await viewOf(a);
    const b = await createPatient(t.app);
    const res = await put(
      'pessoal',
      { telefone: '21912345678', contato: 'Intruso', contato_relacao: 'O' },
      b.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(b.user.id);
    expect(res.json().user.pessoal.contato).toBe('Intruso');
    expect(await viewOf(a)).toEqual(before);
  });
});

// ---------------------------------------------------------------- PUT /api/home/caracteristicas

describe('PUT /api/home/caracteristicas', () => {
  it('answers 401 to a guest', async () => {
    expect((await put('caracteristicas', CARACTERISTICAS, undefined)).statusCode).toBe(401);
  });

  it('reads weight and height typed with a comma (kg, m) and answers numbers', async () => {
    const p = await createPatient(t.app);
    const res = await put('caracteristicas', CARACTERISTICAS, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Salvo com sucesso');
    const expected = { peso: 72.5, altura: 1.75, cor: 3, olhos: 2, sinal: 'Tatuagem no braço' };
    expect(res.json().user.caracteristicas).toEqual(expected);
    expect((await viewOf(p)).caracteristicas).toEqual(expected);
  });

  it.each([
    ['10', 10],
    ['10,0', 10],
    [400, 400],
    ['400,0', 400],
    ['99.9', 99.9],
  ])('accepts the weight %s kg', async (peso, stored) => {
    const p = await createPatient(t.app);
    const res = await put('caracteristicas', { peso }, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.caracteristicas.peso).toBe(stored);
  });

  it.each([
    ['0,40', 0.4],
    ['2,50', 2.5],
    ['1.62', 1.62],
    [2, 2],
  ])('accepts the height %s m', async (altura, stored) => {
    const p = await createPatient(t.app);
    const res = await put('caracteristicas', { altura }, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.caracteristicas.altura).toBe(stored);
  });

  it.each([
    ['peso', { peso: 400.1 }, P.peso],
    ['peso', { peso: '400,1' }, P.peso],
    ['peso', { peso: '9,9' }, P.peso],
    ['peso', { peso: '72,55' }, P.peso],
    ['peso', { peso: '72,5kg' }, P.peso],
    ['altura', { altura: '0,39' }, P.altura],
    ['altura', { altura: 2.51 }, P.altura],
    ['altura', { altura: 175 }, P.altura],
    ['altura', { altura: '1,755' }, P.altura],
    ['cor', { cor: 6 }, P.cor],
    ['cor', { cor: 'Branca' }, P.cor],
    ['olhos', { olhos: 5 }, P.olhos],
    ['sinal', { sinal: 'a'.repeat(501) }, 'Use no máximo 500 caracteres'],
  ])('answers 422 on an invalid %s and keeps the saved card', async (field, override, message) => {
    const p = await createPatient(t.app);
    await put('caracteristicas', CARACTERISTICAS, p.auth);
    const before = await viewOf(p);
    const res = await put('caracteristicas', { ...CARACTERISTICAS, ...override }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(res.json().message).toBe(message);
    expect(await viewOf(p)).toEqual(before);
  });

  it('clears the card with blank fields and writes no other column', async () => {
    const p = await createPatient(t.app);
    await fillCards(p);
    const before = await viewOf(p);
    const res = await put('caracteristicas', { peso: '', altura: ' ', cor: '', olhos: null }, p.auth);
    const after = res.json().user as UserView;
    expect(after.caracteristicas).toEqual({ peso: null, altura: null, cor: null, olhos: null, sinal: null });
    expect(after.pessoal).toEqual(before.pessoal);
    expect(after.geral).toEqual(before.geral);
  });

  it('lets another patient change only their own card', async () => {
    const a = await createPatient(t.app);
    await fillCards(a);
    const before = await viewOf(a);
    const b = await createPatient(t.app);
    const res = await put('caracteristicas', { peso: '120', altura: '2,00' }, b.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(b.user.id);
    expect(await viewOf(a)).toEqual(before);
  });
});

// ---------------------------------------------------------------- PUT /api/home/geral

describe('PUT /api/home/geral', () => {
  it('answers 401 to a guest', async () => {
    expect((await put('geral', GERAL, undefined)).statusCode).toBe(401);
  });

  it('saves the card and describes the city from the database', async () => {
    const p = await createPatient(t.app);
    const res = await put('geral', GERAL, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Salvo com sucesso');
    expect(res.json().user.geral).toEqual({ ...GERAL, cidade: SAO_PAULO });
    expect((await viewOf(p)).geral).toEqual({ ...GERAL, cidade: SAO_PAULO });
  });

  it('ignores a city description forged by the client and accepts the id as a string', async () => {
    const p = await createPatient(t.app);
    const res = await put(
      'geral',
      { ...GERAL, cidade: { id: String(SALVADOR.id), descricao: '<script>alert(1)</script> - XX' } },
      p.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.geral.cidade).toEqual(SALVADOR);
    expect((await viewOf(p)).geral.cidade).toEqual(SALVADOR);
  });

  it('accepts birth dates from 1920-01-01 to today (America/Sao_Paulo)', async () => {
    const p = await createPatient(t.app);
    for (const nascimento of ['1920-01-01', todayInSaoPaulo()]) {
      const res = await put('geral', { ...GERAL, nascimento }, p.auth);
      expect(res.statusCode, nascimento).toBe(200);
      expect(res.json().user.geral.nascimento).toBe(nascimento);
    }
  });

  it.each([
    ['nascimento', { nascimento: '1919-12-31' }, P.nascimento],
    ['nascimento', { nascimento: isoPlusDays(todayInSaoPaulo(), 1) }, P.nascimento],
    ['nascimento', { nascimento: '2023-02-29' }, P.nascimento],
    ['nascimento', { nascimento: '20/03/1985' }, P.nascimento],
    ['sexo', { sexo: 'X' }, P.sexo],
    ['sangue', { sangue: 9 }, P.sangue],
    ['endereco', { endereco: 'a'.repeat(256) }, 'Use no máximo 255 caracteres'],
  ])('answers 422 on an invalid %s and keeps the saved card', async (field, override, message) => {
    const p = await createPatient(t.app);
    await put('geral', GERAL, p.auth);
    const before = await viewOf(p);
    const res = await put('geral', { ...GERAL, ...override }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(res.json().message).toBe(message);
    expect(await viewOf(p)).toEqual(before);
  });

  it.each([
    ['an unknown IBGE id', 1234567],
    ['an id beyond the integer column', 99_999_999_999],
  ])('answers 422 errors.cidade for %s and keeps the saved card', async (_label, id) => {
    const p = await createPatient(t.app);
    await put('geral', GERAL, p.auth);
    const before = await viewOf(p);
    const res = await put('geral', { ...GERAL, cidade: { id, descricao: 'Cidade Inventada - ZZ' } }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: P.cidade, errors: { cidade: [P.cidade] } });
    expect(await viewOf(p)).toEqual(before);
  });

  it('answers 422 for a city that is not an id', async () => {
    const p = await createPatient(t.app);
    const res = await put(
      'geral',
      { ...GERAL, cidade: { id: 'São Paulo', descricao: 'São Paulo - SP' } },
      p.auth,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(P.cidade);
  });

  it('clears the city and the rest of the card with blanks, writing no other column', async () => {
    const p = await createPatient(t.app);
    await fillCards(p);
    const before = await viewOf(p);
    const res = await put('geral', { cidade: '', nascimento: '' }, p.auth);
    const after = res.json().user as UserView;
    expect(after.geral).toEqual({
      nascimento: null,
      sexo: null,
      sangue: null,
      endereco: null,
      bairro: null,
      cidade: null,
      complemento: null,
    });
    expect(after.pessoal).toEqual(before.pessoal);
    expect(after.caracteristicas).toEqual(before.caracteristicas);
  });

  it('lets another patient change only their own card', async () => {
    const a = await createPatient(t.app);
    await fillCards(a);
    const before = await viewOf(a);
    const b = await createPatient(t.app);
    const res = await put('geral', { ...GERAL, cidade: SALVADOR, sangue: 1 }, b.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(b.user.id);
    expect(res.json().user.geral.cidade).toEqual(SALVADOR);
    expect(await viewOf(a)).toEqual(before);
  });
});

// ---------------------------------------------------------------- updated_at

describe('users.updated_at (the "last edited" date of /home)', () => {
  it('moves forward on every save and stays put on reads and rejected saves', async () => {
    const p = await createPatient(t.app);
    const stamps = [p.user.updated_at];
    const png = await solidImage(400, 400).png().toBuffer();
    const saves = [
      () => put('pessoal', PESSOAL, p.auth),
      () => put('caracteristicas', CARACTERISTICAS, p.auth),
      () => put('geral', GERAL, p.auth),
      () => upload(p.auth, png),
      () => put('geral', GERAL, p.auth),
    ];
    for (const save of saves) {
      await pause();
      const res = await save();
      expect(res.statusCode).toBe(200);
      stamps.push(res.json().user.updated_at);
    }
    for (let i = 1; i < stamps.length; i++) {
      expect(Date.parse(stamps[i] as string), `save ${i}`).toBeGreaterThan(
        Date.parse(stamps[i - 1] as string),
      );
    }
    const last = stamps.at(-1);
    await pause();
    expect((await viewOf(p)).updated_at).toBe(last);
    expect((await put('caracteristicas', { peso: '400,1' }, p.auth)).statusCode).toBe(422);
    expect((await upload(p.auth, Buffer.from('não é imagem'))).statusCode).toBe(422);
    expect((await viewOf(p)).updated_at).toBe(last);
  });
});

// ---------------------------------------------------------------- POST /api/home/avatar

describe('POST /api/home/avatar', () => {
  it('answers 401 to a guest and stores nothing', async () => {
    const res = await upload(undefined, await solidImage(350, 350).png().toBuffer());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it.each([
    ['PNG', () => solidImage(350, 350).png().toBuffer(), 'image/png'],
    ['JPEG', () => solidImage(1200, 800).jpeg().toBuffer(), 'image/jpeg'],
    ['WebP', () => solidImage(500, 700).webp().toBuffer(), 'image/webp'],
  ])('stores a %s as a 350×350 PNG served back at the avatar URL', async (_format, make, type) => {
    const p = await createPatient(t.app);
    const res = await upload(p.auth, await make(), { type });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Foto alterada com sucesso');
    const url = res.json().user.avatar as string;
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.png$/);
    expect((await viewOf(p)).avatar).toBe(url);

    // A capability URL: readable without a token.
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', AVATAR_SIZE, AVATAR_SIZE]);
  });

  it('drops EXIF (which may carry GPS) and every other metadata block', async () => {
    const p = await createPatient(t.app);
    const jpeg = await solidImage(800, 600)
      .withExif({ IFD0: { Make: 'Pulso', Copyright: 'Maria', ImageDescription: 'Rua das Flores, 10' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(p.auth, jpeg, { type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const image = await t.app.inject({ url: res.json().user.avatar });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('Rua das Flores'))).toBe(false);
  });

  it('accepts a photo above the 1 MB JSON limit and below 2 MB', async () => {
    const p = await createPatient(t.app);
    const noise = Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256)));
    const png = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(1024 * 1024);
    expect(png.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(p.auth, png);
    expect(res.statusCode).toBe(200);
  });

  it('answers 422 with the 2MB message for a 2.5 MB file', async () => {
    const p = await createPatient(t.app);
    const big = Buffer.concat([await solidImage(350, 350).png().toBuffer(), Buffer.alloc(2.5 * 1024 * 1024)]);
    const res = await upload(p.auth, big);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'O arquivo deve ter no máximo 2MB',
      errors: { avatar: ['O arquivo deve ter no máximo 2MB'] },
    });
    expect((await viewOf(p)).avatar).toBeNull();
  });

  it.each([
    ['a text file named .png', () => Buffer.from('Olá, isto não é uma imagem.\n'), 'foto.png', 'image/png'],
    [
      'a PDF',
      () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      'exame.pdf',
      'image/jpeg',
    ],
    [
      'an SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
      'a.png',
      'image/png',
    ],
    ['a GIF', () => solidImage(20, 20).gif().toBuffer(), 'a.gif', 'image/gif'],
    ['a TIFF', () => solidImage(20, 20).tiff().toBuffer(), 'a.png', 'image/png'],
    [
      'a truncated PNG',
      async () => (await solidImage(350, 350).png().toBuffer()).subarray(0, 60),
      'a.png',
      'image/png',
    ],
  ])('answers 422 errors.avatar to %s', async (_label, make, filename, type) => {
    const p = await createPatient(t.app);
    const res = await upload(p.auth, await make(), { filename, type });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: AVATAR_MESSAGES.type, errors: { avatar: [AVATAR_MESSAGES.type] } });
    expect((await viewOf(p)).avatar).toBeNull();
  });

  it('answers 422 to an image declaring more than 50 megapixels, without decoding it', async () => {
    const p = await createPatient(t.app);
    const res = await upload(p.auth, pngBomb());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.avatar).toEqual([AVATAR_MESSAGES.tooManyPixels]);
  });

  it('answers 422 "Escolha uma imagem" when no file comes', async () => {
    const p = await createPatient(t.app);
    const expected = { message: AVATAR_MESSAGES.missing, errors: { avatar: [AVATAR_MESSAGES.missing] } };
    const otherField = await upload(p.auth, await solidImage(10, 10).png().toBuffer(), { field: 'foto' });
    expect(otherField.statusCode).toBe(422);
    expect(otherField.json()).toEqual(expected);
    const empty = await upload(p.auth, Buffer.alloc(0));
    expect(empty.json()).toEqual(expected);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/home/avatar',
      headers: p.auth,
      payload: { avatar: 'iVBORw0KGgo=' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual(expected);
    const nothing = await t.app.inject({ method: 'POST', url: '/api/home/avatar', headers: p.auth });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toEqual(expected);
  });

  it('deletes the previous file once the new photo is saved', async () => {
    const p = await createPatient(t.app);
    const first = await upload(p.auth, await solidImage(350, 350).png().toBuffer());
    const firstFile = fileOf(first.json().user.avatar);
    expect(await t.app.ctx.storage.get(avatarKey(firstFile))).not.toBeNull();

    const second = await upload(p.auth, await solidImage(600, 600).jpeg().toBuffer(), { type: 'image/jpeg' });
    expect(second.statusCode).toBe(200);
    const secondFile = fileOf(second.json().user.avatar);
    expect(secondFile).not.toBe(firstFile);
    expect(await t.app.ctx.storage.get(avatarKey(firstFile))).toBeNull();
    expect((await t.app.inject({ url: `/api/avatars/${firstFile}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/avatars/${secondFile}` })).statusCode).toBe(200);
  });

  it('keeps the current photo when an upload is rejected', async () => {
    const p = await createPatient(t.app);
    const ok = await upload(p.auth, await solidImage(350, 350).png().toBuffer());
    const file = fileOf(ok.json().user.avatar);
    expect((await upload(p.auth, Buffer.from('texto'))).statusCode).toBe(422);
    expect((await viewOf(p)).avatar).toBe(`/api/avatars/${file}`);
    expect((await t.app.inject({ url: `/api/avatars/${file}` })).statusCode).toBe(200);
  });

  it('lets another patient change only their own photo', async () => {
    const a = await createPatient(t.app);
    const mine = await upload(a.auth, await solidImage(350, 350).png().toBuffer());
    const before = await viewOf(a);
    const b = await createPatient(t.app);
    const theirs = await upload(b.auth, await solidImage(350, 350).webp().toBuffer(), { type: 'image/webp' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().user.id).toBe(b.user.id);
    expect(theirs.json().user.avatar).not.toBe(mine.json().user.avatar);
    expect(await viewOf(a)).toEqual(before);
    expect((await t.app.inject({ url: before.avatar as string })).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------- GET /api/avatars/:file

describe('GET /api/avatars/:file', () => {
  it.each([
    'abc.png',
    `${'A'.repeat(32)}.png`,
    `${'a'.repeat(32)}.jpg`,
    `${'a'.repeat(32)}`,
    `${'a'.repeat(33)}.png`,
    `..%2F${'a'.repeat(32)}.png`,
    '..%2F..%2Fdb%2Fpostmaster.pid',
  ])('answers 404 to the malformed name %s', async (file) => {
    const res = await t.app.inject({ url: `/api/avatars/${file}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });

  it('answers 404 {message} to a well-formed name that holds no file', async () => {
    const res = await t.app.inject({ url: `/api/avatars/${'0'.repeat(32)}.png` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: AVATAR_MESSAGES.notFound });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
