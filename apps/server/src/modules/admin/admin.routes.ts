import { ADMIN_CAPABILITIES, idParam, STAFF_ROLES, staffCan } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../http.ts';
import { requireStaff, staffActor } from './admin.access.ts';
import { listAudit } from './audit.service.ts';
import { conteudoAdminRoutes } from './conteudo.routes.ts';
import { empresasRoutes } from './empresas.routes.ts';
import { lotesRoutes } from './lotes.routes.ts';
import { medicosAreaRoutes } from './medicos-area.routes.ts';
import { painel } from './painel.service.ts';
import { pedidosRoutes } from './pedidos.routes.ts';
import { planosAdminRoutes } from './planos.routes.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'] });

/**
 * The admin area's API (issue 9), under `/api/admin/`. Every route takes a
 * staff member's bearer token (`requireStaff`): 401 without one, 403 for a
 * patient or a doctor, 403 for support where the role does not reach.
 * Answers are `private, no-store`.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  // The areas of issue 9, each in its own file of this folder, registered here (one line each).
  await app.register(empresasRoutes);
  await app.register(planosAdminRoutes);
  await app.register(lotesRoutes);
  await app.register(pedidosRoutes);
  await app.register(conteudoAdminRoutes);
  await app.register(medicosAreaRoutes);

  /**
   * `GET /api/admin/me` → `{user: {id, name, email}, role, capabilities}`:
   * the staff member and what the role may do (the web draws its navigation
   * from `capabilities`). 401; 403 'Esta conta não é da equipe do Pulso.'.
   */
  app.get(
    '/admin/me',
    {
      config: { access: 'staff:painel' },
      onRequest: requireStaff('painel'),
      schema: {
        ...route('The signed-in staff member'),
        response: {
          200: z.object({
            user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
            role: z.enum(STAFF_ROLES),
            capabilities: z.array(z.enum(ADMIN_CAPABILITIES)),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const me = staffActor(request);
      return {
        user: { id: me.userId, name: me.name, email: me.email },
        role: me.role,
        capabilities: ADMIN_CAPABILITIES.filter((c) => staffCan(me.role, c)),
      };
    },
  );

  /**
   * `GET /api/admin/painel` (issue 9 "Dashboard") → `{pacientes,
   * planos_ativos, pedidos_abertos, atendimentos_aguardando,
   * denuncias_abertas, cadastros_por_semana: [{semana: 'yyyy-mm-dd' (Monday), cadastros}]}` (12 weeks).
   */
  app.get(
    '/admin/painel',
    {
      config: { access: 'staff:painel' },
      onRequest: requireStaff('painel'),
      schema: {
        ...route('Dashboard counts and weekly sign-ups'),
        response: {
          200: z.object({
            pacientes: z.number(),
            planos_ativos: z.number(),
            pedidos_abertos: z.number(),
            atendimentos_aguardando: z.number(),
            denuncias_abertas: z.number(),
            cadastros_por_semana: z.array(z.object({ semana: z.string(), cadastros: z.number() })),
          }),
          ...errors,
        },
      },
    },
    async () => painel(db),
  );

  /**
   * `GET /api/admin/auditoria?entidade&entidade_id&before` (admin only) →
   * `{registros: [{id, actor_email, acao, entidade, entidade_id, antes,
   * depois, created_at}], next}`: 50 a page, newest first; `next` is the
   * `before` of the next page, `null` at the end.
   */
  app.get(
    '/admin/auditoria',
    {
      config: { access: 'staff:auditoria' },
      onRequest: requireStaff('auditoria'),
      schema: {
        ...route('The audit log of admin actions'),
        querystring: z.object({
          entidade: z.string().max(40).optional(),
          entidade_id: z.string().max(60).optional(),
          before: idParam().optional(),
        }),
        response: {
          200: z.object({
            registros: z.array(
              z.object({
                id: z.number(),
                actor_email: z.string(),
                acao: z.string(),
                entidade: z.string(),
                entidade_id: z.string().nullable(),
                antes: z.unknown(),
                depois: z.unknown(),
                created_at: z.string(),
              }),
            ),
            next: z.number().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => listAudit(db, { ...request.query, limit: 50 }),
  );
};
