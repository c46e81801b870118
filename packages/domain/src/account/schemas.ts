import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '../auth/schemas.ts';
import { cleanLine } from '../shared/text.ts';

/**
 * pt-BR messages of e-mail verification and password reset (docs/accounts.md "E-mail verification",
 * "Forgotten password"; issue 3 "E-mail").
 */
export const ACCOUNT_MESSAGES = {
  required: 'Este campo é obrigatório',
  passwordMismatch: AUTH_MESSAGES.passwordMismatch,
  passwordShort: AUTH_MESSAGES.passwordShort,
  verifySubject: 'Confirme seu e-mail',
  verified: 'E-mail confirmado com sucesso',
  verifyInvalid:
    'Este link de confirmação é inválido, expirou ou já foi usado. Entre na sua conta e peça um novo e-mail de confirmação.',
  resent: 'Enviamos um novo e-mail de confirmação. Confira sua caixa de entrada.',
  alreadyVerified: 'Seu e-mail já está confirmado.',
  resetSubject: 'Redefinição de senha',
  forgotSent: AUTH_MESSAGES.forgotSent,
  resetDone: 'Senha redefinida com sucesso',
  resetInvalid:
    'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo link em "Esqueci minha senha".',
} as const;

/** Lifetime of an e-mail verification link (issue 3): 24 hours. */
export const EMAIL_VERIFY_TTL_MS = 24 * 3600 * 1000;
/** Lifetime of a password-reset link (issue 3): 60 minutes. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** Kinds of single-use e-mail tokens (`account_tokens.kind`). */
export const ACCOUNT_TOKEN_KINDS = ['email_verify', 'password_reset'] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

/** A token as it travels in a link: base64url, bounded so that no oversized value reaches the hash. */
export const AccountTokenSchema = z.string().min(1).max(200);

const newPassword = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .min(1, { error: ACCOUNT_MESSAGES.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordShort)
  .max(1024, 'A senha deve ter no máximo 1024 caracteres');
const confirmation = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .min(1, { error: ACCOUNT_MESSAGES.required, abort: true });

/**
 * The two fields of the password-reset page
 * (docs/accounts.md "Forgotten password"): both required ('Este campo é
 * obrigatório'), the same minimum as registration, and equal ('As senhas devem
 * ser iguais', reported on the confirmation).
 */
export const PasswordResetFieldsSchema = z
  .object({ password: newPassword, password_confirmation: confirmation })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: ACCOUNT_MESSAGES.passwordMismatch,
  });
export type PasswordResetFields = z.output<typeof PasswordResetFieldsSchema>;

/**
 * `POST /api/password/reset` body (docs/accounts.md "Forgotten password"): the link's token and e-mail and
 * the new password twice.
 */
export const PasswordResetSchema = z
  .object({
    token: z.string({ error: ACCOUNT_MESSAGES.resetInvalid }).min(1, ACCOUNT_MESSAGES.resetInvalid).max(200),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? cleanLine(v).trim().toLowerCase() : v),
      z
        .string({ error: ACCOUNT_MESSAGES.required })
        .min(1, { error: ACCOUNT_MESSAGES.required, abort: true })
        .max(255),
    ),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: ACCOUNT_MESSAGES.passwordMismatch,
  });
export type PasswordReset = z.output<typeof PasswordResetSchema>;
