import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { giveCreditos } from '../../test/telemedicina-factories.ts';
import { type Auth, cast, type Patient, requestCare, send } from './telemedicina.test-support.ts';

/**
 * The patient hears of their requests (docs/api/telemedicina.md "The patient's
 * requests"): pending ones and the doctors' unseen answers on GET
 * /api/telemedicina (`minhas_solicitacoes`) and in the badge (GET /api/user
 * `respostas`), until the patient opens the session or the profile where a
 * refusal's reason is shown.
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

const respostas = async (auth: Auth) => (await send(t, 'GET', '/api/user', auth)).json().respostas;
const minhas = async (auth: Auth) =>
  (await send(t, 'GET', '/api/telemedicina', auth))
    .json()
    .minhas_solicitacoes.map((a: { id: number; status: string }) => [a.id, a.status]);

async function pending(patient: Patient, medicoId: number): Promise<number> {
  await giveCreditos(t.database.db, patient.user.id, 1);
  const res = await requestCare(t, patient.auth, medicoId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().atendimento.id;
}

describe("the patient's requests and the doctors' answers", () => {
  it('lists a pending request, then the acceptance until the patient opens the session', async () => {
    const { patient, other, doctor } = await cast(t);
    const id = await pending(patient, doctor.medicoId);
    expect(await minhas(patient.auth)).toEqual([[id, 'P']]);
    expect(await respostas(patient.auth)).toBe(0);

    const accepted = await send(t, 'PUT', `/api/telemedicina/atendimento/${id}/aceitar`, doctor.auth);
    expect(accepted.statusCode).toBe(200);
    expect(await minhas(patient.auth)).toEqual([[id, 'A']]);
    expect(await respostas(patient.auth)).toBe(1);
    // Nobody else hears of it: not another patient, not the doctor.
    expect(await respostas(other.auth)).toBe(0);
    expect(await minhas(other.auth)).toEqual([]);
    expect(await respostas(doctor.auth)).toBe(0);
    expect(await minhas(doctor.auth)).toEqual([]);

    // The doctor opening the session does not make it seen; the patient opening it does.
    expect((await send(t, 'GET', `/api/telemedicina/atendimento/${id}`, doctor.auth)).statusCode).toBe(200);
    expect(await respostas(patient.auth)).toBe(1);
    expect((await send(t, 'GET', `/api/telemedicina/atendimento/${id}`, patient.auth)).statusCode).toBe(200);
    expect(await respostas(patient.auth)).toBe(0);
    expect(await minhas(patient.auth)).toEqual([]);
  });

  it("lists a refusal with its reason until the patient opens that doctor's profile", async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    const id = await pending(patient, doctor.medicoId);
    const refused = await send(t, 'PUT', `/api/telemedicina/atendimento/${id}/recusar`, doctor.auth, {
      recusado_motivo: 3,
      recusado_comentario: 'Agenda cheia esta semana',
    });
    expect(refused.statusCode).toBe(200);
    const home = (await send(t, 'GET', '/api/telemedicina', patient.auth)).json();
    expect(home.minhas_solicitacoes).toEqual([
      expect.objectContaining({
        id,
        status: 'R',
        recusado_motivo: 3,
        recusado_comentario: 'Agenda cheia esta semana',
        medico: expect.objectContaining({ id: doctor.medicoId }),
      }),
    ]);
    expect(await respostas(patient.auth)).toBe(1);

    // Another doctor's profile, or another patient opening this one, changes nothing.
    expect(
      (await send(t, 'GET', `/api/telemedicina/medico/${stranger.medicoId}`, patient.auth)).statusCode,
    ).toBe(200);
    expect((await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, other.auth)).statusCode).toBe(
      200,
    );
    expect(await respostas(patient.auth)).toBe(1);
    expect(
      (await send(t, 'GET', `/api/telemedicina/medico/${doctor.medicoId}`, patient.auth)).statusCode,
    ).toBe(200);
    expect(await respostas(patient.auth)).toBe(0);
    expect(await minhas(patient.auth)).toEqual([]);
  });

  it('keeps an unrelated doctor out of the session it would mark seen', async () => {
    const { patient, doctor, stranger } = await cast(t);
    const id = await pending(patient, doctor.medicoId);
    await send(t, 'PUT', `/api/telemedicina/atendimento/${id}/aceitar`, doctor.auth);
    expect((await send(t, 'GET', `/api/telemedicina/atendimento/${id}`, stranger.auth)).statusCode).toBe(404);
    expect((await send(t, 'GET', `/api/telemedicina/atendimento/${id}`, undefined)).statusCode).toBe(401);
    expect(await respostas(patient.auth)).toBe(1);
  });
});
