import {
  type AtendimentoView,
  TELEMEDICINA_MESSAGES as M,
  MEDICOS_PAGE_SIZE,
  type MedicoView,
  UNAUTHENTICATED_MESSAGE,
  type UserView,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  atendimentos,
  clinicas,
  creditos,
  denuncias,
  especialidades,
  mensagens,
  passes,
  planos,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  createAtendimento,
  createClinica,
  createDoctor,
  giveCreditos,
  subscribe,
} from '../../test/telemedicina-factories.ts';
import { endTrial, itemFields, postItem } from '../timeline/timeline.test-support.ts';
import { type Auth, cast, insertMensagem, send } from './telemedicina.test-support.ts';

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

const UNAUTHENTICATED = { message: UNAUTHENTICATED_MESSAGE };
const DAY = 24 * 3600 * 1000;

const names = (list: MedicoView[]) => list.map((m) => m.name);

async function especialidadeId(nome: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: especialidades.id })
    .from(especialidades)
    .where(eq(especialidades.nome, nome));
  if (!row) throw new Error(nome);
  return row.id;
}

describe('GET /api/telemedicina', () => {
  it('answers 401 to a guest', async () => {
    const res = await send(t, 'GET', '/api/telemedicina', undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('answers a patient its doctors (latest activity first, with unread counts), no requests, and the support doctor', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    const suporte = await createDoctor(t, { name: 'Suporte Pulso', suporte: true });
    const suspended = await createDoctor(t, { name: 'Suspenso', suspended: true });
    const older = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'E', {
      updated_at: new Date(Date.now() - 2 * DAY),
    });
    const recent = await createAtendimento(t.database.db, patient.user.id, stranger.medicoId, 'R', {
      updated_at: new Date(Date.now() - DAY),
    });
    await createAtendimento(t.database.db, patient.user.id, suporte.medicoId, 'A');
    await createAtendimento(t.database.db, patient.user.id, suspended.medicoId, 'E');
    await createAtendimento(t.database.db, other.user.id, doctor.medicoId, 'A');
    await insertMensagem(t, older, 'M');
    await insertMensagem(t, older, 'M', { read_at: new Date() });
    await insertMensagem(t, recent, 'U');
    const res = await send(t, 'GET', '/api/telemedicina', patient.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as {
      user: UserView;
      solicitacoes: AtendimentoView[];
      medicos: MedicoView[];
      suporte: MedicoView;
    };
    expect(body.user.id).toBe(patient.user.id);
    expect(body.solicitacoes).toEqual([]);
    expect(names(body.medicos)).toEqual(['Otávio Reis', 'Helena Prado']);
    expect(body.medicos.map((m) => m.mensagens_novas)).toEqual([0, 1]);
    expect(body.suporte).toMatchObject({ id: suporte.medicoId, suporte: true, name: 'Suporte Pulso' });
    // Another patient sees only its own doctors.
    const theirs = (await send(t, 'GET', '/api/telemedicina', other.auth)).json();
    expect(names(theirs.medicos)).toEqual(['Helena Prado']);
  });

  it('answers suporte null when no support doctor is set up', async () => {
    const { patient } = await cast(t);
    expect((await send(t, 'GET', '/api/telemedicina', patient.auth)).json().suporte).toBeNull();
  });

  it('answers a doctor the requests addressed to it, and an unrelated doctor none', async () => {
    const { patient, doctor, stranger } = await cast(t);
    const id = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'P');
    const mine = (await send(t, 'GET', '/api/telemedicina', doctor.auth)).json();
    expect(mine.solicitacoes.map((a: AtendimentoView) => a.id)).toEqual([id]);
    expect(mine.medicos).toEqual([]);
    expect((await send(t, 'GET', '/api/telemedicina', stranger.auth)).json().solicitacoes).toEqual([]);
  });
});

describe('GET /api/telemedicina/medicos/:search[/:offset]', () => {
  it('answers 401 to a guest', async () => {
    expect((await send(t, 'GET', '/api/telemedicina/medicos/all', undefined)).statusCode).toBe(401);
  });

  it('lists listable doctors, available first then by name, without support, suspended, closed or the caller', async () => {
    const { patient, doctor } = await cast(t);
    await createDoctor(t, { name: 'Ana Ocupada', status: 1 });
    await createDoctor(t, { name: 'Bruno Offline', status: 0 });
    await createDoctor(t, { name: 'Suporte Pulso', suporte: true });
    await createDoctor(t, { name: 'Carla Suspensa', suspended: true });
    const closed = await createDoctor(t, { name: 'Davi Encerrado' });
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, closed.user.id));
    const res = await send(t, 'GET', '/api/telemedicina/medicos/all', patient.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(4);
    expect(names(res.json().medicos)).toEqual([
      'Helena Prado',
      'Otávio Reis',
      'Ana Ocupada',
      'Bruno Offline',
    ]);
    // A doctor does not find itself.
    const own = await send(t, 'GET', '/api/telemedicina/medicos/all', doctor.auth);
    expect(names(own.json().medicos)).not.toContain('Helena Prado');
    expect(own.json().total).toBe(3);
  });

  it('finds a name part ignoring accents and case, and pages by offset', async () => {
    const { patient } = await cast(t);
    for (let i = 0; i < MEDICOS_PAGE_SIZE + 2; i += 1) {
      await createDoctor(t, { name: `João Ávila ${String(i).padStart(2, '0')}` });
    }
    const first = await send(
      t,
      'GET',
      `/api/telemedicina/medicos/${encodeURIComponent('JOAO AVILA')}`,
      patient.auth,
    );
    expect(first.json().total).toBe(MEDICOS_PAGE_SIZE + 2);
    expect(first.json().medicos).toHaveLength(MEDICOS_PAGE_SIZE);
    const next = await send(t, 'GET', `/api/telemedicina/medicos/avila/${MEDICOS_PAGE_SIZE}`, patient.auth);
    expect(names(next.json().medicos)).toEqual(['João Ávila 10', 'João Ávila 11']);
    expect((await send(t, 'GET', '/api/telemedicina/medicos/zzz', patient.auth)).json()).toEqual({
      medicos: [],
      total: 0,
    });
    expect((await send(t, 'GET', '/api/telemedicina/medicos/all/-1', patient.auth)).statusCode).toBe(422);
  });
});

