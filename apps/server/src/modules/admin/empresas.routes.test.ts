import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  COMPANY_MESSAGES,
  EMPRESA_MESSAGES,
  TIMELINE_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_log, company_invitations, users } from '../../db/schema/index.ts';
import { createPatient, createStaff, registrationBody } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { endTrial, itemFields, postItem } from '../timeline/timeline.test-support.ts';

/**
 * The admin area's companies (issue 9 "Companies"): who may use them, a
 * company with its invitation links, the member who registers through one,
 * the invitation that cannot be reused, and the end of a member's link
 * (the account stops being `empresarial` and the trial lock applies).
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

type Auth = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(auth ? { headers: auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const TOKEN_LINK = /^http:\/\/[^/]+\/registerCompany\/([A-Za-z0-9_-]{43})$/;

async function createEmpresa(admin: Auth, body: Record<string, unknown> = { nome: 'Construtora Horizonte' }) {
  const res = await call('POST', '/api/admin/empresas', admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { empresa: { id: number } }).empresa.id;
}

async function convidar(
  admin: Auth,
  id: number,
  body: Record<string, unknown> = { count: 2, expiresInDays: 30 },
) {
  const res = await call('POST', `/api/admin/empresas/${id}/convites`, admin, body);
  expect(res.statusCode, res.body).toBe(201);
  const links = (res.json() as { links: string[] }).links;
  return links.map((link) => TOKEN_LINK.exec(link)?.[1] as string);
}

describe(`admin companies: access (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest, 403 to a patient, a doctor and support on every route', async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const support = await createStaff(t, 'support');
    const admin = await createStaff(t, 'admin');
    const id = await createEmpresa(admin.auth);
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/admin/empresas'],
      ['POST', '/api/admin/empresas', { nome: 'Outra' }],
      ['GET', `/api/admin/empresas/${id}`],
      ['PATCH', `/api/admin/empresas/${id}`, { active: false }],
      ['POST', `/api/admin/empresas/${id}/convites`, { count: 1 }],
      ['DELETE', `/api/admin/empresas/${id}/membros/${patient.user.id}`],
    ];
    for (const [method, url, body] of routes) {
      const guest = await call(method, url, undefined, body);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const refused = await call(method, url, who, body);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
      const limited = await call(method, url, support.auth, body);
      expect(limited.statusCode, `${method} ${url}`).toBe(403);
      expect(limited.json()).toEqual({ message: ADMIN_MESSAGES.notAllowed });
    }
    // Nothing the refused callers sent took effect.
    const list = await call('GET', '/api/admin/empresas', admin.auth);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json()).toEqual({
      empresas: [
        expect.objectContaining({ id, nome: 'Construtora Horizonte', active: true, convites_disponiveis: 0 }),
      ],
    });
  });
});

describe(`admin companies: effects (${TEST_ENGINE})`, () => {
  it('creates a company with a checked CNPJ and audits it; refuses a bad CNPJ and a blank name (422)', async () => {
    const admin = await createStaff(t, 'admin');
    const bad = await call('POST', '/api/admin/empresas', admin.auth, {
      nome: 'X',
      cnpj: '11.222.333/0001-82',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { cnpj: [COMPANY_MESSAGES.cnpj] } });
    const blank = await call('POST', '/api/admin/empresas', admin.auth, { nome: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ errors: { nome: [COMPANY_MESSAGES.nome] } });

    const res = await call('POST', '/api/admin/empresas', admin.auth, {
      nome: ' Padaria Pão Quente ',
      cnpj: '11.222.333/0001-81',
    });
    expect(res.statusCode).toBe(201);
    const { empresa } = res.json() as { empresa: { id: number } };
    expect(res.json()).toEqual({
      message: EMPRESA_MESSAGES.criada,
      empresa: {
        id: empresa.id,
        nome: 'Padaria Pão Quente',
        cnpj: '11222333000181',
        active: true,
        created_at: expect.any(String),
        membros: 0,
        convites_disponiveis: 0,
      },
    });
    const log = await t.database.db.select().from(audit_log);
    expect(log).toEqual([
      expect.objectContaining({
        actor_email: admin.email,
        acao: 'empresa.criar',
        entidade: 'empresa',
        entidade_id: String(empresa.id),
        depois: { nome: 'Padaria Pão Quente', cnpj: '11222333000181' },
      }),
    ]);
  });

  it('issues links that register corporate accounts once; the company lists its invitations and members', async () => {
    const admin = await createStaff(t, 'admin');
    const id = await createEmpresa(admin.auth);
    const tooMany = await call('POST', `/api/admin/empresas/${id}/convites`, admin.auth, { count: 1001 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ errors: { count: [COMPANY_MESSAGES.count] } });

    const issued = await call('POST', `/api/admin/empresas/${id}/convites`, admin.auth, {
      count: 2,
      expiresInDays: 7,
      email: 'RH@horizonte.com.br',
    });
    expect(issued.statusCode).toBe(201);
    const body = issued.json() as { message: string; links: string[]; expires_at: string };
    expect(body.message).toBe(EMPRESA_MESSAGES.convitesGerados);
    expect(body.links).toHaveLength(2);
    const [first, second] = body.links.map((l) => TOKEN_LINK.exec(l)?.[1] as string);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Only the hash is stored: the tokens appear nowhere in the database or the audit.
    const stored = JSON.stringify(await t.database.db.select().from(company_invitations));
    const logged = JSON.stringify(await t.database.db.select().from(audit_log));
    for (const token of [first, second]) {
      expect(stored).not.toContain(token);
      expect(logged).not.toContain(token);
    }

    const registered = await t.app.inject({
      method: 'POST',
      url: `/api/register/${first}`,
      payload: registrationBody({ name: 'Bruno Costa' }),
    });
    expect(registered.statusCode).toBe(201);
    const member = registered.json() as { user: { id: number; empresarial: boolean } };
    expect(member.user.empresarial).toBe(true);

    // A used invitation cannot be reused.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/register/${first}`,
      payload: registrationBody(),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { token: [AUTH_MESSAGES.invitationInvalid] } });
    expect((await t.app.inject({ url: `/api/register/invitation/${first}` })).statusCode).toBe(404);

    const detail = await call('GET', `/api/admin/empresas/${id}`, admin.auth);
    expect(detail.statusCode).toBe(200);
    const d = detail.json() as {
      empresa: { membros: number; convites_disponiveis: number };
      convites: { email: string; used_at: string | null; used_by: unknown; expires_at: string }[];
      membros: { id: number; name: string; email: string }[];
    };
    expect(d.empresa).toMatchObject({ membros: 1, convites_disponiveis: 1 });
    expect(d.convites).toHaveLength(2);
    expect(
      d.convites.every((c) => c.email === 'rh@horizonte.com.br' && c.expires_at === body.expires_at),
    ).toBe(true);
    expect(d.convites.filter((c) => c.used_at !== null)).toEqual([
      expect.objectContaining({ used_by: { id: member.user.id, name: 'Bruno Costa' } }),
    ]);
    expect(d.membros).toEqual([expect.objectContaining({ id: member.user.id, name: 'Bruno Costa' })]);
    expect(detail.body).not.toContain(first);
    expect((await call('GET', '/api/admin/empresas', admin.auth)).json()).toMatchObject({
      empresas: [{ id, membros: 1, convites_disponiveis: 1 }],
    });
    expect((await call('GET', '/api/admin/empresas/999999', admin.auth)).statusCode).toBe(404);
    expect(
      (await t.database.db.select().from(audit_log).where(eq(audit_log.acao, 'empresa.convidar'))).length,
    ).toBe(1);
  });

  it("ends a member's link: no longer empresarial, and the trial lock applies as to any account", async () => {
    const admin = await createStaff(t, 'admin');
    const id = await createEmpresa(admin.auth);
    const [token] = await convidar(admin.auth, id, { count: 1 });
    const reg = await t.app.inject({
      method: 'POST',
      url: `/api/register/${token}`,
      payload: registrationBody(),
    });
    const { token: session, user } = reg.json() as { token: string; user: { id: number } };
    const patient = { authorization: `Bearer ${session}` };
    await endTrial(t.database.db, user.id);

    // Corporate: past the trial, the timeline still takes records.
    expect((await postItem(t, patient, itemFields())).statusCode).toBe(201);

    const other = await createPatient(t.app);
    const notMember = await call('DELETE', `/api/admin/empresas/${id}/membros/${other.user.id}`, admin.auth);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json()).toEqual({ message: EMPRESA_MESSAGES.membroNaoEncontrado });

    const ended = await call('DELETE', `/api/admin/empresas/${id}/membros/${user.id}`, admin.auth);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: EMPRESA_MESSAGES.vinculoEncerrado });

    const me = await t.app.inject({ url: '/api/user', headers: patient });
    expect(me.json()).toMatchObject({ user: { empresarial: false, trialEnded: true, plano: null } });
    const locked = await postItem(t, patient, itemFields());
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ message: TIMELINE_MESSAGES.locked });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ company_id: null, empresarial: false });

    const detail = (await call('GET', `/api/admin/empresas/${id}`, admin.auth)).json() as {
      membros: unknown[];
    };
    expect(detail.membros).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.acao, 'empresa.encerrar_vinculo'));
    expect(entry).toMatchObject({
      entidade: 'empresa',
      entidade_id: String(id),
      antes: { membro_id: user.id, company_id: id },
      depois: { membro_id: user.id, company_id: null },
    });
    // Ending it again finds no link.
    expect(
      (await call('DELETE', `/api/admin/empresas/${id}/membros/${user.id}`, admin.auth)).statusCode,
    ).toBe(404);
  });

  it('deactivating a company stops its invitations and its members being corporate; reactivating restores them', async () => {
    const admin = await createStaff(t, 'admin');
    const id = await createEmpresa(admin.auth);
    const [memberToken, spare] = await convidar(admin.auth, id, { count: 2 });
    const reg = await t.app.inject({
      method: 'POST',
      url: `/api/register/${memberToken}`,
      payload: registrationBody(),
    });
    const patient = { authorization: `Bearer ${(reg.json() as { token: string }).token}` };

    const off = await call('PATCH', `/api/admin/empresas/${id}`, admin.auth, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: EMPRESA_MESSAGES.desativada, empresa: { active: false } });
    expect((await t.app.inject({ url: `/api/register/invitation/${spare}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/user', headers: patient })).json()).toMatchObject({
      user: { empresarial: false },
    });
    const refused = await call('POST', `/api/admin/empresas/${id}/convites`, admin.auth, { count: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { company: [COMPANY_MESSAGES.companyInactive] } });

    const on = await call('PATCH', `/api/admin/empresas/${id}`, admin.auth, { active: true });
    expect(on.json()).toMatchObject({ message: EMPRESA_MESSAGES.reativada, empresa: { active: true } });
    expect((await t.app.inject({ url: '/api/user', headers: patient })).json()).toMatchObject({
      user: { empresarial: true },
    });
    const acoes = (await t.database.db.select().from(audit_log)).map((r) => r.acao);
    expect(acoes).toEqual(['empresa.criar', 'empresa.convidar', 'empresa.desativar', 'empresa.reativar']);
  });
});
