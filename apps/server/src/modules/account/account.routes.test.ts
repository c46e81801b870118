import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@pulso/domain';
import { PASSWORD_MESSAGES, passwordProblem } from '@pulso/domain/password-strength';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account_tokens, companies, company_invitations, sessions, users } from '../../db/schema/index.ts';
import { type OutboxMessage, readOutbox } from '../../platform/mail.ts';
import { mailIdle } from '../../platform/mail-jobs.ts';
import { createPatient, verifyEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { hashToken } from '../auth/auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await mailIdle(t.app.ctx);
  await t.reset();
});

/** Messages of the dev outbox sent to `to`, newest first, once every delivery in flight is done. */
async function mailsTo(to: string): Promise<OutboxMessage[]> {
  await mailIdle(t.app.ctx);
  return (await readOutbox(t.config)).filter((m) => m.to === to);
}

/** The link of `path` (`/email/verify/` or `/password/reset/`) in the text body of the newest mail to `to`. */
async function linkIn(to: string, path: string): Promise<URL> {
  const [mail] = await mailsTo(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const found = new RegExp(`http://pulso\\.test${path}[^\\s]+`).exec(mail.text)?.[0];
  if (!found) throw new Error(`no ${path} link in the mail`);
  expect(mail.html).toContain(found.replaceAll('&', '&amp;'));
  return new URL(found);
}

const verify = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/email/verify/${token}`, headers });
const resend = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/email/resend', headers });
const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email } });
const reset = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/password/reset', payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/user', headers });

const verifyTokenOf = (url: URL) => url.pathname.split('/').pop() ?? '';
const invalidVerify = {
  message: ACCOUNT_MESSAGES.verifyInvalid,
  errors: { token: [ACCOUNT_MESSAGES.verifyInvalid] },
};
const invalidReset = {
  message: ACCOUNT_MESSAGES.resetInvalid,
  errors: { token: [ACCOUNT_MESSAGES.resetInvalid] },
};

describe('verification mail on registration', () => {
  it('sends "Confirme seu e-mail" in pt-BR, HTML and text, with a working link to the public origin', async () => {
    const p = await createPatient(t.app, { name: 'Ana Souza' });
    expect(p.user.email_verified_at).toBeNull();
    const [mail] = await mailsTo(p.user.email);
    expect(mail?.subject).toBe('Confirme seu e-mail - Pulso');
    expect(mail?.from).toBe(t.config.mail.from);
    expect(mail?.text).toContain('Olá, Ana!');
    expect(mail?.text).toContain('24 horas');
    expect(mail?.html).toContain('<html lang="pt-BR">');
    const link = await linkIn(p.user.email, '/email/verify/');
    const token = verifyTokenOf(link);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the SHA-256 hex is stored, with a 24-hour expiry.
    const [row] = await t.database.db
      .select()
      .from(account_tokens)
      .where(eq(account_tokens.user_id, p.user.id));
    expect(row?.token_hash).toBe(hashToken(token));
    expect(row?.kind).toBe('email_verify');
    const hours = ((row?.expires_at.getTime() ?? 0) - (row?.created_at.getTime() ?? 0)) / 3600_000;
    expect(hours).toBeCloseTo(24, 1);
  });

  it('is also sent for a corporate registration (POST /api/register/:token)', async () => {
    const [company] = await t.database.db.insert(companies).values({ nome: 'Empresa Teste' }).returning();
    await t.database.db
      .insert(company_invitations)
      .values({ company_id: company?.id ?? 0, token_hash: hashToken('convite-123') });
    const email = `corp.${Date.now()}@exemplo.com.br`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register/convite-123',
      payload: {
        name: 'Bruno Lima',
        telefone: '11987654321',
        email,
        password: 'senha-segura-1',
        password_confirmation: 'senha-segura-1',
        terms: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('PUT /api/email/verify/:token', () => {
  it('confirms the e-mail for a guest following the link, once', async () => {
    const p = await createPatient(t.app);
    const token = verifyTokenOf(await linkIn(p.user.email, '/email/verify/'));
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'E-mail confirmado com sucesso' });
    const after = (await me(p.auth)).json();
    expect(Date.parse(after.user.email_verified_at)).toBeGreaterThan(Date.now() - 60_000);

    const again = await verify(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(invalidVerify);
  });

  it('confirms the owner signed in, and confirms the token owner (not the caller) for another patient', async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const token = verifyTokenOf(await linkIn(owner.user.email, '/email/verify/'));
    const res = await verify(token, other.auth);
    expect(res.statusCode).toBe(200);
    expect((await me(owner.auth)).json().user.email_verified_at).not.toBeNull();
    expect((await me(other.auth)).json().user.email_verified_at).toBeNull();

    const mine = verifyTokenOf(await linkIn(other.user.email, '/email/verify/'));
    expect((await verify(mine, other.auth)).statusCode).toBe(200);
    expect((await me(other.auth)).json().user.email_verified_at).not.toBeNull();
  });

  it('answers 422 to an expired token and leaves the account unverified', async () => {
    const p = await createPatient(t.app);
    const token = verifyTokenOf(await linkIn(p.user.email, '/email/verify/'));
    await t.database.db
      .update(account_tokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(account_tokens.token_hash, hashToken(token)));
    const res = await verify(token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalidVerify);
    expect((await me(p.auth)).json().user.email_verified_at).toBeNull();
  });

  it('answers 422 to a forged token, and to a reset token used as a verification token', async () => {
    const p = await createPatient(t.app);
    expect((await verify('A'.repeat(43))).json()).toEqual(invalidVerify);
    expect((await verify('x')).statusCode).toBe(422);
    // Fastify refuses parameters over maxParamLength (1200, app.ts) before the route runs.
    expect((await verify('a'.repeat(1201))).statusCode).toBe(414);
    await forgot(p.user.email);
    const resetToken = verifyTokenOf(await linkIn(p.user.email, '/password/reset/'));
    expect((await verify(resetToken)).json()).toEqual(invalidVerify);
    expect((await me(p.auth)).json().user.email_verified_at).toBeNull();
  });

  it('answers 422 when the account was closed', async () => {
    const p = await createPatient(t.app);
    const token = verifyTokenOf(await linkIn(p.user.email, '/email/verify/'));
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, p.user.id));
    expect((await verify(token)).json()).toEqual(invalidVerify);
  });
});

describe('GET /api/email/resend', () => {
  it('answers 401 to a guest and to a made-up token', async () => {
    expect((await resend()).statusCode).toBe(401);
    expect((await resend({ authorization: 'Bearer inventado' })).statusCode).toBe(401);
  });

  it('sends the owner a new link and voids the older one', async () => {
    const p = await createPatient(t.app);
    const first = verifyTokenOf(await linkIn(p.user.email, '/email/verify/'));
    const res = await resend(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resent });
    expect(await mailsTo(p.user.email)).toHaveLength(2);
    const second = verifyTokenOf(await linkIn(p.user.email, '/email/verify/'));
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(422);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('mails only the caller: another patient resending gets their own link', async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    await resend(other.auth);
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    expect(await mailsTo(other.user.email)).toHaveLength(2);
  });

  it('says the e-mail is already confirmed, and sends nothing', async () => {
    const p = await createPatient(t.app);
    await verifyEmail(t.database.db, p.user.id);
    const res = await resend(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Seu e-mail já está confirmado.' });
    expect(await mailsTo(p.user.email)).toHaveLength(1);
  });

  it('is rate-limited like the auth routes', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    try {
      const p = await createPatient(limited.app);
      const call = () => limited.app.inject({ url: '/api/email/resend', headers: p.auth });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/Muitas tentativas/);
    } finally {
      await mailIdle(limited.app.ctx);
      await limited.close();
    }
  });
});

describe('POST /api/password/email', () => {
  it('answers the same for a known, an unknown and a closed account, and mails only the known one', async () => {
    const known = await createPatient(t.app);
    const closed = await createPatient(t.app);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, closed.user.id));
    const answers = await Promise.all(
      [known.user.email.toUpperCase(), 'ninguem@exemplo.com.br', closed.user.email].map(forgot),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.forgotSent });
      expect(res.headers['content-length']).toBe(answers[0]?.headers['content-length']);
    }
    const mails = await mailsTo(known.user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Redefinição de senha - Pulso',
      'Confirme seu e-mail - Pulso',
    ]);
    expect(mails[0]?.text).toContain('60 minutos');
    expect(await mailsTo('ninguem@exemplo.com.br')).toEqual([]);
    expect((await mailsTo(closed.user.email)).map((m) => m.subject)).toEqual(['Confirme seu e-mail - Pulso']);
    const link = await linkIn(known.user.email, '/password/reset/');
    expect(link.searchParams.get('email')).toBe(known.user.email);
    const [row] = await t.database.db
      .select()
      .from(account_tokens)
      .where(eq(account_tokens.token_hash, hashToken(verifyTokenOf(link))));
    expect(row?.kind).toBe('password_reset');
    const minutes = ((row?.expires_at.getTime() ?? 0) - (row?.created_at.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeCloseTo(60, 1);
  });

  it('answers 422 without a valid e-mail', async () => {
    const empty = await forgot('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.email).toEqual([AUTH_MESSAGES.loginEmail]);
    expect((await forgot('maria@exemplo')).json().errors.email).toEqual([AUTH_MESSAGES.emailInvalid]);
  });
});

describe('POST /api/password/reset', () => {
  async function resetLink(p: { user: { email: string } }) {
    await forgot(p.user.email);
    const link = await linkIn(p.user.email, '/password/reset/');
    return { token: verifyTokenOf(link), email: link.searchParams.get('email') ?? '' };
  }
  const NEW = 'nova-senha-forte-9';

  it('sets the new password, revokes every session and uses the token up', async () => {
    const p = await createPatient(t.app);
    const second = (await login(p.user.email, p.password)).json().token as string;
    const { token, email } = await resetLink(p);
    const res = await reset({ token, email, password: NEW, password_confirmation: NEW });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha redefinida com sucesso' });

    expect((await me(p.auth)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${second}` })).statusCode).toBe(401);
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.user_id} = ${p.user.id} AND ${sessions.revoked_at} IS NULL`);
    expect(live).toEqual([]);
    expect((await login(p.user.email, p.password)).statusCode).toBe(422);
    const fresh = await login(p.user.email, NEW);
    expect(fresh.statusCode).toBe(200);
    // Receiving the link proves the address.
    expect(fresh.json().user.email_verified_at).not.toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, p.user.id));
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);

    const reused = await reset({
      token,
      email,
      password: 'outra-senha-77',
      password_confirmation: 'outra-senha-77',
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual(invalidReset);
    expect((await login(p.user.email, NEW)).statusCode).toBe(200);
  });

  it('answers 422 to an expired token', async () => {
    const p = await createPatient(t.app);
    const { token, email } = await resetLink(p);
    await t.database.db
      .update(account_tokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(account_tokens.token_hash, hashToken(token)));
    const res = await reset({ token, email, password: NEW, password_confirmation: NEW });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalidReset);
    expect((await me(p.auth)).statusCode).toBe(200);
    expect((await login(p.user.email, p.password)).statusCode).toBe(200);
  });

  it("answers 422 to a forged token, a verification token and another patient's e-mail", async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const { token } = await resetLink(owner);
    const body = { password: NEW, password_confirmation: NEW };
    expect((await reset({ ...body, token: 'A'.repeat(43), email: owner.user.email })).json()).toEqual(
      invalidReset,
    );
    const verifyToken = verifyTokenOf(await linkIn(other.user.email, '/email/verify/'));
    expect((await reset({ ...body, token: verifyToken, email: other.user.email })).json()).toEqual(
      invalidReset,
    );
    expect((await reset({ ...body, token, email: other.user.email })).json()).toEqual(invalidReset);
    expect((await login(other.user.email, other.password)).statusCode).toBe(200);
    // The owner's token still works with the owner's e-mail, in any case.
    expect((await reset({ ...body, token, email: owner.user.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('voids an older link when a newer one is asked for', async () => {
    const p = await createPatient(t.app);
    const first = await resetLink(p);
    const second = await resetLink(p);
    expect(second.token).not.toBe(first.token);
    const body = { password: NEW, password_confirmation: NEW };
    expect((await reset({ ...body, ...first })).statusCode).toBe(422);
    expect((await reset({ ...body, ...second })).statusCode).toBe(200);
  });

  it.each([
    ['password', { password: '', password_confirmation: '' }, ACCOUNT_MESSAGES.required],
    ['password_confirmation', { password: NEW, password_confirmation: '' }, ACCOUNT_MESSAGES.required],
    [
      'password_confirmation',
      { password: NEW, password_confirmation: 'diferente-123' },
      'As senhas devem ser iguais',
    ],
    ['password', { password: '1234567', password_confirmation: '1234567' }, AUTH_MESSAGES.passwordShort],
    ['password', { password: '12345678', password_confirmation: '12345678' }, passwordProblem('12345678')],
    ['password', { password: '        ', password_confirmation: '        ' }, passwordProblem('        ')],
    // The account's name, known only to the server, counts too.
    [
      'password',
      { password: 'Rosa-Negreiros-2026', password_confirmation: 'Rosa-Negreiros-2026' },
      PASSWORD_MESSAGES.personal,
    ],
  ])('answers 422 on an invalid %s and keeps the token usable', async (field, passwords, message) => {
    const p = await createPatient(t.app, { name: 'Rosa Negreiros' });
    const link = await resetLink(p);
    const res = await reset({ ...link, ...passwords });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect((await reset({ ...link, password: NEW, password_confirmation: NEW })).statusCode).toBe(200);
  });
});
