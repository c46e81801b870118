import { ClinicaViewSchema, EspecialidadeViewSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../http.ts';
import { requireUser } from '../auth/index.ts';
import { listEspecialidades, searchClinicas } from './clinicas.service.ts';

/**
 * The reference lists of the doctor search wizard (docs/telemedicine.md
 * "Finding a doctor"; issue 6): the CFM specialties and the clinics.
 */
export const clinicasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const meta = { tags: ['telemedicina'], security: [{ bearer: [] }] };

  /** `GET /api/especialidades` → 200 `{especialidades: [{id, nome}]}`, the 55 CFM specialties by name. 401. */
  app.get(
    '/especialidades',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'The medical specialties (CFM), by name',
        response: { 200: z.object({ especialidades: z.array(EspecialidadeViewSchema) }), ...authErrors },
      },
    },
    async () => ({ especialidades: await listEspecialidades(db) }),
  );

  /**
   * `GET /api/clinicas/search/:text` → 200 `{clinicas: [{id, nome, cidade:
   * {id, descricao} | null}]}`: clinics whose name contains the text
   * (accents and case ignored), names starting with it first, ≤ 20; `[]`
   * under 2 characters. 401.
   */
  app.get(
    '/clinicas/search/:text',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Clinics whose name contains the text (accents and case ignored)',
        params: z.object({ text: z.string() }),
        response: { 200: z.object({ clinicas: z.array(ClinicaViewSchema) }), ...authErrors },
      },
    },
    async (request) => ({ clinicas: await searchClinicas(db, request.params.text) }),
  );
};
