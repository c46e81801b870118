import { AUTH_MESSAGES, SETTINGS_MESSAGES, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { PASSWORD_MESSAGES, passwordProblem } from '@pulso/domain/password-strength';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createPatient, fillEmergencyData, registrationBody } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { issueAccountToken } from '../auth/account-tokens.ts';

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

const NEW_PASSWORD = 'nova-senha-forte-9';

const changePassword = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/password', payload, headers });
const closeAccount = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/account/closed', payload, headers });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/user', headers });

/** A second session of the same account (another device), answered as its auth header. */
async function otherDevice(email: string, password: string): Promise<{ authorization: string }> {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

describe('PUT /api/settings/password', () => {
  it('cancels the reset links sent before the change', async () => {
    const patient = await createPatient(t.app);
    const link = await issueAccountToken(t.database.db, patient.user.id, 'password_reset');
    const changed = await changePassword(
      { password_current: patient.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      patient.auth,
    );
    expect(changed.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        token: link,
        email: patient.user.email,
        password: 'outra-senha-123',
        password_confirmation: 'outra-senha-123',
      },
    });
    expect(reset.statusCode).toBe(422);
    expect((await login(patient.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 to a guest and to a forged token, whatever the body', async () => {
    const patient = await createPatient(t.app);
    const body = {
      password_current: patient.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    for (const headers of [{}, { authorization: 'Bearer forjado' }] as Record<string, string>[]) {
      const res = await changePassword(body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    }
    expect((await changePassword({}, {})).statusCode).toBe(401);
    expect((await login(patient.user.email, patient.password)).statusCode).toBe(200);
  });

  it('answers 422 with the documented messages when the fields are empty', async () => {
    const patient = await createPatient(t.app);
    const res = await changePassword(
      { password_current: '', password: '', password_confirmation: '' },
      patient.auth,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: SETTINGS_MESSAGES.passwordCurrent,
      errors: {
        password_current: [SETTINGS_MESSAGES.passwordCurrent],
        password: [SETTINGS_MESSAGES.password],
        password_confirmation: [SETTINGS_MESSAGES.passwordConfirmation],
      },
    });
    const missing = await changePassword({}, patient.auth);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual([
      'password_current',
      'password',
      'password_confirmation',
    ]);
  });

  it('answers 422 on a short new password and on a confirmation that differs', async () => {
    const patient = await createPatient(t.app);
    const short = await changePassword(
      { password_current: patient.password, password: '1234567', password_confirmation: '1234567' },
      patient.auth,
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: [SETTINGS_MESSAGES.passwordShort] });
    const mismatch = await changePassword(
      { password_current: patient.password, password: NEW_PASSWORD, password_confirmation: 'outra-senha-9' },
      patient.auth,
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: [AUTH_MESSAGES.passwordMismatch] });
  });

  it('answers 422 on a weak new password and on one holding the name or e-mail, and changes nothing', async () => {
    const patient = await createPatient(t.app, { name: 'Otávio Brandão' });
    const other = await otherDevice(patient.user.email, patient.password);
    const cases = [
      ['password', passwordProblem('password')],
      ['12345678', passwordProblem('12345678')],
      [patient.user.email, PASSWORD_MESSAGES.personal],
      ['otavio-brandao-2026', PASSWORD_MESSAGES.personal],
    ] as const;
    for (const [password, message] of cases) {
      const res = await changePassword(
        { password_current: patient.password, password, password_confirmation: password },
        patient.auth,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message, errors: { password: [message] } });
    }
    expect((await login(patient.user.email, patient.password)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('answers 422 on password_current when it is wrong, and changes nothing', async () => {
    const patient = await createPatient(t.app);
    const other = await otherDevice(patient.user.email, patient.password);
    const res = await changePassword(
      { password_current: 'nao-e-a-senha', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      patient.auth,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: SETTINGS_MESSAGES.passwordCurrentWrong,
      errors: { password_current: [SETTINGS_MESSAGES.passwordCurrentWrong] },
    });
    expect((await login(patient.user.email, patient.password)).statusCode).toBe(200);
    expect((await login(patient.user.email, NEW_PASSWORD)).statusCode).toBe(422);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('changes the owner password, revokes the other sessions and keeps this one', async () => {
    const patient = await createPatient(t.app);
    const phone = await otherDevice(patient.user.email, patient.password);
    const tablet = await otherDevice(patient.user.email, patient.password);
    const res = await changePassword(
      { password_current: patient.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      patient.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha alterada com sucesso' });

    expect((await me(patient.auth)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);

    const old = await login(patient.user.email, patient.password);
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect((await login(patient.user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const [row] = await t.database.db
      .select({ password_hash: users.password_hash })
      .from(users)
      .where(eq(users.id, patient.user.id));
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(NEW_PASSWORD);
  });

  it("changes only the caller's password: another patient's token cannot reach the owner", async () => {
    const owner = await createPatient(t.app);
    const ownerPhone = await otherDevice(owner.user.email, owner.password);
    const intruder = await createPatient(t.app, {
      password: 'senha-do-outro-1',
      password_confirmation: 'senha-do-outro-1',
    });
    // The owner's current password, with the intruder's token, checks against the intruder's account.
    const guessed = await changePassword(
      { password_current: owner.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      intruder.auth,
    );
    expect(guessed.statusCode).toBe(422);
    expect(guessed.json().errors.password_current).toEqual([SETTINGS_MESSAGES.passwordCurrentWrong]);

    const own = await changePassword(
      { password_current: intruder.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      intruder.auth,
    );
    expect(own.statusCode).toBe(200);
    expect((await login(intruder.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(owner.user.email, owner.password)).statusCode).toBe(200);
    expect((await login(owner.user.email, NEW_PASSWORD)).statusCode).toBe(422);
    expect((await me(owner.auth)).statusCode).toBe(200);
    expect((await me(ownerPhone)).statusCode).toBe(200);
  });
});

describe('PUT /api/settings/account/closed', () => {
  it('answers 401 to a guest and to a forged token, and closes nothing', async () => {
    const patient = await createPatient(t.app);
    for (const headers of [{}, { authorization: 'Bearer forjado' }] as Record<string, string>[]) {
      const res = await closeAccount({ is_active: false }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    }
    expect((await me(patient.auth)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/code/${patient.user.code}` })).statusCode).toBe(200);
  });

  it('answers 422 unless is_active is false, and closes nothing', async () => {
    const patient = await createPatient(t.app);
    for (const payload of [{}, { is_active: true }, { is_active: 'talvez' }]) {
      const res = await closeAccount({ ...payload, password: patient.password }, patient.auth);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ is_active: [SETTINGS_MESSAGES.closeConfirm] });
    }
    expect((await me(patient.auth)).statusCode).toBe(200);
  });

  it('asks for the password again: missing or wrong, 422 and nothing closed', async () => {
    const patient = await createPatient(t.app);
    for (const payload of [{ is_active: false }, { is_active: false, password: '' }]) {
      const res = await closeAccount(payload, patient.auth);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password: [SETTINGS_MESSAGES.closePassword] });
    }
    const wrong = await closeAccount({ is_active: false, password: 'nao-e-a-senha' }, patient.auth);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [SETTINGS_MESSAGES.closePasswordWrong] });
    expect((await me(patient.auth)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/code/${patient.user.code}` })).statusCode).toBe(200);
  });

  it('closes the owner account: no sign-in, every token revoked, the code not found, the data kept', async () => {
    const patient = await createPatient(t.app);
    await fillEmergencyData(t.database.db, patient.user.id);
    const phone = await otherDevice(patient.user.email, patient.password);
    expect((await t.app.inject({ url: `/api/code/${patient.user.code}` })).statusCode).toBe(200);

    const res = await closeAccount({ is_active: false, password: patient.password }, patient.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SETTINGS_MESSAGES.accountClosed });

    expect((await me(patient.auth)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect(
      (await closeAccount({ is_active: false, password: patient.password }, patient.auth)).statusCode,
    ).toBe(401);

    // No sign-in: the right password hears that the account was closed (docs/auth-security.md), a wrong one
    // only that the e-mail or password is wrong.
    const signIn = await login(patient.user.email, patient.password);
    expect(signIn.statusCode).toBe(422);
    expect(signIn.json().message).toBe(AUTH_MESSAGES.accountClosed(t.config.contato.email));
    expect((await login(patient.user.email, 'outra-senha-qualquer')).json().message).toBe(
      AUTH_MESSAGES.invalidCredentials,
    );

    const code = await t.app.inject({ url: `/api/code/${patient.user.code}` });
    expect(code.statusCode).toBe(404);
    expect(JSON.stringify(code.json())).not.toContain('João Pereira');

    const [row] = await t.database.db
      .select({
        is_active: users.is_active,
        closed_at: users.closed_at,
        contato: users.contato,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, patient.user.id));
    expect(row?.is_active).toBe(false);
    expect(row?.closed_at).toBeInstanceOf(Date);
    expect(Date.now() - (row?.closed_at?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(row?.contato).toBe('João Pereira');
    expect(row?.email).toBe(patient.user.email);
  });

  it('keeps the e-mail of a closed account taken: registering it again is refused', async () => {
    const patient = await createPatient(t.app);
    expect(
      (await closeAccount({ is_active: '0', password: patient.password }, patient.auth)).statusCode,
    ).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registrationBody({ email: patient.user.email }),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: [AUTH_MESSAGES.emailTaken] });
  });

  it("closes only the caller's account: another patient's token leaves the owner untouched", async () => {
    const owner = await createPatient(t.app);
    const intruder = await createPatient(t.app);
    expect(
      (await closeAccount({ is_active: false, password: intruder.password }, intruder.auth)).statusCode,
    ).toBe(200);
    expect((await me(intruder.auth)).statusCode).toBe(401);
    expect((await me(owner.auth)).statusCode).toBe(200);
    expect((await login(owner.user.email, owner.password)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/code/${owner.user.code}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/code/${intruder.user.code}` })).statusCode).toBe(404);
  });
});
