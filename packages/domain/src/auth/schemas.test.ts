import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type FieldErrors, issuesToFieldErrors } from '../shared/errors.ts';
import {
  AUTH_MESSAGES,
  EMAIL_PATTERN,
  ForgotPasswordSchema,
  LoginSchema,
  PASSWORD_MIN_LENGTH,
  RegisterSchema,
  RegisterStep1Schema,
  RegisterStep2Schema,
} from './schemas.ts';

/** Field errors of a failed parse; fails the test when the parse succeeds. */
function errorsOf(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return issuesToFieldErrors(result.error.issues);
}

const M = AUTH_MESSAGES;
const step1 = { name: 'Maria Silva', telefone: '11987654321' };
const step2 = {
  email: 'maria@exemplo.com',
  password: 'segredo123',
  password_confirmation: 'segredo123',
  terms: true,
};

describe('AUTH_MESSAGES', () => {
  it('carries the pt-BR messages of docs/accounts.md "Registration and sign-in"', () => {
    expect(M.loginEmail).toBe('Informe seu e-mail');
    expect(M.loginPassword).toBe('Informe sua senha');
    expect(M.name).toBe('Informe o seu nome e sobrenome');
    expect(M.telefone).toBe('Informe um número de celular válido');
    expect(M.email).toBe('Informe seu e-mail para login');
    expect(M.emailInvalid).toBe('Informe um e-mail válido');
    expect(M.password).toBe('Informe uma senha para login');
    expect(M.passwordConfirmation).toBe('Confirme sua senha para login');
    expect(M.passwordMismatch).toBe('As senhas devem ser iguais');
  });

  it('sets the minimum password length to 8', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });
});

describe('EMAIL_PATTERN', () => {
  it('is the simple x@y.z pattern', () => {
    expect(EMAIL_PATTERN.test('a@b.c')).toBe(true);
    expect(EMAIL_PATTERN.test('maria.silva+pulso@exemplo.com.br')).toBe(true);
    expect(EMAIL_PATTERN.test('maria@exemplo')).toBe(false);
    expect(EMAIL_PATTERN.test('maria')).toBe(false);
    expect(EMAIL_PATTERN.test('@exemplo.com')).toBe(false);
    expect(EMAIL_PATTERN.test('maria@.com')).toBe(false);
    expect(EMAIL_PATTERN.test('ma ria@exemplo.com')).toBe(false);
    expect(EMAIL_PATTERN.test('maria@@exemplo.com')).toBe(false);
  });
});

describe('LoginSchema', () => {
  it('lower-cases and trims the e-mail, and keeps the password as typed', () => {
    expect(LoginSchema.parse({ email: '  Maria@Exemplo.COM ', password: ' segredo ' })).toEqual({
      email: 'maria@exemplo.com',
      password: ' segredo ',
    });
  });

  it('requires the e-mail', () => {
    for (const email of [undefined, null, '', '   ', 42]) {
      expect(errorsOf(LoginSchema, { email, password: 'x' }), String(email)).toEqual({
        email: [M.loginEmail],
      });
    }
  });

  it('requires the password', () => {
    for (const password of [undefined, null, '', 42]) {
      expect(errorsOf(LoginSchema, { email: 'a@b.c', password }), String(password)).toEqual({
        password: [M.loginPassword],
      });
    }
  });

  it('reports both fields, e-mail first', () => {
    const errors = errorsOf(LoginSchema, {});
    expect(errors).toEqual({ email: [M.loginEmail], password: [M.loginPassword] });
    expect(Object.keys(errors)).toEqual(['email', 'password']);
  });

  it('accepts a 1-character password (the rules of registration do not apply to old accounts)', () => {
    expect(LoginSchema.parse({ email: 'a@b.c', password: 'x' }).password).toBe('x');
  });

  it('caps the lengths, in pt-BR', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.c', password: 'x'.repeat(1024) }).success).toBe(true);
    const long = errorsOf(LoginSchema, { email: `${'a'.repeat(250)}@b.com`, password: 'x'.repeat(1025) });
    expect(Object.keys(long)).toEqual(['email', 'password']);
    for (const message of Object.values(long).flat()) {
      expect(Object.values(M)).toContain(message);
    }
  });
});

describe('ForgotPasswordSchema', () => {
  it('lower-cases and trims the e-mail', () => {
    expect(ForgotPasswordSchema.parse({ email: ' Maria@Exemplo.com ' })).toEqual({
      email: 'maria@exemplo.com',
    });
  });

  it('requires the e-mail', () => {
    expect(errorsOf(ForgotPasswordSchema, {})).toEqual({ email: [M.loginEmail] });
    expect(errorsOf(ForgotPasswordSchema, { email: null })).toEqual({ email: [M.loginEmail] });
    expect(errorsOf(ForgotPasswordSchema, { email: '' }).email?.[0]).toBe(M.loginEmail);
    expect(errorsOf(ForgotPasswordSchema, { email: '   ' }).email?.[0]).toBe(M.loginEmail);
  });

  it('rejects an e-mail without the x@y.z shape', () => {
    for (const email of ['maria', 'maria@', 'maria@exemplo', 'ma ria@exemplo.com']) {
      expect(errorsOf(ForgotPasswordSchema, { email }), email).toEqual({ email: [M.emailInvalid] });
    }
  });
});

