import {
  DoencasUpdateSchema,
  DoencaViewSchema,
  EspecialidadeViewSchema,
  HospitalarSchema,
  OutrasSchema,
  SaudeSchema,
  UserHealthViewSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import {
  getSaude,
  SAVED_MESSAGE,
  updateDoencas,
  updateHospitalar,
  updateOutras,
  updateSaude,
} from './saude.service.ts';

const SaudeAnswer = z.object({
  user: UserHealthViewSchema,
  especialidades: z.array(EspecialidadeViewSchema),
  doencas: z.array(DoencaViewSchema),
});
const SavedAnswer = z.object({ user: UserHealthViewSchema, message: z.string() });
const saveResponses = { 200: SavedAnswer, 422: ValidationErrorBodySchema, ...authErrors } as const;
const DoencasAnswer = z.object({ doencas: z.array(DoencaViewSchema), message: z.string() });

/**
 * My Health of the signed-in patient (docs/health-record.md "My Health";
 * issue 4). Every route reads or writes only the caller's own row (the id
 * comes from the session). Doctors cannot use these routes: doctor accounts
 * come later. None of this is in the public view (`GET /api/code/:code`) yet.
 */
export const saudeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const common = { onRequest: requireUser } as const;
  const meta = { tags: ['saude'], security: [{ bearer: [] }] };

  /**
   * `GET /api/saude` → 200 `{user: UserHealthView (UserView + saude +
   * hospitalar), especialidades: [{id, nome}], doencas: [{id, nome, checked}]}`; 401.
   */
  app.get(
    '/saude',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: 'The signed-in patient with My Health, the specialties and the disease checklist',
        response: { 200: SaudeAnswer, ...authErrors },
      },
    },
    async (request) => getSaude(db, actorOf(request)),
  );

  /**
   * `PUT /api/saude` (`SaudeSchema`: free text ≤ 2000, `sus` masked or 15
   * digits, CNS check) → 200 `{user, message:'Salvo com sucesso'}`; 422; 401.
   */
  app.put(
    '/saude',
    {
      config: { access: 'self' },
      ...common,
      schema: { ...meta, summary: 'Replaces the health card', body: SaudeSchema, response: saveResponses },
    },
    async (request) => ({
      user: await updateSaude(db, actorOf(request), request.body),
      message: SAVED_MESSAGE,
    }),
  );

  /**
   * `PUT /api/hospitalar` (`HospitalarSchema`: `convenio_numero` digits only;
   * `medico_id` a registered doctor chosen by autocomplete, or `null` for a
   * doctor typed as free text) → 200 `{user, message:'Salvo com sucesso'}`.
   * With a `medico_id`, `medico_name`, `medico_crm` ('CRM/UF número', the
   * first CRM) and `medico_especialidade` are taken from the doctor's record,
   * not from the body (docs/health-record.md "Hospital information": those
   * fields are disabled). 422 `errors.medico_id` when that doctor is unknown,
   * suspended or their account closed; 422 on other fields; 401.
   */
  app.put(
    '/hospitalar',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: 'Replaces the hospital card (health plan, hospital, doctor)',
        body: HospitalarSchema,
        response: saveResponses,
      },
    },
    async (request) => ({
      user: await updateHospitalar(db, actorOf(request), request.body),
      message: SAVED_MESSAGE,
    }),
  );

  /** `PUT /api/outras` (`OutrasSchema`: doador S/N, adicional) → 200 `{user, message}`; 422; 401. */
  app.put(
    '/outras',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: 'Replaces the other-info card (organ donor, notes)',
        body: OutrasSchema,
        response: saveResponses,
      },
    },
    async (request) => ({
      user: await updateOutras(db, actorOf(request), request.body),
      message: SAVED_MESSAGE,
    }),
  );

  /**
   * `PUT /api/doencas {doencas: [{id, checked}]}` → 200 `{doencas: [{id, nome,
   * checked}], message:'Salvo com sucesso'}`; 422 `errors.doencas` (also for
   * an id not in the list); 401.
   */
  app.put(
    '/doencas',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: 'Marks or unmarks diseases of the checklist',
        body: DoencasUpdateSchema,
        response: { 200: DoencasAnswer, 422: ValidationErrorBodySchema, ...authErrors },
      },
    },
    async (request) => ({
      doencas: await updateDoencas(db, actorOf(request), request.body),
      message: SAVED_MESSAGE,
    }),
  );
};
