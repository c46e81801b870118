import { CidadeSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchCidades } from './cidades.service.ts';

/** Municipality search (docs/accounts.md "Cities", `GET /cidades/search/:text`). */
export const cidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  /**
   * `GET /api/cidades/search/:text` (public) → 200 `{cidades: [{id, descricao}]}`:
   * accent- and case-insensitive, prefix matches first, ≤ 20, `[]` for 1
   * character or fewer (docs/accounts.md "Cities").
   */
  app.get(
    '/cidades/search/:text',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Brazilian municipalities whose name contains the text (accents and case ignored)',
        tags: ['cidades'],
        params: z.object({ text: z.string() }),
        response: { 200: z.object({ cidades: z.array(CidadeSchema) }) },
      },
    },
    async (request) => ({ cidades: await searchCidades(db, request.params.text) }),
  );
};
