import {
  GlicoseCreateSchema,
  GlicoseHistoricoSchema,
  GlicoseSavedSchema,
  GlicoseUpdateSchema,
  ImcCreateSchema,
  ImcHistoricoSchema,
  ImcSavedSchema,
  INDICADOR_MESSAGES,
  OxigenacaoCreateSchema,
  OxigenacaoHistoricoSchema,
  OxigenacaoSavedSchema,
  PressaoCreateSchema,
  PressaoHistoricoSchema,
  PressaoSavedSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { listGlicose, saveGlicose, updateGlicose } from './glicose.service.ts';
import { createImc, listImc } from './imc.service.ts';
import {
  createResponses,
  type IndicadoresApp,
  leituraRoutes,
  meta,
  requireUnlocked,
} from './indicadores.http.ts';
import { leituraId } from './indicadores.shared.ts';
import { createOxigenacao, listOxigenacao } from './oxigenacao.service.ts';
import { createPressao, listPressao } from './pressao.service.ts';

/**
 * The four health indicators (docs/indicators-and-score.md "Indicators",
 * "Glucose"; docs/accounts.md "Trial and locked accounts"; issue 7;
 * `docs/api/indicadores-score-profissional.md` "Indicators").
 * Every route is behind `requireUser` (401 to a guest) and reads or writes
 * only the caller's own readings: the user comes from the session, never
 * from the request, so another patient or a doctor account only ever sees
 * its own (a doctor's token is an ordinary user token here). The writes are
 * refused to a locked caller (trial over, no plan, not corporate) with 403
 * 'Seu período gratuito de 1 mês terminou.', checked in `onRequest`, before
 * the body is read; the histories stay readable. Every classification is
 * computed by the server. Answers carry `cache-control: private, no-store`
 * (health data).
 */
export const indicadoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  /**
   * `GET /api/home/pressao?offset=0&limit=30` → 200 `{pressao: [{id, sis,
   * dia, status, data_afericao, time_afericao}], total}` (mmHg), latest
   * first (day, time, id). `POST /api/home/pressao`, multipart or JSON `{sis,
   * dia, data_afericao, time_afericao, status?}` (mmHg, 2–3 digits; `status`
   * ignored) → 201 `{message: 'Dado inserido com sucesso!', pressao}` with
   * the server's `status`; 422 per `pressaoCreateSchema` (the diastolic
   * warning of docs/indicators-and-score.md "Blood pressure" under `errors.dia`).
   */
  leituraRoutes(app, db, {
    path: '/home/pressao',
    historico: {
      summary: "A page of the caller's blood pressure readings, latest first",
      schema: PressaoHistoricoSchema,
      list: listPressao,
    },
    criar: {
      summary: 'Saves a blood pressure reading (classified by the server)',
      consumes: ['application/json', 'multipart/form-data'],
      body: PressaoCreateSchema,
      saved: PressaoSavedSchema,
      lista: 'pressao',
      save: createPressao,
    },
  });

  /**
   * `GET /api/home/imc?offset&limit` → 200 `{indice_massa_corporal: [{id,
   * peso, altura, imc, variacao_peso, status, data_afericao, time_afericao}],
   * total, altura}` (kg, m, kg/m²; `altura` the profile's height now, or
   * null), latest first. `POST /api/home/imc` JSON `{peso, data_afericao,
   * time_afericao, imc?, variacao_peso?}` (kg; `imc` and `variacao_peso`
   * ignored: computed from the profile's height and the previous reading) →
   * 201 `{message, indice_massa_corporal}`; 422 `errors.peso` (range, no
   * height in the profile, impossible BMI).
   */
  leituraRoutes(app, db, {
    path: '/home/imc',
    historico: {
      summary: "A page of the caller's BMI readings, latest first, and the profile's height",
      schema: ImcHistoricoSchema,
      list: listImc,
    },
    criar: {
      summary: 'Saves a weight; the server computes BMI, category and weight change',
      body: ImcCreateSchema,
      saved: ImcSavedSchema,
      lista: 'indice_massa_corporal',
      save: createImc,
    },
  });

  /**
   * `GET /api/home/oxigenacao?offset&limit` → 200 `{oxigenacao: [{id,
   * saturacao, bpm, status, data_afericao, time_afericao}], total}` (%,
   * beats per minute), latest first. `POST /api/home/oxigenacao` JSON
   * `{saturacao, bpm, data_afericao, time_afericao}` (% 50–100, bpm 2–3
   * digits) → 201 `{message, oxigenacao}`; 422 per `oxigenacaoCreateSchema`.
   */
  leituraRoutes(app, db, {
    path: '/home/oxigenacao',
    historico: {
      summary: "A page of the caller's oxygen readings, latest first",
      schema: OxigenacaoHistoricoSchema,
      list: listOxigenacao,
    },
    criar: {
      summary: 'Saves an oxygen saturation reading (classified by the server)',
      body: OxigenacaoCreateSchema,
      saved: OxigenacaoSavedSchema,
      lista: 'oxigenacao',
      save: createOxigenacao,
    },
  });

  /**
   * `GET /api/home/glicose?offset&limit` → 200 `{glicose: [{id, value,
   * time_of_day, status, data_afericao, time_afericao}], total, diabetes}`
   * (mg/dL; `diabetes` whether 'Diabetes' is among the caller's
   * conditions), latest first. Its writes save or update a day and period:
   * {@link glicoseWriteRoutes}.
   */
  leituraRoutes(app, db, {
    path: '/home/glicose',
    historico: {
      summary: "A page of the caller's glucose readings, latest first, and whether they have diabetes",
      schema: GlicoseHistoricoSchema,
      list: listGlicose,
    },
  });
  glicoseWriteRoutes(app, db);
};

