import { type AtendimentoView, type PagamentoPrevisto, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  createAtendimento,
  createDoctor,
  giveCreditos,
  subscribe,
} from '../../test/telemedicina-factories.ts';
import {
  type Auth,
  cast,
  type Doctor,
  type Patient,
  requestCare,
  send,
} from './telemedicina.test-support.ts';

/**
 * What a request will use, shown on the doctor's profile before the patient
 * writes the reason (docs/api/telemedicina.md "What a request will use"): the
 * preview agrees with what the request then uses, and it is the caller's own.
 */

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

const DAY = 24 * 3600 * 1000;

async function previsto(auth: Auth, medicoId: number): Promise<PagamentoPrevisto> {
  const res = await send(t, 'GET', `/api/telemedicina/medico/${medicoId}`, auth);
  expect(res.statusCode).toBe(200);
  return res.json().pagamento_previsto;
}

async function requestUses(patient: Patient, doctor: Doctor): Promise<AtendimentoView['pagamento']> {
  const res = await requestCare(t, patient.auth, doctor.medicoId);
  expect(res.statusCode).toBe(201);
  return res.json().atendimento.pagamento;
}

describe('GET /api/telemedicina/medico/:id pagamento_previsto', () => {
  it('is refused to a guest (401), like the rest of the profile', async () => {
    const { doctor } = await cast(t);
    const res = await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('says nothing pays when there is no plan quota nor credit, and the request is then refused (402)', async () => {
    const { patient, doctor } = await cast(t);
    expect(await previsto(patient.auth, doctor.medicoId)).toEqual({
      forma: null,
      plano_restantes: 0,
      creditos: 0,
    });
    expect((await requestCare(t, patient.auth, doctor.medicoId)).statusCode).toBe(402);
  });

  it('counts the credits, and the request then uses one of them', async () => {
    const { patient, doctor, stranger } = await cast(t);
    await giveCreditos(t.database.db, patient.user.id, 2);
    expect(await previsto(patient.auth, doctor.medicoId)).toEqual({
      forma: 'credito',
      plano_restantes: 0,
      creditos: 2,
    });
    expect(await requestUses(patient, doctor)).toBe('credito');
    expect(await previsto(patient.auth, stranger.medicoId)).toEqual({
      forma: 'credito',
      plano_restantes: 0,
      creditos: 1,
    });
  });

  it('puts the plan before a credit, and the credit after the month’s one session is used', async () => {
    const { patient, doctor, stranger } = await cast(t);
    await subscribe(t.database.db, patient.user.id, { periodo: 'M' });
    await giveCreditos(t.database.db, patient.user.id);
    expect(await previsto(patient.auth, doctor.medicoId)).toEqual({
      forma: 'plano',
      plano_restantes: 1,
      creditos: 1,
    });
    expect(await requestUses(patient, doctor)).toBe('plano');
    expect(await previsto(patient.auth, stranger.medicoId)).toEqual({
      forma: 'credito',
      plano_restantes: 0,
      creditos: 1,
    });
  });

  it('counts an annual plan’s sessions left inside its current period, refused ones not used', async () => {
    const { patient, doctor } = await cast(t);
    const start = new Date(Date.now() - 100 * DAY);
    await subscribe(t.database.db, patient.user.id, {
      periodo: 'A',
      start,
      end: new Date(start.getTime() + 365 * DAY),
    });
    const past = await createDoctor(t, { name: 'Antigo Médico' });
    for (const [status, at] of [
      ['E', new Date(start.getTime() - DAY)],
      ['R', new Date(start.getTime() + DAY)],
      ['E', new Date(start.getTime() + DAY)],
      ['E', new Date(start.getTime() + 2 * DAY)],
    ] as const) {
      await createAtendimento(t.database.db, patient.user.id, past.medicoId, status, {
        pagamento: 'plano',
        created_at: at,
      });
    }
    expect(await previsto(patient.auth, doctor.medicoId)).toEqual({
      forma: 'plano',
      plano_restantes: 10,
      creditos: 0,
    });
  });

  it('asks nothing for the support pseudo-doctor', async () => {
    const { patient } = await cast(t);
    const suporte = await createDoctor(t, { name: 'Suporte Pulso', suporte: true });
    expect((await previsto(patient.auth, suporte.medicoId)).forma).toBe('suporte');
  });

  it('is the caller’s own: another patient’s plan and credits show to no one else', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    await subscribe(t.database.db, patient.user.id, { periodo: 'M' });
    await giveCreditos(t.database.db, patient.user.id, 3);
    const none = { forma: null, plano_restantes: 0, creditos: 0 };
    expect(await previsto(other.auth, doctor.medicoId)).toEqual(none);
    // A doctor account with no link to the patient, asking another doctor as a patient, sees its own.
    expect(await previsto(stranger.auth, doctor.medicoId)).toEqual(none);
    expect(await previsto(patient.auth, doctor.medicoId)).toEqual({
      forma: 'plano',
      plano_restantes: 1,
      creditos: 3,
    });
  });
});
