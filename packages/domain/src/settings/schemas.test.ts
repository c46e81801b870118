import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../shared/errors.ts';
import { ChangePasswordSchema, CloseAccountSchema, SETTINGS_MESSAGES } from './schemas.ts';

const M = SETTINGS_MESSAGES;
const valid = { password_current: 'antiga', password: 'nova-senha', password_confirmation: 'nova-senha' };

function errorsOf(schema: typeof ChangePasswordSchema | typeof CloseAccountSchema, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return issuesToFieldErrors(result.error.issues);
}

describe('ChangePasswordSchema (docs/accounts.md "Password change")', () => {
  it('accepts the three fields, the current password of any length', () => {
    expect(ChangePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('answers the documented message for each empty or missing field', () => {
    const expected = {
      password_current: [M.passwordCurrent],
      password: [M.password],
      password_confirmation: [M.passwordConfirmation],
    };
    expect(
      errorsOf(ChangePasswordSchema, { password_current: '', password: '', password_confirmation: '' }),
    ).toEqual(expected);
    expect(errorsOf(ChangePasswordSchema, {})).toEqual(expected);
  });

  it('asks for at least 8 characters (7 refused, 8 accepted)', () => {
    expect(
      errorsOf(ChangePasswordSchema, { ...valid, password: '1234567', password_confirmation: '1234567' }),
    ).toEqual({
      password: [M.passwordShort],
    });
    expect(
      ChangePasswordSchema.safeParse({ ...valid, password: '12345678', password_confirmation: '12345678' })
        .success,
    ).toBe(true);
  });

  it("reports 'As senhas devem ser iguais' on the confirmation", () => {
    expect(errorsOf(ChangePasswordSchema, { ...valid, password_confirmation: 'nova-senhA' })).toEqual({
      password_confirmation: ['As senhas devem ser iguais'],
    });
  });
});

describe('CloseAccountSchema (docs/auth-security.md "Closed accounts")', () => {
  it.each([false, 'false', 0, '0'])('reads %j as is_active false', (value) => {
    expect(CloseAccountSchema.parse({ is_active: value, password: 's' })).toEqual({
      is_active: false,
      password: 's',
    });
  });

  it.each([true, 'true', 1, null, undefined, 'sim'])('refuses %j', (value) => {
    expect(errorsOf(CloseAccountSchema, { is_active: value, password: 's' })).toEqual({
      is_active: [M.closeConfirm],
    });
  });

  it('asks for the password: missing, empty or not text', () => {
    for (const password of [undefined, '', 123, null]) {
      expect(errorsOf(CloseAccountSchema, { is_active: false, password })).toEqual({
        password: [M.closePassword],
      });
    }
  });

  it('keeps a password of up to 1024 characters, and calls a longer one wrong without hashing it', () => {
    expect(CloseAccountSchema.parse({ is_active: false, password: 'x'.repeat(1024) }).password).toHaveLength(
      1024,
    );
    expect(errorsOf(CloseAccountSchema, { is_active: false, password: 'x'.repeat(1025) })).toEqual({
      password: [M.closePasswordWrong],
    });
  });
});
