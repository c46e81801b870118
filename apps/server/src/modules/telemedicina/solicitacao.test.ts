import {
  type AtendimentoView,
  formatPass,
  TELEMEDICINA_MESSAGES as M,
  UNAUTHENTICATED_MESSAGE,
  type UserView,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { atendimentos, creditos, medico_bloqueios, passes } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  createAtendimento,
  createDoctor,
  createPass,
  giveCreditos,
  subscribe,
} from '../../test/telemedicina-factories.ts';
import {
  cast,
  type Doctor,
  type Patient,
  requestCare,
  roomsOf,
  send,
  spyRealtime,
} from './telemedicina.test-support.ts';

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

const DAY = 24 * 3600 * 1000;

async function rowsOf(patient: Patient) {
  return t.database.db.select().from(atendimentos).where(eq(atendimentos.user_id, patient.user.id));
}

async function creditRows(patient: Patient) {
  return t.database.db.select().from(creditos).where(eq(creditos.user_id, patient.user.id));
}

async function passRow(id: number) {
  const [row] = await t.database.db.select().from(passes).where(eq(passes.id, id));
  return row;
}

async function userOf(patient: Patient): Promise<UserView> {
  return (await send(t, 'GET', '/api/user', patient.auth)).json().user;
}

const created = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(201);
  return (res.json() as { atendimento: AtendimentoView }).atendimento;
};

/** Sessions already paid by the plan, `n` of them, `at` a moment inside or outside the period. */
async function planSessions(patient: Patient, doctor: Doctor, n: number, at: Date, status = 'E') {
  for (let i = 0; i < n; i += 1) {
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, status, {
      pagamento: 'plano',
      created_at: at,
    });
  }
}

