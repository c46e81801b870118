import { InvitationViewSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../http.ts';
import { describeInvitation } from './empresas.service.ts';

/**
 * Company invitations for corporate accounts (docs/accounts.md "Corporate accounts";
 * issue 3 "Corporate invitations"). Companies and invitations are created by
 * `npm run company:create` (src/cli/company-create.ts); an invitation is
 * redeemed by `POST /api/register/:token` (modules/auth).
 */
export const empresasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const authLimit = { rateLimit: { max: app.ctx.config.rateLimit.authPerMinute, timeWindow: '1 minute' } };

  /**
   * `GET /api/register/invitation/:token` (public, rate-limited like the auth
   * routes) → `200 {invitation: {company: {nome}}}` when the invitation can
   * still be used: the company's name is all it reveals. `404 {message}` with
   * `AUTH_MESSAGES.invitationInvalid`, identical for an unknown, forged, used
   * or expired token and for a deactivated company; 429 over the limit.
   */
  app.get(
    '/register/invitation/:token',
    {
      config: { access: 'public', ...authLimit },
      schema: {
        summary: "Checks a company invitation before registration; answers only the company's name",
        tags: ['auth'],
        params: z.object({ token: z.string() }),
        response: { 200: InvitationViewSchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => describeInvitation(db, request.params.token),
  );
};
