import { z } from 'zod';
import { onlyDigits } from '../shared/mask.ts';
import { isMobileDigits } from '../shared/phone.ts';
import { cleanLine } from '../shared/text.ts';

/**
 * pt-BR messages of login and registration (docs/accounts.md "Registration and sign-in"; extras decided in
 * issue 2's note).
 */
export const AUTH_MESSAGES = {
  loginEmail: 'Informe seu e-mail',
  loginPassword: 'Informe sua senha',
  name: 'Informe o seu nome e sobrenome',
  /** A name past the column's 255 characters: say the limit (issue 17). */
  nameLong: 'O nome pode ter no máximo 255 caracteres',
  telefone: 'Informe um número de celular válido',
  email: 'Informe seu e-mail para login',
  emailInvalid: 'Informe um e-mail válido',
  password: 'Informe uma senha para login',
  passwordShort: 'A senha deve ter no mínimo 8 caracteres',
  passwordConfirmation: 'Confirme sua senha para login',
  passwordMismatch: 'As senhas devem ser iguais',
  terms: 'Aceite os termos de uso e a política de privacidade',
  emailTaken: 'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.',
  invalidCredentials: 'E-mail ou senha incorretos',
  /** Sign-in to a closed account with its right password: say so, and where to write (`contato`: an e-mail). */
  accountClosed: (contato: string) =>
    `Esta conta foi encerrada. Para reabri-la ou tirar dúvidas, escreva para ${contato}.`,
  loggedIn: 'Login realizado com sucesso',
  registered: 'Cadastro realizado com sucesso',
  loggedOut: 'Você saiu da sua conta',
  codeUnavailable: 'Este código não está disponível para cadastro',
  invitationInvalid: 'Este convite é inválido, expirou ou já foi usado. Peça um novo convite à sua empresa.',
  forgotSent: 'Se este e-mail estiver cadastrado, enviaremos um link para redefinir sua senha.',
} as const;

/** Minimum password length (NIST SP 800-63B; the product set none: docs/accounts.md "Registration"). */
export const PASSWORD_MIN_LENGTH = 8;

/** Simple `x@y.z` pattern (docs/accounts.md "Registration"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const trimmed = (v: unknown) => (typeof v === 'string' ? cleanLine(v).trim() : v);
const lowerTrimmed = (v: unknown) => (typeof v === 'string' ? cleanLine(v).trim().toLowerCase() : v);

/** `POST /api/login` body. */
export const LoginSchema = z.object({
  email: z.preprocess(
    lowerTrimmed,
    z
      .string({ error: AUTH_MESSAGES.loginEmail })
      .min(1, { error: AUTH_MESSAGES.loginEmail, abort: true })
      .max(255),
  ),
  password: z
    .string({ error: AUTH_MESSAGES.loginPassword })
    .min(1, { error: AUTH_MESSAGES.loginPassword, abort: true })
    .max(1024),
});
export type Login = z.output<typeof LoginSchema>;

/** Forgot-password dialog / `POST /api/password/email` body: the e-mail is required. */
export const ForgotPasswordSchema = z.object({
  email: z.preprocess(
    lowerTrimmed,
    z
      .string({ error: AUTH_MESSAGES.loginEmail })
      .min(1, { error: AUTH_MESSAGES.loginEmail, abort: true })
      .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid),
  ),
});

const name = z.preprocess(
  trimmed,
  z
    .string({ error: AUTH_MESSAGES.name })
    .min(1, { error: AUTH_MESSAGES.name, abort: true })
    .max(255, AUTH_MESSAGES.nameLong),
);
const telefone = z.preprocess(
  (v) => (typeof v === 'string' ? onlyDigits(v) : v),
  z.string({ error: AUTH_MESSAGES.telefone }).refine(isMobileDigits, AUTH_MESSAGES.telefone),
);
const email = z.preprocess(
  lowerTrimmed,
  z
    .string({ error: AUTH_MESSAGES.email })
    .min(1, { error: AUTH_MESSAGES.email, abort: true })
    .max(255, AUTH_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid),
);
const password = z
  .string({ error: AUTH_MESSAGES.password })
  .min(1, { error: AUTH_MESSAGES.password, abort: true })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordShort)
  .max(1024, 'A senha deve ter no máximo 1024 caracteres');
const passwordConfirmation = z
  .string({ error: AUTH_MESSAGES.passwordConfirmation })
  .min(1, { error: AUTH_MESSAGES.passwordConfirmation, abort: true });
const checkbox = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean());

/** Registration step 1 (docs/accounts.md "Registration"): name and mobile phone (`telefone` as digits or masked). */
export const RegisterStep1Schema = z.object({ name, telefone });

/** Registration step 2 (docs/accounts.md "Registration"): e-mail, password, confirmation, terms, newsletter. */
export const RegisterStep2Schema = z
  .object({
    email,
    password,
    password_confirmation: passwordConfirmation,
    terms: checkbox.refine((v) => v, AUTH_MESSAGES.terms),
    newsletter: checkbox.optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: AUTH_MESSAGES.passwordMismatch,
  });

/**
 * `POST /api/register` body (docs/accounts.md "Registration"), multipart or
 * JSON: `telefone` digits, `newsletter` boolean-like, optional virgin `code`
 * (docs/codes.md "Virgin codes"). Acceptance of the terms is required by the
 * form; the server requires `terms` too so that no account exists without it
 * (LGPD consent record).
 */
export const RegisterSchema = z
  .object({
    name,
    telefone,
    email,
    password,
    password_confirmation: passwordConfirmation,
    terms: checkbox.refine((v) => v, AUTH_MESSAGES.terms),
    newsletter: checkbox.optional(),
    code: z.preprocess(
      blankToUndefined,
      z.string({ error: AUTH_MESSAGES.codeUnavailable }).max(20, AUTH_MESSAGES.codeUnavailable).optional(),
    ),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: AUTH_MESSAGES.passwordMismatch,
  });
export type Register = z.output<typeof RegisterSchema>;

function blankToUndefined(v: unknown): unknown {
  return typeof v === 'string' && v.trim() === '' ? undefined : v;
}
