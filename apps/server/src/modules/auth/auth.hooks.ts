import { UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userGuard } from '../../access.ts';
import type { Actor } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { resolveSession } from './auth.service.ts';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** preHandler: answers 401 unless a live bearer token came; sets `request.actor`. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  const session = token ? await resolveSession(request.server.ctx.database.db, token) : null;
  if (!session) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  request.actor = { userId: session.userId, sessionId: session.sessionId };
}
// The route-access check (access.ts) recognises this hook as the sign-in guard.
userGuard(requireUser);

/** preHandler for public routes: sets `request.actor` when a live token came, else `null`. */
export async function optionalUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  const session = token ? await resolveSession(request.server.ctx.database.db, token) : null;
  request.actor = session ? { userId: session.userId, sessionId: session.sessionId } : null;
}

/** The actor of a route behind `requireUser`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  return request.actor;
}
