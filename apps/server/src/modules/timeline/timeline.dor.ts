import {
  aggregateDorHistorico,
  type DorHistorico,
  DorHistoricoSchema,
  dorHistoricoStart,
  TIPO_DOR,
  todayInSaoPaulo,
} from '@pulso/domain';
import { and, between, count, eq, max } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { timeline_items } from '../../db/schema/index.ts';
import { authErrors } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';

/**
 * The caller's pain history (issue 5 "Pain map"; an addition of ours:
 * docs/health-record.md "Pain history"): the pain
 * records (type 8) of the caller's own timeline — those a professional added
 * there included, none of another patient's — dated within the 90 days
 * ending `today` (America/Sao_Paulo; a later date, which the API never
 * stores, is not counted), one row per location: times, highest level, last
 * day. Counted by the database per (location, level), merged by the
 * domain's `aggregateDorHistorico`.
 */
export async function dorHistorico(
  db: Db,
  actor: Actor,
  today: string = todayInSaoPaulo(),
): Promise<DorHistorico> {
  const rows = await db
    .select({
      local_dor: timeline_items.local_dor,
      intensidade_dor: timeline_items.intensidade_dor,
      vezes: count(),
      ultima: max(timeline_items.data),
    })
    .from(timeline_items)
    .where(
      and(
        eq(timeline_items.user_id, actor.userId),
        eq(timeline_items.tipo, TIPO_DOR),
        // A record a third party added counts once the patient accepts it (docs/timeline-privacy.md).
        eq(timeline_items.pendente, false),
        between(timeline_items.data, dorHistoricoStart(today), today),
      ),
    )
    .groupBy(timeline_items.local_dor, timeline_items.intensidade_dor);
  return {
    historico: aggregateDorHistorico(rows.map((r) => ({ ...r, ultima: r.ultima ?? today }))),
  };
}

/**
 * `GET /api/timeline/dor/historico` (issue 5 "Pain map"; an addition of ours,
 * docs/health-record.md "Pain history"):
 * 200 `{historico: [{local_dor, vezes, intensidade_max, ultima
 * ('YYYY-MM-DD')}]}` of the caller's own pain records of the last 90 days
 * (see {@link dorHistorico}), darkest shade first; 401 to a guest. Reading:
 * not blocked by the trial lock. Registered by `timelineRoutes`, which adds
 * `cache-control: private, no-store`.
 */
export const timelineDorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.get(
    '/timeline/dor/historico',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "The caller's pain per body region over the last 90 days",
        tags: ['timeline'],
        security: [{ bearer: [] }],
        response: { 200: DorHistoricoSchema, ...authErrors },
      },
    },
    async (request) => dorHistorico(db, actorOf(request)),
  );
};
