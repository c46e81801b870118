import { type DoencaView, SAUDE_MESSAGES, UNAUTHENTICATED_MESSAGE, type UserHealthView } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';

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
type Section = 'saude' | 'hospitalar' | 'outras' | 'doencas';

const M = SAUDE_MESSAGES;
const PUBLISHED_CNS = '898000000043208';

const get = (auth: Auth) => t.app.inject({ url: '/api/saude', ...(auth ? { headers: auth } : {}) });
const put = (section: Section, payload: unknown, auth: Auth) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/${section}`,
    payload: payload as Record<string, unknown>,
    ...(auth ? { headers: auth } : {}),
  });

type SaudeAnswer = {
  user: UserHealthView;
  especialidades: { id: number; nome: string }[];
  doencas: DoencaView[];
};

/** The owner's /saude answer, read back through `GET /api/saude`. */
async function saudeOf(p: Patient): Promise<SaudeAnswer> {
  const res = await get(p.auth);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const SAUDE = {
  alergias: 'Dipirona, penicilina',
  problemas: 'Asma leve',
  medicamentos: 'Losartana 50 mg',
  tratamento: 'Fisioterapia',
  protese: 'Prótese no joelho',
  sus: '898 0000 0004 3208',
};
const HOSPITALAR = {
  convenio_empresa: 'Unimed',
  convenio_numero: '0012345',
  hospital: 'Hospital das Clínicas',
  medico_id: null,
  medico_name: 'Dra. Ana Souza',
  medico_crm: 'CRM-SP 123456',
  medico_especialidade: 'Cardiologia',
};
const OUTRAS = { doador: 'S', adicional: 'Usa lentes de contato' };

async function diabetesId(p: Patient): Promise<number> {
  const diabetes = (await saudeOf(p)).doencas.find((d) => d.nome === 'Diabetes');
  if (!diabetes) throw new Error('Diabetes is not seeded');
  return diabetes.id;
}

/** Fills every /saude card of `p` and checks Diabetes. */
async function fillAll(p: Patient) {
  expect((await put('saude', SAUDE, p.auth)).statusCode).toBe(200);
  expect((await put('hospitalar', HOSPITALAR, p.auth)).statusCode).toBe(200);
  expect((await put('outras', OUTRAS, p.auth)).statusCode).toBe(200);
  const id = await diabetesId(p);
  expect((await put('doencas', { doencas: [{ id, checked: true }] }, p.auth)).statusCode).toBe(200);
}

describe('GET /api/saude', () => {
  it('answers 401 to a guest and to a made-up token', async () => {
    const guest = await get(undefined);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    expect((await get({ authorization: 'Bearer forged-token' })).statusCode).toBe(401);
  });

  it('answers the owner empty cards, the specialties and the unchecked checklist', async () => {
    const p = await createPatient(t.app);
    const body = await saudeOf(p);
    expect(body.user).toEqual({
      ...p.user,
      saude: {
        alergias: null,
        problemas: null,
        medicamentos: null,
        tratamento: null,
        protese: null,
        sus: null,
      },
      hospitalar: {
        convenio_empresa: null,
        convenio_numero: null,
        hospital: null,
        medico_id: null,
        medico_name: null,
        medico_crm: null,
        medico_especialidade: null,
      },
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.especialidades.length).toBeGreaterThanOrEqual(55);
    expect(body.especialidades.map((e) => e.nome)).toContain('Cardiologia');
    expect(body.doencas.map((d) => d.nome)).toContain('Diabetes');
    expect(body.doencas.length).toBeGreaterThanOrEqual(18);
    expect(body.doencas.every((d) => d.checked === false)).toBe(true);
  });

  it("never answers another patient the owner's health data", async () => {
    const a = await createPatient(t.app);
    await fillAll(a);
    const b = await createPatient(t.app);
    const body = await saudeOf(b);
    expect(body.user.id).toBe(b.user.id);
    expect(body.user.saude.alergias).toBeNull();
    expect(body.user.hospitalar.hospital).toBeNull();
    expect(body.user.outras).toEqual({ doador: null, adicional: null });
    expect(body.doencas.some((d) => d.checked)).toBe(false);
    expect(JSON.stringify(body)).not.toContain('Dipirona');
  });
});

describe('PUT /api/saude', () => {
  it('answers 401 to a guest', async () => {
    const res = await put('saude', SAUDE, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('saves the card with the masked SUS number stored as 15 digits', async () => {
    const p = await createPatient(t.app);
    const res = await put('saude', SAUDE, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Salvo com sucesso');
    const expected = { ...SAUDE, sus: PUBLISHED_CNS };
    expect(res.json().user.saude).toEqual(expected);
    expect((await saudeOf(p)).user.saude).toEqual(expected);
  });

  it('accepts the SUS number as digits and clears blank fields (PUT replaces the card)', async () => {
    const p = await createPatient(t.app);
    await put('saude', SAUDE, p.auth);
    const res = await put('saude', { alergias: ' ', sus: '123456789100018' }, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.saude).toEqual({
      alergias: null,
      problemas: null,
      medicamentos: null,
      tratamento: null,
      protese: null,
      sus: '123456789100018',
    });
  });

  it.each([
    ['sus', { sus: '898 0000 0004 3209' }, M.sus],
    ['sus', { sus: '123 4567 8901 0001' }, M.sus],
    ['sus', { sus: '898 0000 0004' }, M.sus],
    ['sus', { sus: '300 0000 0000 0005' }, M.sus],
    ['alergias', { alergias: 'a'.repeat(2001) }, 'Use no máximo 2000 caracteres'],
    ['medicamentos', { medicamentos: 'a'.repeat(2001) }, 'Use no máximo 2000 caracteres'],
  ])('answers 422 on an invalid %s and keeps the saved card', async (field, override, message) => {
    const p = await createPatient(t.app);
    await put('saude', SAUDE, p.auth);
    const before = await saudeOf(p);
    const res = await put('saude', { ...SAUDE, ...override }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(res.json().message).toBe(message);
    expect(await saudeOf(p)).toEqual(before);
  });

  it('lets another patient change only their own card', async () => {
    const a = await createPatient(t.app);
    await fillAll(a);
    const before = await saudeOf(a);
    const b = await createPatient(t.app);
    const res = await put('saude', { alergias: 'Intruso' }, b.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(b.user.id);
    expect(await saudeOf(a)).toEqual(before);
  });
});

describe('PUT /api/hospitalar', () => {
  it('answers 401 to a guest', async () => {
    expect((await put('hospitalar', HOSPITALAR, undefined)).statusCode).toBe(401);
  });

  it('saves the card, leading zeros of the plan number kept, and writes no other card', async () => {
    const p = await createPatient(t.app);
    await put('saude', SAUDE, p.auth);
    const res = await put('hospitalar', HOSPITALAR, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Salvo com sucesso');
    expect(res.json().user.hospitalar).toEqual(HOSPITALAR);
    const after = await saudeOf(p);
    expect(after.user.hospitalar).toEqual(HOSPITALAR);
    expect(after.user.saude.sus).toBe(PUBLISHED_CNS);
  });

  it.each([
    ['convenio_numero', { convenio_numero: '12.345-6' }, M.convenio_numero],
    ['convenio_numero', { convenio_numero: 'ABC' }, M.convenio_numero],
    ['medico_id', { medico_id: 999_999 }, M.medico_id],
    ['medico_id', { medico_id: 0 }, M.medico_id],
    ['medico_id', { medico_id: 'Dra. Ana' }, M.medico_id],
    ['hospital', { hospital: 'a'.repeat(256) }, 'Use no máximo 255 caracteres'],
  ])('answers 422 on an invalid %s and keeps the saved card', async (field, override, message) => {
    const p = await createPatient(t.app);
    await put('hospitalar', HOSPITALAR, p.auth);
    const before = await saudeOf(p);
    const res = await put('hospitalar', { ...HOSPITALAR, ...override }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(res.json().message).toBe(message);
    expect(await saudeOf(p)).toEqual(before);
  });

  it("stores a registered doctor's name, CRM and specialty from the record, not from the body", async () => {
    const doctor = await createDoctor(t, {
      name: 'José Carvalho',
      crm: { numero: '123456', uf: 'SP' },
      especialidades: ['Pediatria', 'Cardiologia'],
    });
    const p = await createPatient(t.app);
    const body = {
      ...HOSPITALAR,
      medico_id: doctor.medicoId,
      medico_name: 'Outro nome',
      medico_crm: 'CRM forjado',
      medico_especialidade: 'Dermatologia',
    };
    const res = await put('hospitalar', body, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Salvo com sucesso');
    const expected = {
      ...HOSPITALAR,
      medico_id: doctor.medicoId,
      medico_name: 'José Carvalho',
      medico_crm: 'CRM/SP 123456',
      medico_especialidade: 'Cardiologia',
    };
    expect(res.json().user.hospitalar).toEqual(expected);
    expect((await saudeOf(p)).user.hospitalar).toEqual(expected);
  });

  it('accepts the doctor id as a string and a doctor without specialty (null specialty)', async () => {
    const doctor = await createDoctor(t, { name: 'Ana Lima', crm: { numero: '4321', uf: 'RJ' } });
    const p = await createPatient(t.app);
    const res = await put(
      'hospitalar',
      { medico_id: String(doctor.medicoId), medico_especialidade: 'Cardiologia' },
      p.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.hospitalar).toMatchObject({
      medico_id: doctor.medicoId,
      medico_name: 'Ana Lima',
      medico_crm: 'CRM/RJ 4321',
      medico_especialidade: null,
    });
  });

  it('goes back to a free-text doctor when medico_id is null', async () => {
    const doctor = await createDoctor(t, { name: 'José Carvalho', especialidades: ['Cardiologia'] });
    const p = await createPatient(t.app);
    expect((await put('hospitalar', { medico_id: doctor.medicoId }, p.auth)).statusCode).toBe(200);
    const res = await put('hospitalar', HOSPITALAR, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.hospitalar).toEqual(HOSPITALAR);
    expect((await saudeOf(p)).user.hospitalar).toEqual(HOSPITALAR);
  });

  it('answers 422 errors.medico_id for a suspended doctor and keeps the saved card', async () => {
    const doctor = await createDoctor(t, { name: 'Carlos Suspenso', suspended: true });
    const p = await createPatient(t.app);
    await put('hospitalar', HOSPITALAR, p.auth);
    const before = await saudeOf(p);
    const res = await put('hospitalar', { ...HOSPITALAR, medico_id: doctor.medicoId }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.medico_id, errors: { medico_id: [M.medico_id] } });
    expect(await saudeOf(p)).toEqual(before);
  });

  it('answers 422 errors.medico_id for a doctor whose account was closed', async () => {
    const doctor = await createDoctor(t, { name: 'Renata Fechada' });
    const closed = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/account/closed',
      headers: doctor.auth,
      payload: { is_active: false, password: doctor.password },
    });
    expect(closed.statusCode).toBe(200);
    const p = await createPatient(t.app);
    const res = await put('hospitalar', { ...HOSPITALAR, medico_id: doctor.medicoId }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ medico_id: [M.medico_id] });
    expect((await saudeOf(p)).user.hospitalar.medico_id).toBeNull();
  });

  it('lets a doctor account save its own card, choosing a colleague, and nobody else', async () => {
    const colleague = await createDoctor(t, { name: 'Helena Duarte', crm: { numero: '777', uf: 'BA' } });
    const doctor = await createDoctor(t, { name: 'Pedro Alves' });
    const a = await createPatient(t.app);
    await fillAll(a);
    const before = await saudeOf(a);
    const res = await put('hospitalar', { medico_id: colleague.medicoId }, doctor.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(doctor.user.id);
    expect(res.json().user.hospitalar.medico_crm).toBe('CRM/BA 777');
    expect(await saudeOf(a)).toEqual(before);
  });

  it('lets another patient change only their own card', async () => {
    const a = await createPatient(t.app);
    await fillAll(a);
    const before = await saudeOf(a);
    const b = await createPatient(t.app);
    const res = await put('hospitalar', { hospital: 'Outro hospital' }, b.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(b.user.id);
    expect(await saudeOf(a)).toEqual(before);
  });
});

describe('PUT /api/outras', () => {
  it('answers 401 to a guest', async () => {
    expect((await put('outras', OUTRAS, undefined)).statusCode).toBe(401);
  });

  it('saves the card', async () => {
    const p = await createPatient(t.app);
    const res = await put('outras', OUTRAS, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Salvo com sucesso');
    expect(res.json().user.outras).toEqual(OUTRAS);
    expect((await saudeOf(p)).user.outras).toEqual(OUTRAS);
  });

  it.each([
    ['doador', { doador: 'X' }, 'Escolha Sim ou Não'],
    ['adicional', { adicional: 'a'.repeat(2001) }, 'Use no máximo 2000 caracteres'],
  ])('answers 422 on an invalid %s and keeps the saved card', async (field, override, message) => {
    const p = await createPatient(t.app);
    await put('outras', OUTRAS, p.auth);
    const before = await saudeOf(p);
    const res = await put('outras', { ...OUTRAS, ...override }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await saudeOf(p)).toEqual(before);
  });

  it('lets another patient change only their own card', async () => {
    const a = await createPatient(t.app);
    await fillAll(a);
    const before = await saudeOf(a);
    const b = await createPatient(t.app);
    expect((await put('outras', { doador: 'N' }, b.auth)).statusCode).toBe(200);
    expect(await saudeOf(a)).toEqual(before);
  });
});

describe('PUT /api/doencas', () => {
  it('answers 401 to a guest', async () => {
    const res = await put('doencas', { doencas: [{ id: 1, checked: true }] }, undefined);
    expect(res.statusCode).toBe(401);
  });

  it('round-trips the checklist with Diabetes checked and unchecked', async () => {
    const p = await createPatient(t.app);
    const id = await diabetesId(p);
    const res = await put('doencas', { doencas: [{ id, checked: true }] }, p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Salvo com sucesso');
    const checked = (list: DoencaView[]) => list.filter((d) => d.checked).map((d) => d.nome);
    expect(checked(res.json().doencas)).toEqual(['Diabetes']);
    expect(checked((await saudeOf(p)).doencas)).toEqual(['Diabetes']);
    // Checking it again changes nothing; unchecking removes it.
    expect((await put('doencas', { doencas: [{ id, checked: true }] }, p.auth)).statusCode).toBe(200);
    const off = await put('doencas', { doencas: [{ id, checked: false }] }, p.auth);
    expect(checked(off.json().doencas)).toEqual([]);
    expect(checked((await saudeOf(p)).doencas)).toEqual([]);
  });

  it('answers 422 for an id not in the list and writes nothing', async () => {
    const p = await createPatient(t.app);
    const id = await diabetesId(p);
    const res = await put(
      'doencas',
      {
        doencas: [
          { id, checked: true },
          { id: 999_999, checked: true },
        ],
      },
      p.auth,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.doencas, errors: { doencas: [M.doencas] } });
    expect((await saudeOf(p)).doencas.some((d) => d.checked)).toBe(false);
  });

  it('answers 422 for a malformed checklist', async () => {
    const p = await createPatient(t.app);
    const res = await put('doencas', { doencas: [{ id: 'Diabetes', checked: true }] }, p.auth);
    expect(res.statusCode).toBe(422);
    expect(Object.values(res.json().errors).flat()).toContain(M.doencas);
  });

  it("lets another patient mark only their own checklist and not uncheck the owner's", async () => {
    const a = await createPatient(t.app);
    await fillAll(a);
    const before = await saudeOf(a);
    const b = await createPatient(t.app);
    const id = await diabetesId(b);
    const res = await put('doencas', { doencas: [{ id, checked: false }] }, b.auth);
    expect(res.statusCode).toBe(200);
    expect(await saudeOf(a)).toEqual(before);
    expect(before.doencas.find((d) => d.id === id)?.checked).toBe(true);
  });
});

describe('the public view', () => {
  it('GET /api/code/:code carries none of My Health', async () => {
    const p = await createPatient(t.app);
    await fillAll(p);
    const res = await t.app.inject({ url: `/api/code/${p.user.code}` });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user.name).toBe(p.user.name);
    expect(user.outras).toEqual({ doador: 'S' });
    for (const key of ['saude', 'hospitalar', 'doencas', 'alergias', 'medicamentos', 'sus']) {
      expect(user).not.toHaveProperty(key);
    }
    for (const secret of ['Dipirona', 'Losartana', PUBLISHED_CNS, 'Unimed', 'Diabetes', 'lentes']) {
      expect(res.body).not.toContain(secret);
    }
  });
});
