import { createHash } from 'node:crypto';
import { AUTH_MESSAGES, COMPANY_MESSAGES, TOO_MANY_REQUESTS_MESSAGE } from '@pulso/domain';
import { passwordProblem } from '@pulso/domain/password-strength';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, company_invitations, users } from '../../db/schema/index.ts';
import { createPatient, registrationBody } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createCompany, createInvitations, describeInvitation, invitationLinks } from './empresas.service.ts';

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

const NOT_FOUND = { message: AUTH_MESSAGES.invitationInvalid };
const DAY = 24 * 3600 * 1000;

/** A company named `nome` with `count` invitations; answers the company id and the plain tokens. */
async function invite(opts: { nome?: string; count?: number; expiresInDays?: number; email?: string } = {}) {
  const company = await createCompany(t.database.db, { nome: opts.nome ?? 'Construtora Horizonte' });
  const { tokens } = await createInvitations(t.database.db, company.id, {
    count: opts.count ?? 1,
    expiresInDays: opts.expiresInDays,
    email: opts.email,
  });
  return { companyId: company.id, tokens, token: tokens[0] as string };
}

const check = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/register/invitation/${token}`, headers });
const registerWith = (token: string, overrides: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/register/${token}`, payload: registrationBody(overrides) });
const setActive = (companyId: number, active: boolean) =>
  t.database.db.update(companies).set({ active }).where(eq(companies.id, companyId));

describe('createCompany / createInvitations', () => {
  it('stores the CNPJ unmasked and refuses one with wrong check digits (422 cnpj)', async () => {
    const company = await createCompany(t.database.db, {
      nome: '  Padaria Pão Quente ',
      cnpj: '11.222.333/0001-81',
    });
    expect(company).toMatchObject({ nome: 'Padaria Pão Quente', cnpj: '11222333000181', active: true });
    await expect(
      createCompany(t.database.db, { nome: 'Outra', cnpj: '11.222.333/0001-82' }),
    ).rejects.toMatchObject({
      statusCode: 422,
      errors: { cnpj: [COMPANY_MESSAGES.cnpj] },
    });
    await expect(createCompany(t.database.db, { nome: ' ' })).rejects.toMatchObject({
      statusCode: 422,
      errors: { nome: [COMPANY_MESSAGES.nome] },
    });
    expect(await t.database.db.select().from(companies)).toHaveLength(1);
  });

  it('answers distinct 256-bit base64url tokens and stores only their SHA-256', async () => {
    const now = new Date('2026-11-01T12:00:00Z');
    const company = await createCompany(t.database.db, { nome: 'Empresa X' });
    const { tokens, expiresAt } = await createInvitations(
      t.database.db,
      company.id,
      { count: 5, email: 'RH@Empresa.com.br', expiresInDays: 30 },
      now,
    );
    expect(tokens).toHaveLength(5);
    expect(new Set(tokens).size).toBe(5);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    const rows = await t.database.db.select().from(company_invitations).orderBy(company_invitations.id);
    expect(rows.map((r) => r.token_hash)).toEqual(
      tokens.map((token) => createHash('sha256').update(token).digest('hex')),
    );
    expect(JSON.stringify(rows)).not.toContain(tokens[0]);
    expect(rows.every((r) => r.email === 'rh@empresa.com.br' && r.company_id === company.id)).toBe(true);
    expect(rows.every((r) => r.expires_at?.getTime() === expiresAt?.getTime() && r.used_at === null)).toBe(
      true,
    );
    expect(invitationLinks('https://pulso.app', tokens.slice(0, 1))).toEqual([
      `https://pulso.app/registerCompany/${tokens[0]}`,
    ]);
  });

  it('without expiresInDays the invitations never expire', async () => {
    const company = await createCompany(t.database.db, { nome: 'Empresa X' });
    const { expiresAt } = await createInvitations(t.database.db, company.id, { count: 1 });
    expect(expiresAt).toBeNull();
    const [row] = await t.database.db.select().from(company_invitations);
    expect(row?.expires_at).toBeNull();
  });

  it('refuses an unknown company (404), a deactivated one (422) and a bad count (422)', async () => {
    await expect(createInvitations(t.database.db, 9999, { count: 1 })).rejects.toMatchObject({
      statusCode: 404,
      message: COMPANY_MESSAGES.companyNotFound,
    });
    const company = await createCompany(t.database.db, { nome: 'Empresa X' });
    await expect(createInvitations(t.database.db, company.id, { count: 0 })).rejects.toMatchObject({
      statusCode: 422,
      errors: { count: [COMPANY_MESSAGES.count] },
    });
    await setActive(company.id, false);
    await expect(createInvitations(t.database.db, company.id, { count: 1 })).rejects.toMatchObject({
      statusCode: 422,
      message: COMPANY_MESSAGES.companyInactive,
    });
    expect(await t.database.db.select().from(company_invitations)).toHaveLength(0);
  });
});

