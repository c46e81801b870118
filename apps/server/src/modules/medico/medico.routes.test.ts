import {
  ADMIN_MEDICO_MESSAGES,
  type AtendimentoView,
  isPassFormat,
  TELEMEDICINA_MESSAGES as M,
  type PassView,
  TIMELINE_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  atendimentos,
  creditos,
  medico_bloqueios,
  medicos,
  passes,
  timeline_items,
} from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  createAtendimento,
  createDoctor,
  createPass,
  giveCreditos,
} from '../../test/telemedicina-factories.ts';
import {
  type Auth,
  activeSession,
  cast,
  insertMensagem,
  postText,
  requestCare,
  roomsOf,
  send,
  sessionRow,
  spyRealtime,
} from '../telemedicina/telemedicina.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  vi.restoreAllMocks();
  await t.reset();
});

const UNAUTHENTICATED = { message: UNAUTHENTICATED_MESSAGE };
const NOT_MEDICO = { message: M.notMedico };
const NOT_FOUND = { message: M.notFound };

/** 401 for a guest, 403 notMedico for a patient account, 403 suspendedArea for a suspended doctor (issue 9). */
async function expectDoctorsOnly(call: (auth: Auth) => Promise<{ statusCode: number; json: () => unknown }>) {
  const guest = await call(undefined);
  expect(guest.statusCode).toBe(401);
  expect(guest.json()).toEqual(UNAUTHENTICATED);
  const patient = await createPatient(t.app, { name: 'Só Paciente' });
  const suspended = await createDoctor(t, { name: 'Suspenso', suspended: true });
  const refused = await call(patient.auth);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual(NOT_MEDICO);
  const closed = await call(suspended.auth);
  expect(closed.statusCode).toBe(403);
  expect(closed.json()).toEqual({ message: ADMIN_MEDICO_MESSAGES.suspendedArea });
}

/** A P request of the patient to the doctor, paid by a credit, through the API. */
async function pendingRequest(patient: { auth: Auth; user: { id: number } }, medicoId: number) {
  await giveCreditos(t.database.db, patient.user.id);
  const res = await requestCare(t, patient.auth, medicoId);
  expect(res.statusCode).toBe(201);
  return (res.json() as { atendimento: AtendimentoView }).atendimento;
}

describe('GET /api/medico/me', () => {
  it('answers 401 to a guest and 403 to patients and suspended doctors', async () => {
    await expectDoctorsOnly((auth) => send(t, 'GET', '/api/medico/me', auth));
  });

  it('answers the doctor with its profile and counts of requests, active sessions and unread messages', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'P');
    const active = await activeSession(t, other, doctor);
    await createAtendimento(t.database.db, other.user.id, stranger.medicoId, 'P');
    await insertMensagem(t, active, 'U');
    await insertMensagem(t, active, 'U', { read_at: new Date() });
    await insertMensagem(t, active, 'M');
    const res = await send(t, 'GET', '/api/medico/me', doctor.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: doctor.user.id, name: 'Helena Prado' },
      medico: { id: doctor.medicoId, name: 'Helena Prado', status: 2, suporte: false },
      resumo: { solicitacoes: 1, ativos: 1, mensagens_novas: 1 },
    });
    const theirs = await send(t, 'GET', '/api/medico/me', stranger.auth);
    expect(theirs.json().resumo).toEqual({ solicitacoes: 1, ativos: 0, mensagens_novas: 0 });
  });
});

