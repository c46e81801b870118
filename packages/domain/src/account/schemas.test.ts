import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../shared/errors.ts';
import { ACCOUNT_MESSAGES, PasswordResetFieldsSchema, PasswordResetSchema } from './schemas.ts';

function errorsOf(value: unknown) {
  const result = PasswordResetSchema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return issuesToFieldErrors(result.error.issues);
}

const valid = {
  token: 'abc',
  email: ' Ana@Example.com ',
  password: 'segredo12',
  password_confirmation: 'segredo12',
};

describe('PasswordResetSchema', () => {
  it('lower-cases and trims the e-mail and keeps the passwords as typed', () => {
    expect(PasswordResetSchema.parse(valid)).toEqual({ ...valid, email: 'ana@example.com' });
  });

  it("requires both passwords with 'Este campo é obrigatório'", () => {
    expect(ACCOUNT_MESSAGES.required).toBe('Este campo é obrigatório');
    expect(errorsOf({ ...valid, password: '', password_confirmation: '' })).toEqual({
      password: ['Este campo é obrigatório'],
      password_confirmation: ['Este campo é obrigatório'],
    });
  });

  it("reports a mismatch on the confirmation with 'As senhas devem ser iguais'", () => {
    expect(errorsOf({ ...valid, password_confirmation: 'segredo13' })).toEqual({
      password_confirmation: ['As senhas devem ser iguais'],
    });
  });

  it('asks for at least 8 characters, like registration, accepting exactly 8', () => {
    expect(errorsOf({ ...valid, password: '1234567', password_confirmation: '1234567' }).password).toEqual([
      ACCOUNT_MESSAGES.passwordShort,
    ]);
    expect(
      PasswordResetFieldsSchema.safeParse({ password: '12345678', password_confirmation: '12345678' })
        .success,
    ).toBe(true);
  });

  it('refuses a missing token with the invalid-link message', () => {
    expect(errorsOf({ ...valid, token: '' }).token).toEqual([ACCOUNT_MESSAGES.resetInvalid]);
  });
});
