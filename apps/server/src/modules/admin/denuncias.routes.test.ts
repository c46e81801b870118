import { ADMIN_MESSAGES, DENUNCIA_MESSAGES, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_log } from '../../db/schema/index.ts';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';

/**
 * `/api/admin/denuncias` (issue 9 "Reports"): the reports patients filed
 * through `POST /api/denunciar/medico/:id`, read and handled by admin and
 * support (status and note), every change audited.
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

type Auth = { authorization: string } | undefined;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });

async function setup() {
  const patient = await createPatient(t.app, { name: 'Paula Paciente' });
  const doctor = await createDoctor(t, { name: 'Dr. Denunciado' });
  const admin = await createStaff(t, 'admin');
  const support = await createStaff(t, 'support');
  const filed = await call('POST', `/api/denunciar/medico/${doctor.medicoId}`, patient.auth, {
    motivo: 'Foi grosseiro no atendimento',
  });
  expect(filed.statusCode).toBeLessThan(300);
  return { patient, doctor, admin, support };
}

describe(`/api/admin/denuncias (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest and 403 to a patient and a doctor', async () => {
    const { patient, doctor } = await setup();
    const routes: ['GET' | 'PUT', string, object | undefined][] = [
      ['GET', '/api/admin/denuncias', undefined],
      ['PUT', '/api/admin/denuncias/1', { status: 'resolvida', nota: null }],
    ];
    for (const [method, url, body] of routes) {
      const guest = await call(method, url, undefined, body);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const res = await call(method, url, who, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
    }
    expect((await t.database.db.select().from(audit_log)).length).toBe(0);
  });

  it('lists the filed report with patient, doctor, motivo and date, filters by status', async () => {
    const { admin, support, patient, doctor } = await setup();
    for (const who of [admin, support]) {
      const res = await call('GET', '/api/admin/denuncias', who.auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({
        denuncias: [
          {
            id: expect.any(Number),
            paciente: { id: patient.user.id, name: 'Paula Paciente', email: patient.user.email },
            medico: { id: doctor.medicoId, name: 'Dr. Denunciado' },
            motivo: 'Foi grosseiro no atendimento',
            status: 'aberta',
            nota: null,
            created_at: expect.any(String),
            updated_at: expect.any(String),
          },
        ],
        next: null,
      });
    }
    expect(
      (await call('GET', '/api/admin/denuncias?status=aberta', admin.auth)).json().denuncias,
    ).toHaveLength(1);
    expect((await call('GET', '/api/admin/denuncias?status=resolvida', admin.auth)).json().denuncias).toEqual(
      [],
    );
    expect((await call('GET', '/api/admin/denuncias?status=fechada', admin.auth)).statusCode).toBe(422);
  });

  it('support changes the status and the note; audited with what changed', async () => {
    const { support, admin } = await setup();
    const [denuncia] = (await call('GET', '/api/admin/denuncias', admin.auth)).json().denuncias;
    const url = `/api/admin/denuncias/${denuncia.id}`;
    const res = await call('PUT', url, support.auth, {
      status: 'em_analise',
      nota: '  Ligamos para a paciente. ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: DENUNCIA_MESSAGES.saved,
      denuncia: { status: 'em_analise', nota: 'Ligamos para a paciente.' },
    });
    expect(
      (await call('GET', '/api/admin/denuncias?status=em_analise', admin.auth)).json().denuncias,
    ).toHaveLength(1);
    // The same again records nothing; a new status records only the status.
    await call('PUT', url, support.auth, { status: 'em_analise', nota: 'Ligamos para a paciente.' });
    await call('PUT', url, admin.auth, { status: 'resolvida', nota: 'Ligamos para a paciente.' });
    const rows = await t.database.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.entidade, 'denuncia'))
      .orderBy(audit_log.id);
    expect(rows.map((r) => [r.acao, r.actor_email, r.entidade_id, r.antes, r.depois])).toEqual([
      [
        'denuncia.atualizar',
        support.email,
        String(denuncia.id),
        { status: 'aberta', nota: null },
        { status: 'em_analise', nota: 'Ligamos para a paciente.' },
      ],
      [
        'denuncia.atualizar',
        admin.email,
        String(denuncia.id),
        { status: 'em_analise' },
        { status: 'resolvida' },
      ],
    ]);

    const bad = await call('PUT', url, admin.auth, { status: 'fechada', nota: 'x'.repeat(2001) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['nota', 'status']);
    const missing = await call('PUT', '/api/admin/denuncias/999999', admin.auth, {
      status: 'aberta',
      nota: '',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: DENUNCIA_MESSAGES.notFound });
  });
});