describe('GET /api/telemedicina/solicitacoes', () => {
  it('answers 401 to a guest and 403 to patients and suspended doctors', async () => {
    await expectDoctorsOnly((auth) => send(t, 'GET', '/api/telemedicina/solicitacoes', auth));
  });

  it('lists the doctor’s P requests oldest first, and none of another doctor’s', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    const first = await pendingRequest(patient, doctor.medicoId);
    const second = await pendingRequest(other, doctor.medicoId);
    await createAtendimento(t.database.db, patient.user.id, stranger.medicoId, 'P');
    await activeSession(t, other, stranger);
    const res = await send(t, 'GET', '/api/telemedicina/solicitacoes', doctor.auth);
    expect(res.statusCode).toBe(200);
    const list = res.json().solicitacoes as AtendimentoView[];
    expect(list.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(list[0]).toMatchObject({
      status: 'P',
      motivo: 'Dor no peito ao subir escadas',
      paciente: { id: patient.user.id, name: 'Beatriz Moura', code: patient.user.code, bloqueado: false },
      medico: { id: doctor.medicoId, bloqueado: false, mensagens_novas: 0 },
    });
    // The same list is the alert of the doctor's own /telemedicina.
    const home = await send(t, 'GET', '/api/telemedicina', doctor.auth);
    expect(home.json().solicitacoes.map((a: AtendimentoView) => a.id)).toEqual([first.id, second.id]);
  });
});

describe('PUT /api/telemedicina/atendimento/:id/aceitar', () => {
  const accept = (id: number, auth: Auth) =>
    send(t, 'PUT', `/api/telemedicina/atendimento/${id}/aceitar`, auth);

  it('answers 401 to a guest, 403 to the patient and others without a doctor profile, 404 to another doctor', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    const request = await pendingRequest(patient, doctor.medicoId);
    expect((await accept(request.id, undefined)).statusCode).toBe(401);
    for (const auth of [patient.auth, other.auth]) {
      expect((await accept(request.id, auth)).json()).toEqual(NOT_MEDICO);
    }
    const res = await accept(request.id, stranger.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await sessionRow(t, request.id))?.status).toBe('P');
  });

  it('turns P into A, starts the inactivity clock and tells both sides', async () => {
    const { patient, doctor } = await cast(t);
    const request = await pendingRequest(patient, doctor.medicoId);
    const realtime = spyRealtime(t);
    const push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });
    const res = await accept(request.id, doctor.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Solicitação aceita',
      atendimento: { id: request.id, status: 'A' },
    });
    const row = await sessionRow(t, request.id);
    expect(row?.accepted_at).toBeInstanceOf(Date);
    expect(row?.last_message_at?.getTime()).toBe(row?.accepted_at?.getTime());
    const [event] = realtime.events();
    expect(event).toMatchObject({
      rooms: roomsOf(patient, doctor, request.id),
      event: 'atendimento.updated',
      payload: { atendimento: { id: request.id, status: 'A', paciente: { id: patient.user.id } } },
    });
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    expect(push.mock.calls[0]?.slice(0, 2)).toEqual([
      patient.user.id,
      {
        title: 'Solicitação aceita',
        body: 'O médico aceitou sua solicitação de atendimento.',
        url: `/telemedicina/atendimento/${request.id}`,
      },
    ]);
    // Now both sides write.
    expect((await postText(t, patient.auth, request.id, 'Obrigada!')).statusCode).toBe(201);
  });

  it('answers 409 notPending to a request already answered', async () => {
    const { patient, doctor } = await cast(t);
    for (const status of ['A', 'R', 'E', 'ET']) {
      await t.database.db.delete(atendimentos);
      const id = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, status);
      const res = await accept(id, doctor.auth);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: M.notPending });
    }
  });
});

