import { MedicoOptionSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../http.ts';
import { requireUser } from '../auth/index.ts';
import { searchMedicos } from './medicos.service.ts';

/** Registered doctors as patients find them (docs/telemedicine.md "Doctor autocomplete"); issue 4. */
export const medicosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  /**
   * `GET /api/medicos/search/:text` (any signed-in account: the doctors are a
   * directory open to patients) → 200 `{medicos: [{id, name, especialidade,
   * crms: [{numero, uf}]}]}` (`MedicoOption`): doctors not suspended and with
   * an open account whose name contains the text, accents and case ignored,
   * names starting with it first, then by name; ≤ 10 (`MEDICO_SEARCH_LIMIT`);
   * `especialidade` is the first specialty alphabetically or `null`; CRMs in
   * registration order. Text under 2 characters after trimming
   * (docs/telemedicine.md "Doctor autocomplete": "longer than 1 character") →
   * `{medicos: []}`. 401 without a live token.
   */
  app.get(
    '/medicos/search/:text',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Registered doctors whose name contains the text (accents and case ignored)',
        tags: ['medicos'],
        security: [{ bearer: [] }],
        params: z.object({ text: z.string() }),
        response: { 200: z.object({ medicos: z.array(MedicoOptionSchema) }), ...authErrors },
      },
    },
    async (request) => ({ medicos: await searchMedicos(db, request.params.text) }),
  );
};