describe('POST /api/telemedicina/atendimento/medico/:id', () => {
  it('answers 401 to a guest', async () => {
    const { doctor } = await cast(t);
    const res = await requestCare(t, undefined, doctor.medicoId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('answers 402 when nothing pays for it (no credit, no plan quota, no pass), and stores nothing', async () => {
    const { patient, doctor } = await cast(t);
    const res = await requestCare(t, patient.auth, doctor.medicoId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: M.noPayment });
    expect(await rowsOf(patient)).toHaveLength(0);
  });

  it('asks the support pseudo-doctor for free: 201 P, paid by suporte, both sides told', async () => {
    const { patient } = await cast(t);
    const suporte = await createDoctor(t, { name: 'Suporte Pulso', suporte: true });
    const realtime = spyRealtime(t);
    const push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });
    const res = await requestCare(t, patient.auth, suporte.medicoId, {
      motivo: '  Não consigo enviar foto  ',
    });
    const atendimento = created(res);
    expect(res.json().message).toBe(M.requested);
    expect(atendimento).toMatchObject({
      status: 'P',
      motivo: 'Não consigo enviar foto',
      pagamento: 'suporte',
      pass: false,
      mensagens_count: 0,
      mensagens_novas: 0,
      accepted_at: null,
      ended_at: null,
      recusado_motivo: null,
      medico: { id: suporte.medicoId, suporte: true },
      paciente: { id: patient.user.id, name: 'Beatriz Moura', bloqueado: false },
    });
    expect(realtime.events()).toEqual([
      {
        rooms: roomsOf(patient, suporte, atendimento.id),
        event: 'atendimento.updated',
        payload: { atendimento },
      },
    ]);
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    expect(push.mock.calls[0]?.[0]).toBe(suporte.user.id);
    expect(push.mock.calls[0]?.[1]).toMatchObject({
      title: 'Nova solicitação de atendimento',
      url: '/medico',
    });
  });

  it('pays with an unused credit, which is then used and tied to the session', async () => {
    const { patient, doctor } = await cast(t);
    const [creditId] = await giveCreditos(t.database.db, patient.user.id);
    expect((await userOf(patient)).hasCredit).toBe(true);
    const atendimento = created(await requestCare(t, patient.auth, doctor.medicoId));
    expect(atendimento.pagamento).toBe('credito');
    const [credit] = await creditRows(patient);
    expect(credit).toMatchObject({ id: creditId, atendimento_id: atendimento.id });
    expect(credit?.used_at).toBeInstanceOf(Date);
    expect((await rowsOf(patient))[0]).toMatchObject({ credito_id: creditId, pass_id: null });
    expect((await userOf(patient)).hasCredit).toBe(false);
  });

  it('uses the plan quota before a credit (monthly plan: one session a period)', async () => {
    const { patient, doctor, stranger } = await cast(t);
    await subscribe(t.database.db, patient.user.id, { periodo: 'M' });
    await giveCreditos(t.database.db, patient.user.id);
    expect(created(await requestCare(t, patient.auth, doctor.medicoId)).pagamento).toBe('plano');
    // The month's one session is taken: the credit pays the next one.
    expect(created(await requestCare(t, patient.auth, stranger.medicoId)).pagamento).toBe('credito');
    const third = await createDoctor(t, { name: 'Rita Campos' });
    const res = await requestCare(t, patient.auth, third.medicoId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: M.noPayment });
  });

  it('counts the annual plan’s 12 sessions inside the current period only, refused ones not counted', async () => {
    const { patient, doctor } = await cast(t);
    const start = new Date(Date.now() - 100 * DAY);
    await subscribe(t.database.db, patient.user.id, {
      periodo: 'A',
      start,
      end: new Date(start.getTime() + 365 * DAY),
    });
    const past = await createDoctor(t, { name: 'Antigo Médico' });
    // Before the period: not counted. Refused inside it: not counted. 10 ended inside it: counted.
    await planSessions(patient, past, 5, new Date(start.getTime() - 10 * DAY));
    await planSessions(patient, past, 3, new Date(start.getTime() + DAY), 'R');
    await planSessions(patient, past, 10, new Date(start.getTime() + DAY));
    expect(created(await requestCare(t, patient.auth, doctor.medicoId)).pagamento).toBe('plano');
    const twelfth = await createDoctor(t, { name: 'Décimo Segundo' });
    expect(created(await requestCare(t, patient.auth, twelfth.medicoId)).pagamento).toBe('plano');
    const thirteenth = await createDoctor(t, { name: 'Décimo Terceiro' });
    expect((await requestCare(t, patient.auth, thirteenth.medicoId)).statusCode).toBe(402);
  });

  it('gives a monthly plan exactly one session: 0 used → plano, 1 used → not', async () => {
    const { patient, doctor } = await cast(t);
    const start = new Date(Date.now() - 3 * DAY);
    await subscribe(t.database.db, patient.user.id, {
      periodo: 'M',
      start,
      end: new Date(start.getTime() + 30 * DAY),
    });
    await planSessions(patient, doctor, 1, new Date(start.getTime() - DAY));
    expect(created(await requestCare(t, patient.auth, doctor.medicoId)).pagamento).toBe('plano');
    const next = await createDoctor(t, { name: 'Outro Médico' });
    expect((await requestCare(t, patient.auth, next.medicoId)).statusCode).toBe(402);
  });

  it('gives no quota for a plan of another type, nor for an expired or future subscription', async () => {
    const { patient, doctor } = await cast(t);
    await subscribe(t.database.db, patient.user.id, { tipo: 2, periodo: 'M' });
    await subscribe(t.database.db, patient.user.id, {
      start: new Date(Date.now() - 60 * DAY),
      end: new Date(Date.now() - DAY),
    });
    await subscribe(t.database.db, patient.user.id, {
      start: new Date(Date.now() + DAY),
      end: new Date(Date.now() + 30 * DAY),
    });
    expect((await requestCare(t, patient.auth, doctor.medicoId)).statusCode).toBe(402);
  });

  it('pays with a pass of this doctor, typed in any spelling, before plan and credit', async () => {
    const { patient, doctor } = await cast(t);
    await subscribe(t.database.db, patient.user.id);
    await giveCreditos(t.database.db, patient.user.id);
    const pass = await createPass(t.database.db, doctor.medicoId);
    const typed = ` ${formatPass(pass.code).toLowerCase()} `;
    const atendimento = created(
      await requestCare(t, patient.auth, doctor.medicoId, { motivo: 'Retorno', pass: typed }),
    );
    expect(atendimento).toMatchObject({ pagamento: 'pass', pass: true });
    expect(await passRow(pass.id)).toMatchObject({ used_by: patient.user.id });
    expect((await passRow(pass.id))?.used_at).toBeInstanceOf(Date);
    expect((await creditRows(patient))[0]?.used_at).toBeNull();
  });

  it.each([
    ['of another doctor', 'other'],
    ['already used', 'used'],
    ['unknown', 'unknown'],
    ['malformed', 'malformed'],
  ])('refuses a pass %s with 422 errors.pass, consuming nothing', async (_label, kind) => {
    const { patient, doctor, stranger } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id);
    const own = await createPass(t.database.db, doctor.medicoId);
    const foreign = await createPass(t.database.db, stranger.medicoId);
    if (kind === 'used') {
      await t.database.db.update(passes).set({ used_at: new Date() }).where(eq(passes.id, own.id));
    }
    const typed = { other: foreign.code, used: own.code, unknown: 'ZZZZ-ZZZZ', malformed: 'ABC' }[kind];
    const res = await requestCare(t, patient.auth, doctor.medicoId, { motivo: 'Retorno', pass: typed });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.passInvalid, errors: { pass: [M.passInvalid] } });
    expect(await rowsOf(patient)).toHaveLength(0);
    expect((await creditRows(patient))[0]?.used_at).toBeNull();
    expect((await passRow(foreign.id))?.used_at).toBeNull();
  });

  it('lets exactly one of five patients using one pass at the same moment have it', async () => {
    const { doctor } = await cast(t);
    const pass = await createPass(t.database.db, doctor.medicoId);
    const patients = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createPatient(t.app, { name: `Paciente ${i}` })),
    );
    const answers = await Promise.all(
      patients.map((p) => requestCare(t, p.auth, doctor.medicoId, { motivo: 'Passe', pass: pass.code })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422]);
    const winner = patients[answers.findIndex((a) => a.statusCode === 201)];
    expect(await passRow(pass.id)).toMatchObject({ used_by: winner?.user.id });
    const all = await t.database.db
      .select()
      .from(atendimentos)
      .where(eq(atendimentos.medico_id, doctor.medicoId));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ pass_id: pass.id, pagamento: 'pass', user_id: winner?.user.id });
  });

  it('opens one session when a patient sends two requests to a doctor at the same moment', async () => {
    const { patient, doctor } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id, 2);
    const answers = await Promise.all([
      requestCare(t, patient.auth, doctor.medicoId),
      requestCare(t, patient.auth, doctor.medicoId),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({ message: M.pendingOrActive });
    expect(await rowsOf(patient)).toHaveLength(1);
    // The losing request's credit was given back by its rollback.
    expect((await creditRows(patient)).filter((c) => c.used_at === null)).toHaveLength(1);
  });

  it('claims one credit once when two requests to different doctors race for it', async () => {
    const { patient, doctor, stranger } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id, 1);
    const answers = await Promise.all([
      requestCare(t, patient.auth, doctor.medicoId),
      requestCare(t, patient.auth, stranger.medicoId),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 402]);
    expect(await rowsOf(patient)).toHaveLength(1);
  });

  it('counts a monthly plan’s one session once when two requests race for it', async () => {
    const { patient, doctor, stranger } = await cast(t);
    await subscribe(t.database.db, patient.user.id, { periodo: 'M' });
    const answers = await Promise.all([
      requestCare(t, patient.auth, doctor.medicoId),
      requestCare(t, patient.auth, stranger.medicoId),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 402]);
  });

  it.each(['P', 'A'])('answers 409 while the latest session with the doctor is %s', async (status) => {
    const { patient, doctor } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id);
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, status);
    const res = await requestCare(t, patient.auth, doctor.medicoId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: M.pendingOrActive });
    expect((await creditRows(patient))[0]?.used_at).toBeNull();
  });

  it.each(['R', 'E', 'ET'])('accepts a new request after a session in %s', async (status) => {
    const { patient, doctor } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id);
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, status);
    created(await requestCare(t, patient.auth, doctor.medicoId));
  });

  it('answers 403 blockedByMedico to a patient the doctor blocked, consuming nothing', async () => {
    const { patient, doctor } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id);
    await t.database.db
      .insert(medico_bloqueios)
      .values({ medico_id: doctor.medicoId, user_id: patient.user.id });
    const res = await requestCare(t, patient.auth, doctor.medicoId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: M.blockedByMedico });
    expect((await creditRows(patient))[0]?.used_at).toBeNull();
  });

  it('answers 404 for an unknown or suspended doctor and for the caller’s own doctor profile', async () => {
    const { doctor } = await cast(t);
    const suspended = await createDoctor(t, { suspended: true });
    await giveCreditos(t.database.db, doctor.user.id);
    for (const id of [999_999, suspended.medicoId, doctor.medicoId]) {
      const res = await requestCare(t, doctor.auth, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: M.medicoNotFound });
    }
    expect((await requestCare(t, doctor.auth, 'abc' as unknown as number)).statusCode).toBe(422);
  });

  it('lets a doctor account ask another doctor for care, as a patient', async () => {
    const { doctor, stranger } = await cast(t);
    await giveCreditos(t.database.db, doctor.user.id);
    const atendimento = created(await requestCare(t, doctor.auth, stranger.medicoId));
    expect(atendimento.paciente.id).toBe(doctor.user.id);
  });

  it('requires the motivo (422 errors.motivo) and caps its length', async () => {
    const { patient, doctor } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id);
    for (const motivo of [undefined, '', '   ']) {
      const res = await requestCare(t, patient.auth, doctor.medicoId, motivo === undefined ? {} : { motivo });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: M.motivo, errors: { motivo: [M.motivo] } });
    }
    const long = await requestCare(t, patient.auth, doctor.medicoId, { motivo: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    created(await requestCare(t, patient.auth, doctor.medicoId, { motivo: 'x'.repeat(2000) }));
  });

  it('shows the new request to its patient and its doctor only', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id);
    const atendimento = created(await requestCare(t, patient.auth, doctor.medicoId));
    const mine = await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, patient.auth);
    expect(mine.json().atendimentos.map((a: AtendimentoView) => a.id)).toEqual([atendimento.id]);
    const theirs = await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, other.auth);
    expect(theirs.json().atendimentos).toEqual([]);
    const toDoctor = await send(t, 'GET', '/api/telemedicina/solicitacoes', doctor.auth);
    expect(toDoctor.json().solicitacoes.map((a: AtendimentoView) => a.id)).toEqual([atendimento.id]);
    const toStranger = await send(t, 'GET', '/api/telemedicina/solicitacoes', stranger.auth);
    expect(toStranger.json().solicitacoes).toEqual([]);
  });
});