describe('PUT /api/telemedicina/atendimento/:id/recusar', () => {
  const refuse = (
    id: number,
    auth: Auth,
    body: object = { recusado_motivo: 3, recusado_comentario: 'Agenda cheia' },
  ) => send(t, 'PUT', `/api/telemedicina/atendimento/${id}/recusar`, auth, body);

  it('answers 401 to a guest, 403 to the patient, 404 to another doctor', async () => {
    const { patient, doctor, stranger } = await cast(t);
    const request = await pendingRequest(patient, doctor.medicoId);
    expect((await refuse(request.id, undefined)).statusCode).toBe(401);
    expect((await refuse(request.id, patient.auth)).json()).toEqual(NOT_MEDICO);
    expect((await refuse(request.id, stranger.auth)).statusCode).toBe(404);
    expect((await sessionRow(t, request.id))?.status).toBe('P');
  });

  it('turns P into R with the reason and comment, and the patient reads them on the profile', async () => {
    const { patient, doctor } = await cast(t);
    const request = await pendingRequest(patient, doctor.medicoId);
    const realtime = spyRealtime(t);
    const res = await refuse(request.id, doctor.auth, { recusado_motivo: '2', recusado_comentario: '  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Solicitação recusada', id: request.id });
    const profile = await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, patient.auth);
    expect(profile.json().atendimentos[0]).toMatchObject({
      id: request.id,
      status: 'R',
      recusado_motivo: 2,
      recusado_comentario: null,
    });
    expect(realtime.events().map((e) => e.event)).toEqual(['atendimento.updated']);
  });

  it('gives the credit back, so the patient can ask again', async () => {
    const { patient, doctor } = await cast(t);
    const request = await pendingRequest(patient, doctor.medicoId);
    expect((await refuse(request.id, doctor.auth)).statusCode).toBe(200);
    const [credit] = await t.database.db.select().from(creditos).where(eq(creditos.user_id, patient.user.id));
    expect(credit).toMatchObject({ used_at: null, atendimento_id: null });
    expect((await sessionRow(t, request.id))?.credito_id).toBeNull();
    const again = await requestCare(t, patient.auth, doctor.medicoId);
    expect(again.json().atendimento.pagamento).toBe('credito');
  });

  it('gives the pass back, so it can pay for another request', async () => {
    const { patient, doctor } = await cast(t);
    const pass = await createPass(t.database.db, doctor.medicoId);
    const res = await requestCare(t, patient.auth, doctor.medicoId, { motivo: 'Retorno', pass: pass.code });
    const id = res.json().atendimento.id as number;
    expect((await refuse(id, doctor.auth)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(passes).where(eq(passes.id, pass.id));
    expect(row).toMatchObject({ used_at: null, used_by: null });
    const again = await requestCare(t, patient.auth, doctor.medicoId, { motivo: 'Retorno', pass: pass.code });
    expect(again.statusCode).toBe(201);
    expect(again.json().atendimento.pagamento).toBe('pass');
  });

  it('requires one of the three reasons (422 errors.recusado_motivo) and answers 409 when not P', async () => {
    const { patient, doctor } = await cast(t);
    const request = await pendingRequest(patient, doctor.medicoId);
    for (const body of [{}, { recusado_motivo: 4 }, { recusado_motivo: 'x' }, { recusado_motivo: 0 }]) {
      const res = await refuse(request.id, doctor.auth, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.recusado_motivo).toEqual([M.recusaMotivo]);
    }
    const long = await refuse(request.id, doctor.auth, {
      recusado_motivo: 1,
      recusado_comentario: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(422);
    expect((await refuse(request.id, doctor.auth, { recusado_motivo: 1 })).statusCode).toBe(200);
    const twice = await refuse(request.id, doctor.auth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: M.notPending });
  });
});

describe('GET /api/medico/atendimentos', () => {
  it('answers 401 to a guest and 403 to patients and suspended doctors', async () => {
    await expectDoctorsOnly((auth) => send(t, 'GET', '/api/medico/atendimentos', auth));
  });

  it('lists the doctor’s active, ended or all sessions, latest activity first, never another doctor’s', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const a1 = await activeSession(t, patient, doctor, { updated_at: at(30) });
    const a2 = await activeSession(t, other, doctor, { updated_at: at(10) });
    const e = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'E', {
      updated_at: at(20),
    });
    const et = await createAtendimento(t.database.db, other.user.id, doctor.medicoId, 'ET', {
      updated_at: at(40),
    });
    const r = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'R', {
      updated_at: at(50),
    });
    await activeSession(t, patient, stranger);
    const list = async (query: string) => {
      const res = await send(t, 'GET', `/api/medico/atendimentos${query}`, doctor.auth);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { atendimentos: AtendimentoView[]; total: number };
      return [body.atendimentos.map((a) => a.id), body.total];
    };
    expect(await list('?status=ativos')).toEqual([[a2, a1], 2]);
    expect(await list('?status=encerrados')).toEqual([[e, et], 2]);
    expect(await list('')).toEqual([[a2, e, a1, et, r], 5]);
    expect(await list('?status=todos&offset=3')).toEqual([[et, r], 5]);
    expect((await send(t, 'GET', '/api/medico/atendimentos?status=x', doctor.auth)).statusCode).toBe(422);
  });
});

