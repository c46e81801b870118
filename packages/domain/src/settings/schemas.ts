import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '../auth/schemas.ts';

/** pt-BR messages of /settings (docs/accounts.md "Password change", "Closing the account"; issue 3 "Settings"). */
export const SETTINGS_MESSAGES = {
  passwordCurrent: 'Informe sua senha atual',
  password: 'Informe sua nova senha',
  passwordConfirmation: 'Informe sua nova senha novamente',
  passwordShort: AUTH_MESSAGES.passwordShort,
  passwordMismatch: AUTH_MESSAGES.passwordMismatch,
  passwordCurrentWrong: 'Senha atual incorreta',
  passwordChanged: 'Senha alterada com sucesso',
  closeConfirm: 'Para encerrar a conta, confirme com is_active igual a false.',
  closePassword: 'Informe sua senha para encerrar a conta',
  closePasswordWrong: 'Senha incorreta',
  accountClosed: 'Sua conta foi encerrada.',
  closeFailed: 'Erro ao encerrar sua conta!',
} as const;

const passwordCurrent = z
  .string({ error: SETTINGS_MESSAGES.passwordCurrent })
  .min(1, { error: SETTINGS_MESSAGES.passwordCurrent, abort: true })
  .max(1024, SETTINGS_MESSAGES.passwordCurrentWrong);
const password = z
  .string({ error: SETTINGS_MESSAGES.password })
  .min(1, { error: SETTINGS_MESSAGES.password, abort: true })
  .min(PASSWORD_MIN_LENGTH, SETTINGS_MESSAGES.passwordShort)
  .max(1024, 'A senha deve ter no máximo 1024 caracteres');
const passwordConfirmation = z
  .string({ error: SETTINGS_MESSAGES.passwordConfirmation })
  .min(1, { error: SETTINGS_MESSAGES.passwordConfirmation, abort: true });

/**
 * `PUT /api/settings/password` body and the 'Alterar Senha' form
 * (docs/accounts.md "Password change"): the three fields required with the
 * documented messages, the new password with registration's minimum (8) and the
 * confirmation equal to it ('As senhas devem ser iguais', reported on the
 * confirmation).
 */
export const ChangePasswordSchema = z
  .object({ password_current: passwordCurrent, password, password_confirmation: passwordConfirmation })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: SETTINGS_MESSAGES.passwordMismatch,
  });
export type ChangePassword = z.output<typeof ChangePasswordSchema>;

/**
 * `PUT /api/settings/account/closed` body: `{is_active: false, password}`
 * (`"false"`, `0` and `"0"` are read as false, as a form would send them;
 * any other value is refused: the route only closes accounts) and the
 * account's password, asked again so that a phone left signed in is not
 * enough to close it (docs/auth-security.md "Closed accounts").
 */
export const CloseAccountSchema = z.object({
  is_active: z.preprocess(
    (v) => (v === 'false' || v === 0 || v === '0' ? false : v),
    z.literal(false, { error: SETTINGS_MESSAGES.closeConfirm }),
  ),
  password: z
    .string({ error: SETTINGS_MESSAGES.closePassword })
    .min(1, { error: SETTINGS_MESSAGES.closePassword, abort: true })
    .max(1024, SETTINGS_MESSAGES.closePasswordWrong),
});
export type CloseAccount = z.output<typeof CloseAccountSchema>;

/** Slugs of the pages kept in `content_pages`: `termos` (terms of use), `politica` (privacy policy). */
export const CONTENT_SLUGS = ['termos', 'politica'] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

/** Answer of `GET /api/termos` and `GET /api/politica`: the title, the HTML body, the last edit (ISO). */
export const ContentPageSchema = z.object({
  titulo: z.string(),
  html: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.output<typeof ContentPageSchema>;

/**
 * The only HTML the legal pages may contain (issue 3): the sanitiser on the
 * web keeps these tags and, on links, only `href` (to https, mailto or a path
 * of the app).
 */
export const CONTENT_ALLOWED_TAGS = ['h2', 'h3', 'p', 'ul', 'li', 'a'] as const;