describe('PUT /api/telemedicina/medicos/search', () => {
  const search = (auth: Auth, body: object) => send(t, 'PUT', '/api/telemedicina/medicos/search', auth, body);

  it('answers 401 to a guest', async () => {
    expect((await search(undefined, {})).statusCode).toBe(401);
  });

  it('filters by city, clinic, specialty and name, together, with skip paging', async () => {
    const { patient } = await cast(t);
    const recife = 2611606;
    await createDoctor(t, {
      name: 'Ana Lima',
      cidade_id: recife,
      especialidades: ['Pediatria'],
      clinicas: ['Clínica Boa Vista'],
    });
    await createDoctor(t, {
      name: 'Bia Souza',
      cidade_id: recife,
      especialidades: ['Cardiologia'],
      clinicas: ['Clínica Boa Vista'],
    });
    await createDoctor(t, { name: 'Caio Lima', cidade_id: recife, especialidades: ['Pediatria'] });
    const clinica = await createClinica(t.database.db, 'Clínica Boa Vista', recife);
    const pediatria = await especialidadeId('Pediatria');
    const found = async (body: object) => {
      const res = await search(patient.auth, body);
      expect(res.statusCode).toBe(200);
      return [names(res.json().medicos), res.json().total];
    };
    expect(await found({ cidade: recife })).toEqual([['Ana Lima', 'Bia Souza', 'Caio Lima'], 3]);
    expect(await found({ cidade: recife, clinica })).toEqual([['Ana Lima', 'Bia Souza'], 2]);
    expect(await found({ cidade: recife, especialidade: pediatria })).toEqual([['Ana Lima', 'Caio Lima'], 2]);
    expect(await found({ clinica, especialidade: String(pediatria), nome: '' })).toEqual([['Ana Lima'], 1]);
    expect(await found({ nome: 'LIMA', skip: 1 })).toEqual([['Caio Lima'], 2]);
    expect(await found({ cidade: 3550308, nome: 'helena' })).toEqual([['Helena Prado'], 1]);
    expect(await found({ cidade: null, clinica: null, especialidade: null, nome: null, skip: 0 })).toEqual([
      ['Ana Lima', 'Bia Souza', 'Caio Lima', 'Helena Prado', 'Otávio Reis'],
      5,
    ]);
    expect(await found({ cidade: 999_999_999_999 })).toEqual([[], 0]);
  });

  it('answers 422 for a bad skip or id', async () => {
    const { patient } = await cast(t);
    expect((await search(patient.auth, { skip: -1 })).statusCode).toBe(422);
    expect((await search(patient.auth, { cidade: 'abc' })).statusCode).toBe(422);
  });
});

