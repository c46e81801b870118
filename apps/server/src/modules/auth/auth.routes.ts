import { AUTH_MESSAGES, LoginSchema, RegisterSchema, UserViewSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { sendVerificationMail } from '../account/account.service.ts';
import { unreadCount } from '../telemedicina/telemedicina.service.ts';
import { selectUserRow, toUserView } from '../users/user.presenter.ts';
import { actorOf, requireUser } from './auth.hooks.ts';
import { authenticate, issueSession, registerPatient, revokeSession } from './auth.service.ts';

const SessionAnswer = z.object({ user: UserViewSchema, token: z.string(), message: z.string() });

/** Registration, login, logout and the signed-in user (spec 1 §7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const authLimit = { rateLimit: { max: app.ctx.config.rateLimit.authPerMinute, timeWindow: '1 minute' } };

  const session = async (userId: number, userAgent: string | undefined, message: string) => {
    const token = await issueSession(db, userId, userAgent);
    const row = await selectUserRow(db, { id: userId });
    if (!row) throw new Error('User vanished after sign-in');
    return { user: toUserView(row), token, message };
  };

  const registerSchema = (summary: string, withToken: boolean) => ({
    // A sticker code in the body draws from the per-IP code budget too (docs/resilience.md).
    config: { ...authLimit, codeInBody: true },
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

  app.post(
    '/login',
    {
      config: authLimit,
      schema: {
        summary: 'Signs in with e-mail and password; answers a bearer token',
        tags: ['auth'],
        body: LoginSchema,
        response: { 200: SessionAnswer, 422: ValidationErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const userId = await authenticate(db, request.body.email, request.body.password);
      return session(userId, request.headers['user-agent'], AUTH_MESSAGES.loggedIn);
    },
  );

  app.post(
    '/logout',
    {
      preHandler: requireUser,
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
   * `GET /api/user` (spec 2 §7) → 200 `{user, mensagens}`: the caller's
   * `UserView` and how many chat messages addressed to it are unread (from
   * doctors in its own sessions, and from patients in the sessions it
   * attends as a doctor): the Telemedicina tab's badge. 401.
   */
  app.get(
    '/user',
    {
      preHandler: requireUser,
      schema: {
        summary:
          'The signed-in user and the unread chat messages addressed to it (as a patient and as a doctor)',
        tags: ['auth'],
        response: { 200: z.object({ user: UserViewSchema, mensagens: z.number().int() }), ...authErrors },
      },
    },
    async (request) => {
      const userId = actorOf(request).userId;
      const row = await selectUserRow(db, { id: userId });
      if (!row) throw new Error('Signed-in user not found');
      return { user: toUserView(row), mensagens: await unreadCount(db, userId) };
    },
  );

  // POST /password/email and /password/reset live in modules/account (issue 3).
};