/** The glucose writes: a save that may update the day and period's reading, and an edit. */
function glicoseWriteRoutes(app: IndicadoresApp, db: Db) {
  const unlocked = requireUnlocked(db);

  /**
   * `POST /api/home/glicose` JSON `{value, time_of_day, data_afericao,
   * time_afericao}` (mg/dL ≥ 20, period 1–4) → 201 `{message: 'Dado inserido
   * com sucesso!', acao: 'inserido', glicose}`, or 200 `{message: 'Dado
   * atualizado com sucesso!', acao: 'atualizado', glicose}` when the caller
   * already had a reading that day and period
   * (docs/indicators-and-score.md "Glucose"); 422; 403 locked; 401.
   */
  app.post(
    '/home/glicose',
    {
      config: { access: 'self' },
      onRequest: [requireUser, unlocked],
      schema: {
        ...meta,
        summary: 'Saves a glucose reading, or updates the one of the same day and period',
        body: GlicoseCreateSchema,
        response: { ...createResponses(GlicoseSavedSchema), 200: GlicoseSavedSchema },
      },
    },
    async (request, reply) => {
      const { acao, glicose } = await saveGlicose(db, actorOf(request), request.body);
      const inserido = acao === 'inserido';
      return reply.code(inserido ? 201 : 200).send({
        message: inserido ? INDICADOR_MESSAGES.inserted : INDICADOR_MESSAGES.updated,
        acao,
        glicose,
      });
    },
  );

  /**
   * `PATCH /api/home/glicose/:id` JSON `{index, value, data_afericao,
   * time_afericao}` (`index` the period 1–4) → 200 `{message: 'Dado
   * atualizado com sucesso!', acao: 'atualizado', glicose}`; 404 'Medição
   * não encontrada' for an id that is not one of the caller's readings; 409
   * 'Já existe uma medição de glicose neste dia e período.' when another of
   * the caller's readings holds that day and period; 422; 403 locked; 401.
   */
  app.patch(
    '/home/glicose/:id',
    {
      config: { access: 'owner' },
      onRequest: [requireUser, unlocked],
      schema: {
        ...meta,
        summary: "Changes one of the caller's glucose readings",
        params: z.object({ id: z.string() }),
        body: GlicoseUpdateSchema,
        response: {
          200: GlicoseSavedSchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const glicose = await updateGlicose(db, actorOf(request), leituraId(request.params.id), request.body);
      return { message: INDICADOR_MESSAGES.updated, acao: 'atualizado' as const, glicose };
    },
  );
}