describe('RegisterStep1Schema', () => {
  it('accepts a name and mobile digits', () => {
    expect(RegisterStep1Schema.parse(step1)).toEqual(step1);
  });

  it('trims the name', () => {
    expect(RegisterStep1Schema.parse({ ...step1, name: '  Maria Silva  ' }).name).toBe('Maria Silva');
  });

  it('accepts the masked phone and answers digits', () => {
    expect(RegisterStep1Schema.parse({ ...step1, telefone: '(11) 98765 4321' }).telefone).toBe('11987654321');
    expect(RegisterStep1Schema.parse({ ...step1, telefone: '(11) 98765-4321' }).telefone).toBe('11987654321');
  });

  it('requires the name', () => {
    for (const name of [undefined, null, '', '   ', 1]) {
      expect(errorsOf(RegisterStep1Schema, { ...step1, name }), String(name)).toEqual({ name: [M.name] });
    }
  });

  it('accepts 255 characters of name and rejects 256', () => {
    expect(RegisterStep1Schema.safeParse({ ...step1, name: 'a'.repeat(255) }).success).toBe(true);
    expect(errorsOf(RegisterStep1Schema, { ...step1, name: 'a'.repeat(256) })).toEqual({
      name: [M.nameLong],
    });
    expect(errorsOf(RegisterStep1Schema, { ...step1, name: 'a'.repeat(306) })).toEqual({
      name: [M.nameLong],
    });
    expect(M.nameLong).toBe('O nome pode ter no máximo 255 caracteres');
  });

  it('requires a valid mobile number', () => {
    const bad = [
      undefined,
      null,
      '',
      '(11) 9876 5432',
      '1198765432',
      '119876543210',
      '(01) 98765 4321',
      '01987654321',
      '10987654321',
      '11887654321',
      '(11) 3333 4444',
      11987654321,
    ];
    for (const telefone of bad) {
      expect(errorsOf(RegisterStep1Schema, { ...step1, telefone }), String(telefone)).toEqual({
        telefone: [M.telefone],
      });
    }
  });
});

describe('RegisterStep2Schema', () => {
  it('accepts a complete step and lower-cases and trims the e-mail', () => {
    const out = RegisterStep2Schema.parse({ ...step2, email: '  Maria@Exemplo.COM  ' });
    expect(out).toEqual({ ...step2, email: 'maria@exemplo.com' });
  });

  it('leaves the newsletter optional and reads boolean-like values', () => {
    expect(RegisterStep2Schema.parse(step2).newsletter).toBeUndefined();
    for (const yes of [true, 'true', '1', 'on']) {
      expect(RegisterStep2Schema.parse({ ...step2, newsletter: yes }).newsletter, String(yes)).toBe(true);
    }
    for (const no of [false, 'false', '0', 'off', '']) {
      expect(RegisterStep2Schema.parse({ ...step2, newsletter: no }).newsletter, String(no)).toBe(false);
    }
  });

  it('requires the e-mail', () => {
    expect(errorsOf(RegisterStep2Schema, { ...step2, email: undefined })).toEqual({ email: [M.email] });
    expect(errorsOf(RegisterStep2Schema, { ...step2, email: null })).toEqual({ email: [M.email] });
    expect(errorsOf(RegisterStep2Schema, { ...step2, email: '' }).email?.[0]).toBe(M.email);
    expect(errorsOf(RegisterStep2Schema, { ...step2, email: '  ' }).email?.[0]).toBe(M.email);
  });

  it('rejects an e-mail without the x@y.z shape', () => {
    for (const email of ['maria', 'maria@', 'maria@exemplo', '@exemplo.com', 'ma ria@exemplo.com']) {
      expect(errorsOf(RegisterStep2Schema, { ...step2, email }), email).toEqual({ email: [M.emailInvalid] });
    }
  });

  it('accepts an e-mail of 255 characters and rejects 256', () => {
    const at255 = `${'a'.repeat(243)}@exemplo.com`;
    expect(at255).toHaveLength(255);
    expect(RegisterStep2Schema.parse({ ...step2, email: at255 }).email).toBe(at255);
    expect(errorsOf(RegisterStep2Schema, { ...step2, email: `a${at255}` })).toEqual({
      email: [M.emailInvalid],
    });
  });

  it('requires the password', () => {
    expect(errorsOf(RegisterStep2Schema, { ...step2, password: undefined }).password).toEqual([M.password]);
    expect(
      errorsOf(RegisterStep2Schema, { ...step2, password: '', password_confirmation: '' }).password?.[0],
    ).toBe(M.password);
  });

  it('accepts 8 characters of password and rejects 7', () => {
    expect(
      RegisterStep2Schema.safeParse({ ...step2, password: '12345678', password_confirmation: '12345678' })
        .success,
    ).toBe(true);
    expect(
      errorsOf(RegisterStep2Schema, { ...step2, password: '1234567', password_confirmation: '1234567' }),
    ).toEqual({
      password: [M.passwordShort],
    });
  });

  it('requires the confirmation', () => {
    expect(
      errorsOf(RegisterStep2Schema, { ...step2, password_confirmation: undefined }).password_confirmation,
    ).toEqual([M.passwordConfirmation]);
    expect(
      errorsOf(RegisterStep2Schema, { ...step2, password_confirmation: '' }).password_confirmation?.[0],
    ).toBe(M.passwordConfirmation);
  });

  it('requires the confirmation to equal the password, case included', () => {
    expect(errorsOf(RegisterStep2Schema, { ...step2, password_confirmation: 'segredo124' })).toEqual({
      password_confirmation: [M.passwordMismatch],
    });
    expect(errorsOf(RegisterStep2Schema, { ...step2, password_confirmation: 'Segredo123' })).toEqual({
      password_confirmation: [M.passwordMismatch],
    });
    expect(errorsOf(RegisterStep2Schema, { ...step2, password_confirmation: 'segredo123 ' })).toEqual({
      password_confirmation: [M.passwordMismatch],
    });
  });

  it('requires the terms to be accepted', () => {
    for (const terms of [false, undefined, null, 'false', '0', 'off', '']) {
      expect(errorsOf(RegisterStep2Schema, { ...step2, terms }), String(terms)).toEqual({ terms: [M.terms] });
    }
  });

  it('reads the terms from a form field', () => {
    for (const terms of [true, 'true', '1', 'on']) {
      expect(RegisterStep2Schema.parse({ ...step2, terms }).terms, String(terms)).toBe(true);
    }
  });
});