describe('GET /api/telemedicina/medico/:id', () => {
  it('answers 401 to a guest and 404 for an unknown or suspended doctor', async () => {
    const { patient, doctor } = await cast(t);
    const suspended = await createDoctor(t, { suspended: true });
    expect((await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, undefined)).statusCode).toBe(
      401,
    );
    for (const id of [suspended.medicoId, 999_999]) {
      const res = await send(t, 'GET', `/api/telemedicina/medico/${id}`, patient.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: M.medicoNotFound });
    }
  });

  it('answers the profile with the caller’s sessions newest first, never another patient’s', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    const first = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'E', {
      created_at: new Date(Date.now() - 3 * DAY),
    });
    const refused = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'R', {
      created_at: new Date(Date.now() - DAY),
      recusado_motivo: 1,
      recusado_comentario: 'Não o conheço',
    });
    await createAtendimento(t.database.db, other.user.id, doctor.medicoId, 'A');
    const res = await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, patient.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { user: UserView; medico: MedicoView; atendimentos: AtendimentoView[] };
    expect(body.user.id).toBe(patient.user.id);
    expect(body.medico).toEqual({
      id: doctor.medicoId,
      name: 'Helena Prado',
      avatar: null,
      especialidade: 'Cardiologia',
      especialidades: ['Cardiologia'],
      cidade: { id: 3550308, descricao: 'São Paulo - SP' },
      cidade_descricao: 'São Paulo - SP',
      clinicas: [],
      crms: [doctor.crm],
      status: 2,
      bloqueado: false,
      suporte: false,
      verificado: false,
      mensagens_novas: 0,
    });
    expect(body.atendimentos.map((a) => a.id)).toEqual([refused, first]);
    expect(body.atendimentos[0]).toMatchObject({
      status: 'R',
      recusado_motivo: 1,
      recusado_comentario: 'Não o conheço',
    });
    // An unrelated doctor looking at the same profile sees none of these sessions.
    const seen = await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, stranger.auth);
    expect(seen.json().atendimentos).toEqual([]);
  });
});

describe('POST /api/denunciar/medico/:id', () => {
  const report = (id: number, auth: Auth, body: object = { motivo: 'Atendimento desrespeitoso' }) =>
    send(t, 'POST', `/api/denunciar/medico/${id}`, auth, body);

  it('answers 401 to a guest, 404 for an unknown doctor, 422 without a reason', async () => {
    const { patient, doctor } = await cast(t);
    expect((await report(doctor.medicoId, undefined)).statusCode).toBe(401);
    expect((await report(999_999, patient.auth)).json()).toEqual({ message: M.medicoNotFound });
    const res = await report(doctor.medicoId, patient.auth, { motivo: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.denunciaMotivo, errors: { motivo: [M.denunciaMotivo] } });
    expect(await t.database.db.select().from(denuncias)).toHaveLength(0);
  });

  it('files the report of any signed-in account (a patient, a doctor) for staff to review', async () => {
    const { patient, doctor, stranger } = await cast(t);
    for (const who of [patient, stranger]) {
      const res = await report(doctor.medicoId, who.auth);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Sua denúncia foi realizada com sucesso e iremos avaliar.' });
    }
    const rows = await t.database.db.select().from(denuncias);
    expect(rows.map((r) => [r.user_id, r.medico_id, r.motivo, r.status])).toEqual([
      [patient.user.id, doctor.medicoId, 'Atendimento desrespeitoso', 'aberta'],
      [stranger.user.id, doctor.medicoId, 'Atendimento desrespeitoso', 'aberta'],
    ]);
  });
});

describe('GET /api/user (plano and hasCredit)', () => {
  const userOf = async (auth: Auth): Promise<UserView> =>
    (await send(t, 'GET', '/api/user', auth)).json().user;

  it('answers plano from the active subscription and hasCredit from an unused credit', async () => {
    const patient = await createPatient(t.app);
    expect(await userOf(patient.auth)).toMatchObject({ plano: null, hasCredit: false });
    await subscribe(t.database.db, patient.user.id, {
      periodo: 'A',
      start: new Date(Date.now() - 400 * DAY),
      end: new Date(Date.now() - 35 * DAY),
    });
    expect((await userOf(patient.auth)).plano).toBeNull();
    await subscribe(t.database.db, patient.user.id, { periodo: 'M' });
    await giveCreditos(t.database.db, patient.user.id);
    expect(await userOf(patient.auth)).toMatchObject({ plano: { type: 1, periodo: 'M' }, hasCredit: true });
  });

  it('lifts the trial lock with an active plan: a locked patient adds timeline records again', async () => {
    const patient = await createPatient(t.app);
    await endTrial(t.database.db, patient.user.id);
    expect((await postItem(t, patient.auth, itemFields())).statusCode).toBe(403);
    await subscribe(t.database.db, patient.user.id);
    expect((await postItem(t, patient.auth, itemFields())).statusCode).toBe(201);
  });
});

describe('the test harness', () => {
  it('leaves no plans, subscriptions, credits, clinics, passes or sessions between tests', async () => {
    const { patient, doctor } = await cast(t);
    await subscribe(t.database.db, patient.user.id);
    await giveCreditos(t.database.db, patient.user.id);
    await createClinica(t.database.db, 'Clínica Vida');
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'A');
    await t.reset();
    const db = t.database.db;
    for (const table of [planos, subscriptions, creditos, clinicas, passes, atendimentos, mensagens]) {
      expect(await db.$count(table)).toBe(0);
    }
  });
});