describe('PUT /api/medico/atendimento/:id/encerrar', () => {
  const end = (id: number, auth: Auth) => send(t, 'PUT', `/api/medico/atendimento/${id}/encerrar`, auth);

  it('answers 401 to a guest, 403 to the patient, 404 to another doctor', async () => {
    const { patient, doctor, stranger } = await cast(t);
    const id = await activeSession(t, patient, doctor);
    expect((await end(id, undefined)).statusCode).toBe(401);
    expect((await end(id, patient.auth)).json()).toEqual(NOT_MEDICO);
    expect((await end(id, stranger.auth)).json()).toEqual(NOT_FOUND);
    expect((await sessionRow(t, id))?.status).toBe('A');
  });

  it('ends the session as E, writes the type-6 record on the patient’s timeline and tells both sides', async () => {
    const { patient, doctor } = await cast(t);
    const id = await activeSession(t, patient, doctor, { motivo: 'Dor de garganta' });
    const realtime = spyRealtime(t);
    const res = await end(id, doctor.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: M.ended, atendimento: { id, status: 'E' } });
    expect((await sessionRow(t, id))?.ended_at).toBeInstanceOf(Date);
    const records = await t.database.db
      .select()
      .from(timeline_items)
      .where(eq(timeline_items.user_id, patient.user.id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      tipo: 6,
      descricao: 'Atendimento por telemedicina: Dor de garganta',
      created_by: 'M',
      medico_id: doctor.medicoId,
      medico_name: 'Helena Prado',
      atendimento_id: id,
      terceiro_id: null,
    });
    expect(records[0]?.data).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(realtime.events()).toEqual([
      {
        rooms: roomsOf(patient, doctor, id),
        event: 'atendimento.ended',
        payload: { atendimento_id: id, status: 'E' },
      },
    ]);
    // The patient reads the record and cannot edit it; nothing more is sent.
    const item = await send(t, 'GET', `/api/timeline/item/${records[0]?.id}`, patient.auth);
    expect(item.json().timelineItem).toMatchObject({ tipo: 6, created_by: 'M', atendimento_id: id });
    expect((await postText(t, patient.auth, id, 'Mais uma dúvida')).statusCode).toBe(409);
  });

  it('answers 409 notActive unless the session is A, writing no record', async () => {
    const { patient, doctor } = await cast(t);
    for (const status of ['P', 'R', 'E', 'ET']) {
      await t.database.db.delete(atendimentos);
      const id = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, status);
      const res = await end(id, doctor.auth);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: M.notActive });
    }
    expect(await t.database.db.select().from(timeline_items)).toHaveLength(0);
  });
});

describe('PUT /api/medico/status', () => {
  it('answers 401 to a guest and 403 to patients and suspended doctors', async () => {
    await expectDoctorsOnly((auth) => send(t, 'PUT', '/api/medico/status', auth, { status: 1 }));
  });

  it('sets the doctor’s own status (0, 1, 2; as a number or digit) and refuses anything else', async () => {
    const { doctor, stranger } = await cast(t);
    for (const status of [0, '1', 2]) {
      const res = await send(t, 'PUT', '/api/medico/status', doctor.auth, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: M.statusUpdated, medico: { status: Number(status) } });
    }
    for (const status of [3, -1, 'x', null]) {
      const res = await send(t, 'PUT', '/api/medico/status', doctor.auth, { status });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.status).toEqual([M.status]);
    }
    const [row] = await t.database.db.select().from(medicos).where(eq(medicos.id, stranger.medicoId));
    expect(row?.status).toBe(2);
  });
});

