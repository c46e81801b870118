import { AUTH_MESSAGES } from '@pulso/domain';
import { PASSWORD_MESSAGES, passwordProblem } from '@pulso/domain/password-strength';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createPatient, createVirginCodes, registrationBody } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { hashPassword } from './auth.service.ts';

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

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload });

describe('POST /api/register', () => {
  it('creates the account, signs it in and assigns a random canonical code', async () => {
    const body = registrationBody({ email: ' Ana.Souza@Exemplo.com.BR ' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBe(AUTH_MESSAGES.registered);
    expect(json.token).toMatch(/^[\w-]{43}$/);
    expect(json.user.email).toBe('ana.souza@exemplo.com.br');
    expect(json.user.code).toMatch(/^\d{3}[A-Z]{2}\d{3}$/);
    expect(json.user.pessoal.telefone).toBe('11987654321');
    expect(json.user.trialEnded).toBe(false);
    expect(json.user).not.toHaveProperty('password_hash');
    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${json.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: json.user.id }, mensagens: 0 });
  });

  it('accepts multipart form data as well as JSON (docs/accounts.md "Registration")', async () => {
    const body = registrationBody();
    const boundary = '----pulso';
    const parts = Object.entries({ ...body, terms: 'true', newsletter: '1' }).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${parts.join('')}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.newsletter).toBe(true);
  });

  it.each([
    ['name', { name: '  ' }, AUTH_MESSAGES.name],
    ['name', { name: 'a'.repeat(306) }, AUTH_MESSAGES.nameLong],
    ['telefone', { telefone: '1198765432' }, AUTH_MESSAGES.telefone],
    ['telefone', { telefone: '01987654321' }, AUTH_MESSAGES.telefone],
    ['email', { email: '' }, AUTH_MESSAGES.email],
    ['email', { email: 'maria@exemplo' }, AUTH_MESSAGES.emailInvalid],
    ['password', { password: '', password_confirmation: '' }, AUTH_MESSAGES.password],
    ['password', { password: '1234567', password_confirmation: '1234567' }, AUTH_MESSAGES.passwordShort],
    ['password_confirmation', { password_confirmation: '' }, AUTH_MESSAGES.passwordConfirmation],
    ['password_confirmation', { password_confirmation: 'outra-senha-1' }, AUTH_MESSAGES.passwordMismatch],
    ['terms', { terms: false }, AUTH_MESSAGES.terms],
  ])('answers 422 on an invalid %s', async (field, override, message) => {
    const res = await register(registrationBody(override));
    expect(res.statusCode).toBe(422);
    const json = res.json();
    expect(json.errors[field]).toContain(message);
    expect(json.message).toBe(Object.values(json.errors as Record<string, string[]>)[0]?.[0]);
  });

  it('answers 422 with a clear message for an e-mail already registered, in any case', async () => {
    const first = registrationBody();
    expect((await register(first)).statusCode).toBe(201);
    const res = await register(registrationBody({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: AUTH_MESSAGES.emailTaken,
      errors: { email: [AUTH_MESSAGES.emailTaken] },
    });
  });

  it('claims an unclaimed sticker code once, accepting spaces and lower case', async () => {
    await createVirginCodes(t, ['123AB456']);
    const check = await t.app.inject({ url: '/api/qrcode/virgins/123%20ab%20456' });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ virgin: { code: '123AB456' } });

    const res = await register(registrationBody({ code: '123 ab 456' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.code).toBe('123AB456');

    expect((await t.app.inject({ url: '/api/qrcode/virgins/123AB456' })).statusCode).toBe(404);
    const again = await register(registrationBody({ code: '123AB456' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual([AUTH_MESSAGES.codeUnavailable]);
  });

  it('refuses an unknown or malformed sticker code and creates no account', async () => {
    for (const code of ['999ZZ999', 'abc']) {
      const body = registrationBody({ code });
      const res = await register(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual([AUTH_MESSAGES.codeUnavailable]);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: body.email, password: body.password },
      });
      expect(login.statusCode).toBe(422);
    }
  });
});

describe('POST /api/register: the password rule', () => {
  const countUsers = async () =>
    Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(users))[0]?.n);

  it.each(['12345678', 'aaaaaaaa', 'password', '        '])(
    'refuses the weak password %j with the rule’s pt-BR feedback and creates no account',
    async (password) => {
      const res = await register(registrationBody({ password, password_confirmation: password }));
      expect(res.statusCode).toBe(422);
      const message = passwordProblem(password);
      expect(message).toMatch(/^Senha fraca\. /);
      expect(res.json()).toEqual({ message, errors: { password: [message] } });
      expect(await countUsers()).toBe(0);
    },
  );

  it('refuses the e-mail as the password, and a password holding the name or the e-mail’s local part', async () => {
    const email = 'helena.prado@exemplo.com.br';
    for (const password of [email, 'helena.prado-2026!', 'Sou-a-Helena-do-Pulso', 'cafe-com-PRADO-sempre']) {
      const res = await register(
        registrationBody({ name: 'Helena Prado', email, password, password_confirmation: password }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password: [PASSWORD_MESSAGES.personal] });
    }
    expect(await countUsers()).toBe(0);
  });

  it('accepts a passphrase', async () => {
    const password = 'cavalo correto bateria grampo';
    const res = await register(registrationBody({ password, password_confirmation: password }));
    expect(res.statusCode).toBe(201);
  });

  it('still signs in an existing account whose password the rule would now refuse', async () => {
    const p = await createPatient(t.app);
    await t.database.db
      .update(users)
      .set({ password_hash: await hashPassword('12345678') })
      .where(eq(users.id, p.user.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.user.email, password: '12345678' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/login and /api/logout', () => {
  it('signs in with the right password, in any e-mail case', async () => {
    const p = await createPatient(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.user.email.toUpperCase(), password: p.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.loggedIn, user: { id: p.user.id } });
    expect(res.json().token).not.toBe(p.token);
  });

  it('answers the same 422 for a wrong password and for an unknown e-mail', async () => {
    const p = await createPatient(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.user.email, password: 'nao-e-esta' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ninguem@exemplo.com', password: 'nao-e-esta' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it("tells a closed account's holder, and only them, that it was closed and where to write", async () => {
    const p = await createPatient(t.app);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, p.user.id));
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: p.user.email, password } });
    const wrong = await login('nao-e-esta');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    const right = await login(p.password);
    expect(right.statusCode).toBe(422);
    const closed = AUTH_MESSAGES.accountClosed(t.config.contato.email);
    expect(right.json()).toEqual({ message: closed, errors: { password: [closed] } });
    expect(closed).toMatch(
      /^Esta conta foi encerrada\. Para reabri-la ou tirar dúvidas, escreva para \S+@\S+\.$/,
    );
  });

  it('answers the messages of docs/accounts.md "Sign-in" when fields are missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: [AUTH_MESSAGES.loginEmail],
      password: [AUTH_MESSAGES.loginPassword],
    });
  });

  it('revokes the token on logout and keeps other sessions alive', async () => {
    const p = await createPatient(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.user.email, password: p.password },
    });
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: p.auth });
    expect(out.statusCode).toBe(200);
    expect(out.json().user.id).toBe(p.user.id);
    expect((await t.app.inject({ url: '/api/user', headers: p.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: p.auth })).statusCode).toBe(
      401,
    );
    const stillIn = await t.app.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${other.json().token}` },
    });
    expect(stillIn.statusCode).toBe(200);
  });
});

describe('GET /api/user', () => {
  it('answers 401 to a guest and to a made-up token', async () => {
    expect((await t.app.inject({ url: '/api/user' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/user', headers: { authorization: 'Bearer forged-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('answers each patient only their own account', async () => {
    const a = await createPatient(t.app);
    const b = await createPatient(t.app);
    const res = await t.app.inject({ url: '/api/user', headers: b.auth });
    expect(res.json().user.id).toBe(b.user.id);
    expect(res.json().user.email).not.toBe(a.user.email);
  });
});

describe('rate limits on auth routes', () => {
  it('answers 429 in pt-BR after the limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/register', payload: {} });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([422, 422, 422, 429]);
      const res = await limited.app.inject({ method: 'POST', url: '/api/register', payload: {} });
      expect(res.json().message).toMatch(/Muitas tentativas/);
      // Sign-in counts wrong passwords only (login-throttle.test.ts): these requests do not count.
      const login = await limited.app.inject({ method: 'POST', url: '/api/login', payload: {} });
      expect(login.statusCode).toBe(422);
    } finally {
      await limited.close();
    }
  });
});