describe('RegisterSchema', () => {
  const body = { ...step1, ...step2 };

  it('parses a JSON body', () => {
    expect(RegisterSchema.parse({ ...body, email: ' Maria@Exemplo.com', newsletter: true })).toEqual({
      ...body,
      email: 'maria@exemplo.com',
      newsletter: true,
    });
  });

  it('parses a multipart body where every value is a string', () => {
    const out = RegisterSchema.parse({
      name: ' Maria Silva ',
      telefone: '(11) 98765 4321',
      email: 'MARIA@EXEMPLO.COM',
      password: 'segredo123',
      password_confirmation: 'segredo123',
      terms: 'on',
      newsletter: '0',
      code: '123AB456',
    });
    expect(out).toEqual({ ...body, newsletter: false, code: '123AB456' });
  });

  it('drops a blank code', () => {
    expect(RegisterSchema.parse({ ...body, code: '' }).code).toBeUndefined();
    expect(RegisterSchema.parse({ ...body, code: '   ' }).code).toBeUndefined();
    expect(RegisterSchema.parse(body).code).toBeUndefined();
  });

  it('accepts a code of 20 characters and rejects 21 or a non-string, in pt-BR', () => {
    expect(RegisterSchema.parse({ ...body, code: 'a'.repeat(20) }).code).toBe('a'.repeat(20));
    expect(errorsOf(RegisterSchema, { ...body, code: 'a'.repeat(21) })).toEqual({
      code: [M.codeUnavailable],
    });
    expect(errorsOf(RegisterSchema, { ...body, code: 123 })).toEqual({ code: [M.codeUnavailable] });
  });

  it('applies the rules of both steps', () => {
    expect(
      errorsOf(RegisterSchema, {
        name: '',
        telefone: '1198765432',
        email: 'maria',
        password: '1234567',
        password_confirmation: '1234567',
        terms: false,
      }),
    ).toEqual({
      name: [M.name],
      telefone: [M.telefone],
      email: [M.emailInvalid],
      password: [M.passwordShort],
      terms: [M.terms],
    });
  });

  it('reports a mismatch on the confirmation', () => {
    expect(errorsOf(RegisterSchema, { ...body, password_confirmation: 'outrasenha' })).toEqual({
      password_confirmation: [M.passwordMismatch],
    });
  });

  it('requires every field of an empty body, in pt-BR', () => {
    expect(errorsOf(RegisterSchema, {})).toMatchObject({
      name: [M.name],
      telefone: [M.telefone],
      email: [M.email],
      password: [M.password],
      password_confirmation: [M.passwordConfirmation],
      terms: [M.terms],
    });
  });
});

describe('one message per empty field', () => {
  it('reports only the required message for an empty password and e-mail', () => {
    const result = RegisterStep2Schema.safeParse({
      email: '',
      password: '',
      password_confirmation: '',
      terms: true,
    });
    expect(result.success).toBe(false);
    const messages = (path: string) =>
      result.error?.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
    expect(messages('password')).toEqual([AUTH_MESSAGES.password]);
    expect(messages('email')).toEqual([AUTH_MESSAGES.email]);
  });
});