describe('GET /api/register/invitation/:token', () => {
  it("answers a usable invitation with the company's name and nothing else", async () => {
    const { token } = await invite({ nome: 'Construtora Horizonte', email: 'rh@horizonte.com.br' });
    const res = await check(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ invitation: { company: { nome: 'Construtora Horizonte' } } });
    expect(res.body).not.toContain('rh@horizonte');
  });

  it('answers the same 404 for forged, used, expired and deactivated-company tokens', async () => {
    const forged = 'A'.repeat(43);
    const used = await invite();
    expect((await registerWith(used.token)).statusCode).toBe(201);
    const expired = await invite({ expiresInDays: 1 });
    await t.database.db
      .update(company_invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(company_invitations.company_id, expired.companyId));
    const inactive = await invite();
    await setActive(inactive.companyId, false);

    const answers = [];
    for (const token of [forged, 'curto', used.token, expired.token, inactive.token, `${used.token}x`]) {
      const res = await check(token);
      answers.push({ status: res.statusCode, body: res.json(), type: res.headers['content-type'] });
    }
    for (const answer of answers) {
      expect(answer).toEqual({ status: 404, body: NOT_FOUND, type: 'application/json; charset=utf-8' });
    }
    // The service says the same (used by the route).
    await expect(describeInvitation(t.database.db, used.token)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('an invitation that expires later is still usable', async () => {
    const { token } = await invite({ expiresInDays: 1 });
    expect((await check(token)).statusCode).toBe(200);
  });

  it('authorisation: public; a signed-in patient gets the same answer, no more (doctors do not exist yet)', async () => {
    const { token } = await invite({ nome: 'Empresa X' });
    const guest = await check(token);
    const patient = await createPatient(t.app);
    const signedIn = await check(token, patient.auth);
    expect(guest.statusCode).toBe(200);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(guest.json());
    // Checking does not use the invitation up.
    expect((await check(token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(company_invitations);
    expect(row?.used_at).toBeNull();
  });
});

describe('GET /api/register/invitation/:token rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 after the auth limit, like the auth routes', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await limited.app.inject({ url: `/api/register/invitation/${'B'.repeat(43)}` })).statusCode,
      );
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const res = await limited.app.inject({ url: `/api/register/invitation/${'B'.repeat(43)}` });
    expect(res.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
  });
});

describe('POST /api/register/:token (corporate account)', () => {
  it('creates an empresarial account linked to the company and uses the invitation up', async () => {
    const { token, companyId } = await invite({ count: 2 });
    const res = await registerWith(token, { email: 'ana@horizonte.com.br' });
    expect(res.statusCode).toBe(201);
    const { user, token: session } = res.json();
    expect(user).toMatchObject({ email: 'ana@horizonte.com.br', empresarial: true, trialEnded: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ company_id: companyId, empresarial: true });
    const [invitation] = await t.database.db
      .select()
      .from(company_invitations)
      .where(eq(company_invitations.used_by, user.id));
    expect(invitation?.used_at).toBeInstanceOf(Date);
    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${session}` } });
    expect(me.json().user.empresarial).toBe(true);
  });

  it('refuses a weak password with the rule’s feedback and leaves the invitation usable', async () => {
    const { token } = await invite();
    for (const password of ['password', 'aaaaaaaa']) {
      const res = await registerWith(token, { password, password_confirmation: password });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password: [passwordProblem(password)] });
    }
    const [row] = await t.database.db.select().from(company_invitations);
    expect(row?.used_at).toBeNull();
    expect((await registerWith(token)).statusCode).toBe(201);
  });

  it('a plain registration is not empresarial', async () => {
    const patient = await createPatient(t.app);
    expect(patient.user.empresarial).toBe(false);
  });

  it('a reused, expired, forged or deactivated-company token answers 422 token and creates no account', async () => {
    const used = await invite();
    expect((await registerWith(used.token)).statusCode).toBe(201);
    const expired = await invite({ expiresInDays: 1 });
    await t.database.db
      .update(company_invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(company_invitations.company_id, expired.companyId));
    const inactive = await invite();
    await setActive(inactive.companyId, false);

    for (const token of [used.token, expired.token, inactive.token, 'C'.repeat(43)]) {
      const email = `nao-criada-${token.slice(0, 6).toLowerCase()}@exemplo.com.br`;
      const res = await registerWith(token, { email });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: AUTH_MESSAGES.invitationInvalid,
        errors: { token: [AUTH_MESSAGES.invitationInvalid] },
      });
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });

  it('two registrations racing for one invitation: exactly one account is created', async () => {
    const { token } = await invite();
    const [a, b] = await Promise.all([registerWith(token), registerWith(token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(count?.n).toBe(1);
  });

  it('after the trial month an empresarial account is not trial-locked (Locked = trialEnded && !plano && !empresarial)', async () => {
    const { token } = await invite();
    const res = await registerWith(token);
    const { user, token: session } = res.json();
    await t.database.db
      .update(users)
      .set({ created_at: new Date(Date.now() - 40 * DAY) })
      .where(eq(users.id, user.id));
    const me = (
      await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${session}` } })
    ).json();
    expect(me.user).toMatchObject({ trialEnded: true, empresarial: true, plano: null });
    const locked = me.user.trialEnded && !me.user.plano && !me.user.empresarial;
    expect(locked).toBe(false);
  });

  it('deactivating the company ends empresarial (the link no longer lasts); reactivating restores it', async () => {
    const { token, companyId } = await invite();
    const { user, token: session } = (await registerWith(token)).json();
    const auth = { authorization: `Bearer ${session}` };
    await setActive(companyId, false);
    expect((await t.app.inject({ url: '/api/user', headers: auth })).json().user.empresarial).toBe(false);
    await setActive(companyId, true);
    expect((await t.app.inject({ url: '/api/user', headers: auth })).json().user.empresarial).toBe(true);
    // Deleting the company unlinks the account (ON DELETE SET NULL): no longer empresarial.
    await t.database.db.delete(companies).where(eq(companies.id, companyId));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.company_id).toBeNull();
    expect((await t.app.inject({ url: '/api/user', headers: auth })).json().user.empresarial).toBe(false);
  });
});
