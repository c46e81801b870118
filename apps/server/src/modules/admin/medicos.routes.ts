import {
  ADMIN_MEDICO_MESSAGES as M,
  MEDICO_FILTRO_STATUS,
  MEDICO_FILTRO_VERIFICACAO,
  MedicoCreateSchema,
  MedicoEditSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParams, ValidationErrorBodySchema } from '../../http.ts';
import { assertPasswordAllowed, hashPassword } from '../auth/index.ts';
import {
  adminCreateMedico,
  editMedico,
  getMedico,
  listMedicos,
  type MedicoFlag,
  setMedicoFlag,
} from '../medicos/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'] });

const Crm = z.object({ numero: z.string(), uf: z.string() });
const Item = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  crms: z.array(Crm),
  suporte: z.boolean(),
  verified_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
  created_at: z.string(),
});
const Detail = Item.extend({
  especialidades: z.array(z.string()),
  cidade_id: z.number().nullable(),
  cidade: z.string().nullable(),
  clinicas: z.array(z.string()),
});
const Answer = z.object({ message: z.string(), medico: Detail });

/**
 * Doctors in the admin area (issue 9 "Doctors"), `/api/admin/medicos`.
 * Reading (`medicos.ver`): admin and support; every change
 * (`medicos.editar`): admin only, else 403 'Seu perfil de suporte não
 * permite esta ação.'. A doctor is `{id, user_id, name, email, crms:
 * [{numero, uf}], suporte, verified_at, suspended_at, created_at}` (ISO
 * instants or `null`), the detail adding `especialidades` (CFM names),
 * `cidade_id` (IBGE), `cidade` ('Nome - UF') and `clinicas` (names).
 */
export const adminMedicosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  /**
   * `GET /api/admin/medicos?q&status&verificacao&offset` → `{medicos,
   * next}`: `q` part of the name or a CRM ('123456', '123456/SP');
   * `status` todos / ativos / suspensos; `verificacao` todos / verificados
   * / nao_verificados; 30 a page by name; `next` the next `offset` or `null`.
   */
  app.get(
    '/admin/medicos',
    {
      config: { access: 'staff:medicos.ver' },
      onRequest: requireStaff('medicos.ver'),
      schema: {
        ...route('Doctors: search and list'),
        querystring: z.object({
          q: z.string().max(255).optional(),
          status: z.enum(MEDICO_FILTRO_STATUS).default('todos'),
          verificacao: z.enum(MEDICO_FILTRO_VERIFICACAO).default('todos'),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
        response: { 200: z.object({ medicos: z.array(Item), next: z.number().nullable() }), ...errors },
      },
    },
    async (request) => listMedicos(db, request.query),
  );

  /** `GET /api/admin/medicos/:id` → `{medico}` (the detail). 404 'Médico não encontrado'. */
  app.get(
    '/admin/medicos/:id',
    {
      config: { access: 'staff:medicos.ver' },
      onRequest: requireStaff('medicos.ver'),
      schema: {
        ...route('One doctor'),
        params: IdParams,
        response: { 200: z.object({ medico: Detail }), 404: ErrorBodySchema, ...errors },
      },
    },
    async (request) => ({ medico: await getMedico(db, request.params.id) }),
  );

  /**
   * `POST /api/admin/medicos` (admin) `{name, email, password, crms,
   * especialidades, cidade_id, clinicas, suporte}` (`MedicoCreateSchema`:
   * the rules of `npm run medico:create`) → 201 `{message, medico}`: a
   * doctor who signs in at /medico, not yet verified. 409 e-mail with an
   * account or a support doctor already; 422 invalid fields, a password that
   * breaks the password rule (docs/auth-security.md), CRM of another
   * doctor, unknown specialty or city.
   */
  app.post(
    '/admin/medicos',
    {
      config: { access: 'staff:medicos.editar' },
      onRequest: requireStaff('medicos.editar'),
      schema: {
        ...route('Create a doctor'),
        body: MedicoCreateSchema,
        response: {
          201: Answer,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { password, ...input } = request.body;
      await assertPasswordAllowed(password, input);
      const medico = await adminCreateMedico(db, staffActor(request), input, await hashPassword(password));
      return reply.code(201).send({ message: M.created, medico });
    },
  );

  /**
   * `PUT /api/admin/medicos/:id` (admin) `{name, crms, especialidades,
   * cidade_id, clinicas}` (`MedicoEditSchema`) → `{message, medico}`. 404;
   * 422 invalid fields, no CRM (except the support doctor), CRM of another
   * doctor, unknown specialty or city.
   */
  app.put(
    '/admin/medicos/:id',
    {
      config: { access: 'staff:medicos.editar' },
      onRequest: requireStaff('medicos.editar'),
      schema: {
        ...route('Edit a doctor'),
        params: IdParams,
        body: MedicoEditSchema,
        response: { 200: Answer, 404: ErrorBodySchema, 422: ValidationErrorBodySchema, ...errors },
      },
    },
    async (request) => ({
      message: M.saved,
      medico: await editMedico(db, staffActor(request), request.params.id, request.body),
    }),
  );

  const flags: { path: string; flag: MedicoFlag; on: string; off: string; summary: string }[] = [
    { path: 'verificacao', flag: 'verificado', on: M.verified, off: M.unverified, summary: 'Verify a CRM' },
    { path: 'suspensao', flag: 'suspenso', on: M.suspended, off: M.reactivated, summary: 'Suspend a doctor' },
    { path: 'suporte', flag: 'suporte', on: M.suporteSet, off: M.suporteUnset, summary: 'Support flag' },
  ];
  for (const { path, flag, on, off, summary } of flags) {
    /**
     * `PUT /api/admin/medicos/:id/{verificacao|suspensao|suporte}` (admin)
     * `{ativo: boolean}` → `{message, medico}`: verify the CRM (or undo),
     * suspend (or reactivate), make the support pseudo-doctor (or not; 409
     * while another one is). 404 unknown doctor.
     */
    app.put(
      `/admin/medicos/:id/${path}`,
      {
        config: { access: 'staff:medicos.editar' },
        onRequest: requireStaff('medicos.editar'),
        schema: {
          ...route(summary),
          params: IdParams,
          body: z.object({ ativo: z.boolean() }),
          response: { 200: Answer, 404: ErrorBodySchema, 409: ErrorBodySchema, ...errors },
        },
      },
      async (request) => ({
        message: request.body.ativo ? on : off,
        medico: await setMedicoFlag(db, staffActor(request), request.params.id, flag, request.body.ativo),
      }),
    );
  }
};
