import {
  AUTH_MESSAGES,
  accountThrottledMessage,
  addressThrottledMessage,
  DELETION_MESSAGES,
  LoginSchema,
  RegisterSchema,
  UserViewSchema,
} from '@pulso/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { selectUserRow, toUserView } from '../users/index.ts';
import { sendVerificationMail } from './account-tokens.ts';
import { actorOf, requireUser } from './auth.hooks.ts';
import { authenticate, issueSession, revokeSession } from './auth.service.ts';
import { clearLoginFailures, LOGIN_ADDRESS_WINDOW_MS, takeLoginAttempt } from './login-throttle.ts';
import { registerPatient } from './registration.ts';

const SessionAnswer = z.object({ user: UserViewSchema, token: z.string(), message: z.string() });

/**
 * What `GET /api/user` counts for the Telemedicina tab's badge, asked of
 * modules/telemedicina and handed over by app.ts (auth imports no feature).
 */
export type UnreadCounts = (db: Db, userId: number) => Promise<{ mensagens: number; respostas: number }>;

/** Registration, login, logout and the signed-in user (docs/accounts.md "Registration and sign-in"). */
export const authRoutes: FastifyPluginAsyncZod<{ unread: UnreadCounts }> = async (app, { unread }) => {
  const { db } = app.ctx.database;
  const authLimit = { rateLimit: { max: app.ctx.config.rateLimit.authPerMinute, timeWindow: '1 minute' } };
  // Wrong passwords per client address, whatever the account (docs/auth-security.md "Login
  // throttle"): in Redis with REDIS_URL, in this process while Redis is down (platform/rate-limit.ts);
  // the per-account throttle, in the database, holds either way.
  const addressFailures = app.createRateLimit({
    max: app.ctx.config.rateLimit.loginFailuresPerAddress,
    timeWindow: LOGIN_ADDRESS_WINDOW_MS,
    keyGenerator: (request) => `login-failures:${request.ip}`,
    skipOnError: true,
  });
  const tooMany = (reply: FastifyReply, waitMs: number, message: string) => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    return new HttpError(429, message);
  };

  const session = async (userId: number, userAgent: string | undefined, message: string) => {
    const token = await issueSession(db, userId, userAgent);
    const row = await selectUserRow(db, { id: userId });
    if (!row) throw new Error('User vanished after sign-in');
    return { user: toUserView(row), token, message };
  };

  const registerSchema = (summary: string, withToken: boolean) => ({
    // A sticker code in the body draws from the per-IP code budget too (docs/resilience.md).
    config: { access: 'public' as const, ...authLimit, codeInBody: true },
    schema: {
      summary,
      tags: ['auth'],
      body: RegisterSchema,
      ...(withToken ? { params: z.object({ token: z.string().min(1).max(200) }) } : {}),
      response: { 201: SessionAnswer, 422: ValidationErrorBodySchema, 429: ErrorBodySchema },
    },
  });

  app.post(
    '/register',
    registerSchema('Creates a patient account and signs it in (multipart or JSON)', false),
    async (request, reply) => {
      const { userId } = await registerPatient(db, request.body);
      await sendVerificationMail(app.ctx, request.log, userId);
      reply.code(201);
      return session(userId, request.headers['user-agent'], AUTH_MESSAGES.registered);
    },
  );

  app.post(
    '/register/:token',
    registerSchema('Creates a corporate (empresarial) account from a company invitation token', true),
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const { userId } = await registerPatient(db, request.body, { invitationToken: token });
      await sendVerificationMail(app.ctx, request.log, userId);
      reply.code(201);
      return session(userId, request.headers['user-agent'], AUTH_MESSAGES.registered);
    },
  );

  /**
   * `POST /api/login` `{email, password}` (docs/accounts.md "Sign-in") → 200
   * `{user, token, message}`; 422 'E-mail ou senha incorretos' for a wrong password and an
   * unknown e-mail alike; 422 that the account was closed, with the contact
   * e-mail, for a closed account's right password; a pending deletion's right password within its 7 days
   * reopens the account and answers `message` 'A exclusão da sua conta foi cancelada.'
   * (docs/account-deletion.md "Grace"); 429 with the wait in pt-BR (and `Retry-After`,
   * seconds) while the account cools down after 10 wrong passwords, or
   * while the client address has had `RATE_LIMIT_LOGIN_FAILURES` wrong
   * passwords in 15 minutes (docs/auth-security.md "Login throttle"). Only
   * wrong passwords count: right ones and malformed bodies do not.
   */
  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Signs in with e-mail and password; answers a bearer token',
        tags: ['auth'],
        body: LoginSchema,
        response: { 200: SessionAnswer, 422: ValidationErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const address = await addressFailures(request, { increment: false });
      if (!address.isAllowed && address.remaining <= 0) {
        throw tooMany(reply, address.ttl, addressThrottledMessage(address.ttl));
      }
      const attempt = await takeLoginAttempt(db, email);
      if (!attempt.allowed) throw tooMany(reply, attempt.waitMs, accountThrottledMessage(attempt.waitMs));
      let signedIn: Awaited<ReturnType<typeof authenticate>>;
      try {
        signedIn = await authenticate(db, email, password, app.ctx.config.contato.email);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 422) await addressFailures(request);
        throw error;
      }
      await clearLoginFailures(db, email);
      const message = signedIn.deletionCancelled ? DELETION_MESSAGES.cancelled : AUTH_MESSAGES.loggedIn;
      return session(signedIn.userId, request.headers['user-agent'], message);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Revokes the bearer token of this request',
        tags: ['auth'],
        response: { 200: z.object({ user: UserViewSchema, message: z.string() }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await selectUserRow(db, { id: actor.userId });
      await revokeSession(db, actor.sessionId);
      await app.ctx.realtime.endSessions({ sessionId: actor.sessionId });
      if (!row) throw new Error('Signed-in user not found');
      return { user: toUserView(row), message: AUTH_MESSAGES.loggedOut };
    },
  );

  /**
   * `GET /api/user` (docs/api/telemedicina.md "Patient side") → 200 `{user, mensagens, respostas}`: the
   * caller's `UserView`, how many chat messages addressed to it are unread
   * (from doctors in its own sessions, and from patients in the sessions it
   * attends as a doctor) and how many doctors' answers to its requests it
   * has not opened (docs/api/telemedicina.md "The patient's requests"): together
   * the Telemedicina tab's badge. 401.
   */
  app.get(
    '/user',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary:
          'The signed-in user and the unread chat messages addressed to it (as a patient and as a doctor)',
        tags: ['auth'],
        response: {
          200: z.object({ user: UserViewSchema, mensagens: z.number().int(), respostas: z.number().int() }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const userId = actorOf(request).userId;
      const row = await selectUserRow(db, { id: userId });
      if (!row) throw new Error('Signed-in user not found');
      return { user: toUserView(row), ...(await unread(db, userId)) };
    },
  );

  // POST /password/email and /password/reset live in modules/account (issue 3).
};
