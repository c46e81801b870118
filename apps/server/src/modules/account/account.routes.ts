import {
  ACCOUNT_MESSAGES,
  AccountTokenSchema,
  ForgotPasswordSchema,
  PasswordResetSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, MessageSchema, ValidationErrorBodySchema } from '../../http.ts';
import { mailIdle } from '../../platform/mail-jobs.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { requestPasswordReset, resendVerification, resetPassword, verifyEmail } from './account.service.ts';

/**
 * E-mail verification and password reset
 * (docs/accounts.md "E-mail verification", "Forgotten password"; issue 3
 * "E-mail"). Every bad, expired or used token answers 422
 * `{message, errors: {token}}` like any other invalid input, with a pt-BR
 * message saying what to do next.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;
  const authLimit = { rateLimit: { max: ctx.config.rateLimit.authPerMinute, timeWindow: '1 minute' } };
  // No mail is lost on shutdown: close waits for deliveries in flight.
  app.addHook('onClose', async () => {
    await mailIdle(ctx);
  });

  /**
   * `PUT /api/email/verify/:token` (public) → 200 `{message: 'E-mail confirmado com sucesso'}`
   * and `users.email_verified_at` set. 422 `{message, errors: {token}}` when the
   * token is unknown, expired (24 h), used or its account closed; 429.
   */
  app.put(
    '/email/verify/:token',
    {
      config: { access: 'public', ...authLimit },
      schema: {
        summary: 'Confirms the e-mail of the account the single-use token was issued to',
        tags: ['account'],
        params: z.object({ token: AccountTokenSchema }),
        response: { 200: MessageSchema, 422: ValidationErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await verifyEmail(db, request.params.token);
      return { message: ACCOUNT_MESSAGES.verified };
    },
  );

  /**
   * `GET /api/email/resend` (signed in) → 200 `{message}`: a new link (older
   * ones stop working), or, when already verified, a message saying so and no
   * mail. 401 without a live token; 429.
   */
  app.get(
    '/email/resend',
    {
      config: { access: 'self', ...authLimit },
      onRequest: requireUser,
      schema: {
        summary: 'Sends a new verification e-mail to the signed-in user',
        tags: ['account'],
        security: [{ bearer: [] }],
        response: { 200: MessageSchema, ...authErrors, 429: ErrorBodySchema },
      },
    },
    async (request) => resendVerification(ctx, request.log, actorOf(request).userId),
  );

  /**
   * `POST /api/password/email {email}` (public) → always 200 `{message:
   * AUTH_MESSAGES.forgotSent}`, whether or not the e-mail belongs to an active
   * account (the mail, if any, leaves after the answer). 422 on a missing or
   * malformed e-mail; 429.
   */
  app.post(
    '/password/email',
    {
      config: { access: 'public', ...authLimit },
      schema: {
        summary: 'Asks for a password-reset link; the same answer whether or not the e-mail exists',
        tags: ['account'],
        body: ForgotPasswordSchema,
        response: { 200: MessageSchema, 422: ValidationErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      requestPasswordReset(ctx, request.log, request.body.email);
      return { message: ACCOUNT_MESSAGES.forgotSent };
    },
  );

  /**
   * `POST /api/password/reset {token, email, password, password_confirmation}`
   * (public) → 200 `{message: 'Senha redefinida com sucesso'}`; every session
   * of the account is revoked. 422 `{message, errors}`: field errors of the
   * passwords, or `token` when the token is unknown, expired (60 min), used or
   * was issued for another e-mail; 429.
   */
  app.post(
    '/password/reset',
    {
      config: { access: 'public', ...authLimit },
      schema: {
        summary: 'Sets a new password from a reset link and signs the account out everywhere',
        tags: ['account'],
        body: PasswordResetSchema,
        response: { 200: MessageSchema, 422: ValidationErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const userId = await resetPassword(db, request.body);
      await app.ctx.realtime.endSessions({ userId });
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  );
};
