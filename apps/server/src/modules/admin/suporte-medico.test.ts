import { TELEMEDICINA_MESSAGES as M } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor, giveCreditos } from '../../test/telemedicina-factories.ts';
import { mayHearAtendimento } from '../telemedicina/telemedicina.access.ts';
import { postText, requestCare, send } from '../telemedicina/telemedicina.test-support.ts';

/**
 * Issue 9 "staff with the support role answer the support pseudo-doctor's
 * sessions from the doctor area": a support staff member opens /medico as
 * the `suporte` doctor (requireMedico, findSessionFor); an admin without
 * that role, a patient and another doctor cannot.
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

describe(`support staff in the doctor area (${TEST_ENGINE})`, () => {
  it('lists, accepts and answers the support doctor’s sessions; others cannot', async () => {
    const suporte = await createDoctor(t, { name: 'Equipe Pulso', suporte: true });
    const patient = await createPatient(t.app, { name: 'Paula Paciente' });
    const support = await createStaff(t, 'support');
    const admin = await createStaff(t, 'admin');
    const other = await createDoctor(t, { name: 'Outro Médico' });
    const stranger = await createPatient(t.app);

    const requested = await requestCare(t, patient.auth, suporte.medicoId, { motivo: 'Não consigo pagar' });
    expect(requested.statusCode).toBe(201);
    const id = requested.json().atendimento.id as number;

    const me = await send(t, 'GET', '/api/medico/me', support.auth);
    expect(me.statusCode).toBe(200);
    expect(me.json().medico).toMatchObject({ id: suporte.medicoId, suporte: true });
    const pending = await send(t, 'GET', '/api/telemedicina/solicitacoes', support.auth);
    expect(pending.json().solicitacoes.map((s: { id: number }) => s.id)).toEqual([id]);

    // An admin without the support role, a patient and another doctor are not the support doctor.
    for (const who of [admin.auth, stranger.auth]) {
      const refused = await send(t, 'GET', '/api/medico/me', who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: M.notMedico });
      expect((await send(t, 'PUT', `/api/telemedicina/atendimento/${id}/aceitar`, who)).statusCode).toBe(403);
    }
    expect((await send(t, 'GET', '/api/telemedicina/solicitacoes', other.auth)).json().solicitacoes).toEqual(
      [],
    );
    expect((await send(t, 'PUT', `/api/telemedicina/atendimento/${id}/aceitar`, other.auth)).statusCode).toBe(
      404,
    );

    const accepted = await send(t, 'PUT', `/api/telemedicina/atendimento/${id}/aceitar`, support.auth);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = await postText(t, support.auth, id, 'Olá, aqui é a equipe do Pulso.');
    expect(answer.statusCode, answer.body).toBe(201);
    const chat = await send(t, 'GET', `/api/telemedicina/atendimento/${id}`, patient.auth);
    expect(chat.json().mensagens.map((m: { from: string; content: string }) => [m.from, m.content])).toEqual([
      ['M', 'Olá, aqui é a equipe do Pulso.'],
    ]);
    const ativos = await send(t, 'GET', '/api/medico/atendimentos', support.auth);
    expect(ativos.json().atendimentos.map((a: { id: number }) => a.id)).toContain(id);

    for (const who of [admin.auth, other.auth, stranger.auth]) {
      expect((await send(t, 'GET', `/api/telemedicina/atendimento/${id}`, who)).statusCode).toBe(404);
      expect((await postText(t, who, id, 'intruso')).statusCode).toBe(404);
    }
    // The session's realtime room admits support staff, not the others.
    const db = t.database.db;
    expect(await mayHearAtendimento(db, id, support.userId)).toBe(true);
    expect(await mayHearAtendimento(db, id, patient.user.id)).toBe(true);
    for (const userId of [admin.userId, other.user.id, stranger.user.id]) {
      expect(await mayHearAtendimento(db, id, userId)).toBe(false);
    }
    // Not another doctor's session.
    await giveCreditos(db, stranger.user.id);
    const own = await requestCare(t, stranger.auth, other.medicoId);
    expect(own.statusCode).toBe(201);
    expect(await mayHearAtendimento(db, own.json().atendimento.id, support.userId)).toBe(false);
  });

  it('acts for no doctor while the support doctor is suspended or missing', async () => {
    const support = await createStaff(t, 'support');
    expect((await send(t, 'GET', '/api/medico/me', support.auth)).statusCode).toBe(403);
    await createDoctor(t, { suporte: true, suspended: true });
    expect((await send(t, 'GET', '/api/medico/me', support.auth)).statusCode).toBe(403);
  });
});
