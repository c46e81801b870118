import {
  ChangePasswordSchema,
  CloseAccountSchema,
  DELETION_MESSAGES,
  DeleteAccountSchema,
  formatInstantBR,
  SETTINGS_MESSAGES,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, MessageSchema, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { requestDeletion } from './deletion.service.ts';
import { changePassword, closeAccount } from './settings.service.ts';

/**
 * Password change, account closing and deletion (docs/accounts.md "Settings"; issue 3 "Settings";
 * docs/account-deletion.md).
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  // Checking the current password is a guess at it: limited like the sign-in (per IP).
  // `onRequest`: a guest gets 401 before the body is even validated.
  const guessLimit = { rateLimit: { max: app.ctx.config.rateLimit.authPerMinute, timeWindow: '1 minute' } };

  /**
   * `PUT /api/settings/password {password_current, password, password_confirmation}`
   * (signed in; docs/accounts.md "Password change"): 200
   * `{message: 'Senha alterada com sucesso'}` and every other session of the account
   * revoked (this one kept); 422 `{message, errors}` with the documented messages,
   * 'Senha atual incorreta' on `password_current`, 'As senhas devem ser iguais' on
   * `password_confirmation`; 401 without a live token; 429 past the limit.
   */
  app.put(
    '/settings/password',
    {
      onRequest: requireUser,
      config: { access: 'self', ...guessLimit },
      schema: {
        summary: 'Changes the password and signs every other device out',
        tags: ['settings'],
        security: [{ bearer: [] }],
        body: ChangePasswordSchema,
        response: {
          200: MessageSchema,
          422: ValidationErrorBodySchema,
          429: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await changePassword(db, actor, request.body);
      await app.ctx.realtime.endSessions({ userId: actor.userId, exceptSessionId: actor.sessionId });
      return { message: SETTINGS_MESSAGES.passwordChanged };
    },
  );

  /**
   * `PUT /api/settings/account/closed {is_active: false, password}` (signed
   * in; docs/api/account-lifecycle.md; the password: docs/auth-security.md "Closed
   * accounts"): 200 `{message}`; the account can no longer sign in, its
   * code's public view answers 404, every one of its tokens (this one
   * included) is revoked; nothing is deleted. 422 `is_active` when it is not
   * false, `password` 'Informe sua senha para encerrar a conta' or 'Senha
   * incorreta'; 401 without a live token.
   */
  app.put(
    '/settings/account/closed',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Closes (deactivates) the account and revokes all its sessions',
        tags: ['settings'],
        security: [{ bearer: [] }],
        body: CloseAccountSchema,
        response: { 200: MessageSchema, 422: ValidationErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await closeAccount(db, actor, request.body.password);
      await app.ctx.realtime.endSessions({ userId: actor.userId });
      return { message: SETTINGS_MESSAGES.accountClosed };
    },
  );

  /**
   * `POST /api/settings/excluir {password, confirmacao}` (signed in; docs/account-deletion.md "Asking"):
   * "Excluir minha conta e meus dados". 200 `{message, exclui_em}` (ISO instant of the erasure, 7 days on):
   * the account is closed at once, every one of its tokens revoked and its sockets closed, and a mail tells
   * the day; signing in before it cancels the deletion. 422 `password` 'Informe sua senha para excluir a
   * conta' or 'Senha incorreta', `confirmacao` 'Digite EXCLUIR para confirmar a exclusão' (nothing changed);
   * 409 for a doctor or staff account; 401 without a live token; 429 past the limit (a password guess).
   */
  app.post(
    '/settings/excluir',
    {
      onRequest: requireUser,
      config: { access: 'self', ...guessLimit },
      schema: {
        summary: 'Asks the deletion of the account and its data (erased 7 days later unless signed in again)',
        tags: ['settings'],
        security: [{ bearer: [] }],
        body: DeleteAccountSchema,
        response: {
          200: z.object({ message: z.string(), exclui_em: z.string() }),
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          429: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const due = await requestDeletion(app.ctx, request.log, actor, request.body);
      await app.ctx.realtime.endSessions({ userId: actor.userId });
      return { message: DELETION_MESSAGES.requested(formatInstantBR(due)), exclui_em: due.toISOString() };
    },
  );
};
