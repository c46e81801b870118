import { ADMIN_CAPABILITIES, ADMIN_MESSAGES, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { atendimentos, denuncias, qrcode_orders } from '../../db/schema/index.ts';
import { audit } from '../../platform/audit.ts';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor, subscribe } from '../../test/telemedicina-factories.ts';
import { mondayOf } from './painel.service.ts';

/**
 * The admin area's own routes (issue 9 "Access", "Dashboard"): who gets in
 * (admin, support; never a guest, a patient or a doctor), what the
 * dashboard counts, and the audit log.
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

const get = (url: string, auth?: { authorization: string }) =>
  t.app.inject({ url, ...(auth ? { headers: auth } : {}) });

/** The four callers every admin route is tried with, and the two staff roles. */
async function callers() {
  const patient = await createPatient(t.app);
  const doctor = await createDoctor(t);
  const admin = await createStaff(t, 'admin');
  const support = await createStaff(t, 'support');
  return { patient, doctor, admin, support };
}

describe(`admin access (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest and 403 to a patient and a doctor on every admin route', async () => {
    const { patient, doctor } = await callers();
    for (const url of ['/api/admin/me', '/api/admin/painel', '/api/admin/auditoria']) {
      const guest = await get(url);
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const refused = await get(url, who);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
    }
  });

  it('tells staff who they are and what the role may do; support is kept out of the audit log', async () => {
    const { admin, support } = await callers();
    const me = await get('/api/admin/me', admin.auth);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect(me.json()).toEqual({
      user: { id: admin.userId, name: 'Ana Admin', email: admin.email },
      role: 'admin',
      capabilities: [...ADMIN_CAPABILITIES],
    });
    const supportMe = await get('/api/admin/me', support.auth);
    expect(supportMe.json()).toMatchObject({
      role: 'support',
      capabilities: ['painel', 'pedidos', 'denuncias', 'medicos.ver'],
    });
    const refused = await get('/api/admin/auditoria', support.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.notAllowed });
  });

  it('closes the area to a staff account that was deactivated', async () => {
    const { admin } = await callers();
    await t.database.db.execute(`update users set is_active = false where id = ${admin.userId}`);
    expect((await get('/api/admin/me', admin.auth)).statusCode).toBeGreaterThanOrEqual(401);
  });
});

describe(`GET /api/admin/painel (${TEST_ENGINE})`, () => {
  it('counts patients (not doctors or staff), active plans, open orders, waiting sessions and open reports', async () => {
    const { patient, doctor, support } = await callers();
    const other = await createPatient(t.app);
    const db: Db = t.database.db;
    await subscribe(db, patient.user.id);
    await db.insert(qrcode_orders).values([
      {
        user_id: patient.user.id,
        code: patient.user.code,
        endereco: 'Rua A, 1',
        bairro: 'Centro',
        cidade_id: 3550308,
        cep: '01001000',
        valor: 1990,
      },
      {
        user_id: other.user.id,
        code: other.user.code,
        endereco: 'Rua B, 2',
        bairro: 'Centro',
        cidade_id: 3550308,
        cep: '01001000',
        valor: 1990,
        status: 'E',
      },
    ]);
    await db.insert(atendimentos).values({ user_id: other.user.id, medico_id: doctor.medicoId, status: 'P' });
    await db.insert(denuncias).values([
      { user_id: patient.user.id, medico_id: doctor.medicoId, motivo: 'Não respondeu', status: 'aberta' },
      { user_id: other.user.id, medico_id: doctor.medicoId, motivo: 'Grosseiro', status: 'em_analise' },
      { user_id: other.user.id, medico_id: doctor.medicoId, motivo: 'Antigo', status: 'resolvida' },
    ]);
    const res = await get('/api/admin/painel', support.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      pacientes: 2,
      planos_ativos: 1,
      pedidos_abertos: 1,
      atendimentos_aguardando: 1,
      denuncias_abertas: 2,
    });
    expect(body.cadastros_por_semana).toHaveLength(12);
    expect(body.cadastros_por_semana.at(-1)).toEqual({ semana: mondayOf(new Date()), cadastros: 2 });
    expect(
      body.cadastros_por_semana.slice(0, 11).every((s: { cadastros: number }) => s.cadastros === 0),
    ).toBe(true);
  });
});

describe('mondayOf (the weeks of the dashboard, America/Sao_Paulo)', () => {
  it('answers the Monday of the local week, also late on Sunday in Brazil (already Monday in UTC)', () => {
    expect(mondayOf(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23');
    expect(mondayOf(new Date('2026-11-29T23:00:00-03:00'))).toBe('2026-11-23');
    expect(mondayOf(new Date('2026-11-30T00:30:00-03:00'))).toBe('2026-11-30');
    expect(mondayOf(new Date('2026-01-01T12:00:00Z'))).toBe('2025-12-29');
  });
});

describe(`GET /api/admin/auditoria (${TEST_ENGINE})`, () => {
  it('lists admin actions newest first, by kind of record, 50 a page', async () => {
    const { admin } = await callers();
    const actor = { userId: admin.userId, role: 'admin' as const, email: admin.email, name: 'Ana Admin' };
    for (let i = 1; i <= 52; i += 1) {
      await audit(t.database.db, actor, {
        acao: i % 2 ? 'pedido.enviar' : 'medico.verificar',
        entidade: i % 2 ? 'pedido' : 'medico',
        entidade_id: i,
        antes: { status: 'A' },
        depois: { status: 'E' },
      });
    }
    const first = await get('/api/admin/auditoria', admin.auth);
    expect(first.statusCode).toBe(200);
    const page = first.json() as { registros: { id: number; entidade_id: string }[]; next: number | null };
    expect(page.registros).toHaveLength(50);
    expect(page.registros[0]).toMatchObject({
      actor_email: admin.email,
      acao: 'medico.verificar',
      entidade: 'medico',
      entidade_id: '52',
      antes: { status: 'A' },
      depois: { status: 'E' },
    });
    const rest = await get(`/api/admin/auditoria?before=${page.next}`, admin.auth);
    expect(
      (rest.json() as { registros: { entidade_id: string }[] }).registros.map((r) => r.entidade_id),
    ).toEqual(['2', '1']);
    expect(rest.json().next).toBeNull();
    const pedidos = await get('/api/admin/auditoria?entidade=pedido', admin.auth);
    expect(pedidos.json().registros).toHaveLength(26);
    expect(pedidos.json().registros.every((r: { entidade: string }) => r.entidade === 'pedido')).toBe(true);
  });
});
