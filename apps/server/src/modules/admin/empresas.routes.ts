import {
  CompanyCreateSchema,
  ConvitesGeradosSchema,
  EMPRESA_MESSAGES,
  EmpresaAtivaSchema,
  EmpresaDetalheSchema,
  EmpresaResumoSchema,
  InvitationsCreateSchema,
  idParam,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, MessageSchema, ValidationErrorBodySchema } from '../../http.ts';
import {
  adminCreateCompany,
  adminEndMembership,
  adminIssueInvitations,
  adminSetCompanyActive,
  companyDetail,
  listCompanies,
} from '../empresas/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'] });
const IdParams = z.object({ id: idParam() });

/**
 * Companies of the admin area (issue 9 "Companies"; docs/accounts.md
 * "Corporate accounts"), admin only (`empresas`): 401 guest; 403 'Esta conta
 * não é da equipe do Pulso.' for patients and doctors; 403 'Seu perfil de
 * suporte não permite esta ação.' for support. Changes are audited (entidade
 * 'empresa').
 */
export const empresasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const onRequest = requireStaff('empresas');

  /**
   * `GET /api/admin/empresas` → `{empresas: [{id, nome, cnpj (unmasked) |
   * null, active, created_at, membros, convites_disponiveis}]}`, newest first.
   */
  app.get(
    '/admin/empresas',
    {
      config: { access: 'staff:empresas' },
      onRequest,
      schema: {
        ...route('Companies with their member counts'),
        response: { 200: z.object({ empresas: z.array(EmpresaResumoSchema) }), ...errors },
      },
    },
    async () => ({ empresas: await listCompanies(db) }),
  );

  /**
   * `POST /api/admin/empresas` `{nome, cnpj?}` → 201 `{message, empresa}`.
   * 422 `nome` 'Informe o nome da empresa', `cnpj` (check digits) 'Informe um CNPJ válido…'.
   */
  app.post(
    '/admin/empresas',
    {
      config: { access: 'staff:empresas' },
      onRequest,
      schema: {
        ...route('Creates a company'),
        body: CompanyCreateSchema,
        response: {
          201: z.object({ message: z.string(), empresa: EmpresaResumoSchema }),
          422: ValidationErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const empresa = await adminCreateCompany(db, staffActor(request), request.body);
      return reply.code(201).send({ message: EMPRESA_MESSAGES.criada, empresa });
    },
  );

  /**
   * `GET /api/admin/empresas/:id` → `{empresa, convites: [{id, email,
   * created_at, expires_at, used_at, used_by: {id, name} | null}], membros:
   * [{id, name, email, created_at}]}`. 404 'Empresa não encontrada'.
   */
  app.get(
    '/admin/empresas/:id',
    {
      config: { access: 'staff:empresas' },
      onRequest,
      schema: {
        ...route("A company's invitations and members"),
        params: IdParams,
        response: { 200: EmpresaDetalheSchema, 404: ErrorBodySchema, ...errors },
      },
    },
    async (request) => companyDetail(db, request.params.id),
  );

  /**
   * `PATCH /api/admin/empresas/:id` `{active}` → `{message, empresa}`: a
   * deactivated company's invitations stop working and its members are no
   * longer `empresarial` until it is reactivated. 404.
   */
  app.patch(
    '/admin/empresas/:id',
    {
      config: { access: 'staff:empresas' },
      onRequest,
      schema: {
        ...route('Deactivates or reactivates a company'),
        params: IdParams,
        body: EmpresaAtivaSchema,
        response: {
          200: z.object({ message: z.string(), empresa: EmpresaResumoSchema }),
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const empresa = await adminSetCompanyActive(
        db,
        staffActor(request),
        request.params.id,
        request.body.active,
      );
      return { message: empresa.active ? EMPRESA_MESSAGES.reativada : EMPRESA_MESSAGES.desativada, empresa };
    },
  );

  /**
   * `POST /api/admin/empresas/:id/convites` `{count (1–1000), expiresInDays?
   * (1–3650; none: never expire), email?}` → 201 `{message, links:
   * ['{PUBLIC_ORIGIN}/registerCompany/{token}'], expires_at}`: the links
   * are shown this once (only the tokens' SHA-256 is stored). 404; 422
   * `count` / `expiresInDays` / `email`, `company` for a deactivated company.
   */
  app.post(
    '/admin/empresas/:id/convites',
    {
      config: { access: 'staff:empresas' },
      onRequest,
      schema: {
        ...route("Issues a company's invitation links"),
        params: IdParams,
        body: InvitationsCreateSchema,
        response: {
          201: ConvitesGeradosSchema,
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const answer = await adminIssueInvitations(
        db,
        staffActor(request),
        app.ctx.config.publicOrigin,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(answer);
    },
  );

  /**
   * `DELETE /api/admin/empresas/:id/membros/:userId` → `{message}`: ends the
   * account's link; it stops being `empresarial` and the trial lock applies
   * to it (docs/accounts.md "Trial and locked accounts"). 404 'Empresa não
   * encontrada' or 'Esta pessoa não está vinculada a esta empresa.'.
   */
  app.delete(
    '/admin/empresas/:id/membros/:userId',
    {
      config: { access: 'staff:empresas' },
      onRequest,
      schema: {
        ...route("Ends a member's link to a company"),
        params: IdParams.extend({ userId: idParam() }),
        response: { 200: MessageSchema, 404: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      await adminEndMembership(db, staffActor(request), request.params.id, request.params.userId);
      return { message: EMPRESA_MESSAGES.vinculoEncerrado };
    },
  );
};