describe('PUT /api/medico/bloqueio/:userId', () => {
  const block = (userId: number, auth: Auth, bloqueado = true) =>
    send(t, 'PUT', `/api/medico/bloqueio/${userId}`, auth, { bloqueado });

  it('answers 401 to a guest, 403 to patients, 404 for a patient who never had a session with the doctor', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'E');
    expect((await block(patient.user.id, undefined)).statusCode).toBe(401);
    expect((await block(patient.user.id, other.auth)).json()).toEqual(NOT_MEDICO);
    for (const [userId, auth] of [
      [other.user.id, doctor.auth],
      [patient.user.id, stranger.auth],
    ] as const) {
      const res = await block(userId, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TIMELINE_MESSAGES.patientNotFound });
    }
    expect(await t.database.db.select().from(medico_bloqueios)).toHaveLength(0);
  });

  it('blocks a patient (médico bloqueado, requests refused) and unblocks, idempotently', async () => {
    const { patient, doctor } = await cast(t);
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'E');
    await giveCreditos(t.database.db, patient.user.id);
    for (let i = 0; i < 2; i += 1) {
      const res = await block(patient.user.id, doctor.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: M.blocked });
    }
    const profile = await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, patient.auth);
    expect(profile.json().medico.bloqueado).toBe(true);
    expect(profile.json().atendimentos[0].paciente.bloqueado).toBe(true);
    expect((await requestCare(t, patient.auth, doctor.medicoId)).json()).toEqual({
      message: M.blockedByMedico,
    });
    expect((await block(patient.user.id, doctor.auth, false)).json()).toEqual({ message: M.unblocked });
    expect((await block(patient.user.id, doctor.auth, false)).statusCode).toBe(200);
    const after = await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, patient.auth);
    expect(after.json().medico.bloqueado).toBe(false);
    expect((await requestCare(t, patient.auth, doctor.medicoId)).statusCode).toBe(201);
  });

  it('requires a boolean', async () => {
    const { patient, doctor } = await cast(t);
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'E');
    const res = await send(t, 'PUT', `/api/medico/bloqueio/${patient.user.id}`, doctor.auth, {
      bloqueado: 'sim',
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET and POST /api/medico/passes', () => {
  it('answers 401 to a guest and 403 to patients and suspended doctors', async () => {
    await expectDoctorsOnly((auth) => send(t, 'GET', '/api/medico/passes', auth));
    await expectDoctorsOnly((auth) => send(t, 'POST', '/api/medico/passes', auth));
  });

  it('issues single-use passes in the pass alphabet and lists the doctor’s own, newest first, with who used them', async () => {
    const { patient, doctor, stranger } = await cast(t);
    const issued: PassView[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await send(t, 'POST', '/api/medico/passes', doctor.auth);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(M.passIssued);
      issued.push(res.json().pass);
    }
    for (const pass of issued) {
      expect(isPassFormat(pass.code)).toBe(true);
      expect(pass).toMatchObject({ used_at: null, paciente: null });
    }
    expect(issued[0]?.code).not.toBe(issued[1]?.code);
    await createPass(t.database.db, stranger.medicoId);
    const used = issued[0] as PassView;
    expect(
      (await requestCare(t, patient.auth, doctor.medicoId, { motivo: 'Retorno', pass: used.code }))
        .statusCode,
    ).toBe(201);
    const res = await send(t, 'GET', '/api/medico/passes', doctor.auth);
    expect(res.statusCode).toBe(200);
    const list = res.json().passes as PassView[];
    expect(list.map((p) => p.id).sort()).toEqual(issued.map((p) => p.id).sort());
    expect(list.find((p) => p.id === used.id)).toMatchObject({
      used_at: expect.any(String),
      paciente: { id: patient.user.id, name: 'Beatriz Moura' },
    });
  });
});
