import {
  AcessoViewSchema,
  AlertasUpdateSchema,
  AlertasViewSchema,
  ConsentimentoViewSchema,
  PERMISSOES_MESSAGES,
  PermissoesEmergenciaSchema,
  PermissoesSaudeSchema,
  PermissoesTimelineSchema,
  PermissoesViewSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import {
  ACESSOS_OFFSET_MESSAGE,
  getAlertas,
  getPermissoes,
  listAcessos,
  listConsentimentos,
  updateAlertas,
  updateEmergencia,
  updateSaudeLevel,
  updateTimeline,
} from './permissoes.service.ts';

const PermissoesAnswer = z.object({ permissoes: PermissoesViewSchema });
const UpdatedAnswer = z.object({ message: z.string(), permissoes: PermissoesViewSchema });
const AlertasAnswer = z.object({ alertas: AlertasViewSchema });
const updateResponses = { 200: UpdatedAnswer, 422: ValidationErrorBodySchema, ...authErrors } as const;
const AcessosQuery = z.object({
  offset: z.coerce
    .number({ error: ACESSOS_OFFSET_MESSAGE })
    .int(ACESSOS_OFFSET_MESSAGE)
    .min(0, ACESSOS_OFFSET_MESSAGE)
    .max(1_000_000, ACESSOS_OFFSET_MESSAGE)
    .default(0),
});
const AcessosAnswer = z.object({ acessos: z.array(AcessoViewSchema), total: z.number().int() });
const ConsentimentosAnswer = z.object({
  consentimentos: z.array(ConsentimentoViewSchema),
  total: z.number().int(),
});

/**
 * Permissions of the signed-in patient (docs/authorization.md "Permissions
 * screen", "Who sees what through the code") and their access log
 * (docs/authorization.md "Access log"). Every route reads or writes only the
 * caller's own account (the id comes from the session, never from the
 * request): another patient or a doctor reaches only their own.
 * `GET /api/code/:code` applies the levels and writes the log read here.
 */
export const permissoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const common = { onRequest: requireUser } as const;
  const meta = { tags: ['permissoes'], security: [{ bearer: [] }] };

  /**
   * `GET /api/permissoes` → 200 `{permissoes: {saude, timeline, endereco,
   * emergencia_saude}}`: `saude` 1 only me, 2 me and my doctors, 3 me and
   * any health professional, 4 anyone; `timeline` boolean; `endereco` and
   * `emergencia_saude` whether the Emergency tab shows the street address
   * and the allergies strip to anyone. A new account has `{saude: 2,
   * timeline: false, endereco: false, emergencia_saude: false}`. 401
   * without a live token.
   */
  app.get(
    '/permissoes',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: "The signed-in patient's permissions",
        response: { 200: PermissoesAnswer, ...authErrors },
      },
    },
    async (request) => ({ permissoes: await getPermissoes(db, actorOf(request)) }),
  );

  /**
   * `PUT /api/permissoes {saude}` (`PermissoesSaudeSchema`: integer 1–4, a
   * numeric string accepted) → 200 `{message: 'Permissões atualizadas com
   * sucesso', permissoes}`; 422 `errors.saude` 'Escolha quem pode ver suas
   * informações de saúde' for anything else (missing, 0, 5, 2.5, 'x'); 401.
   */
  app.put(
    '/permissoes',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: 'Sets who may read My Health through the code',
        body: PermissoesSaudeSchema,
        response: updateResponses,
      },
    },
    async (request) => ({
      message: PERMISSOES_MESSAGES.updated,
      permissoes: await updateSaudeLevel(db, actorOf(request), request.body.saude),
    }),
  );

  /**
   * `PUT /api/permissoes/timeline {timeline}` (boolean) → 200 `{message:
   * 'Permissões atualizadas com sucesso', permissoes}`; 422
   * `errors.timeline` 'Informe se a linha do tempo pode ser vista' for a
   * missing or non-boolean value; 401. The Timeline tab is served only to
   * viewers who may also read My Health.
   */
  app.put(
    '/permissoes/timeline',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: 'Turns access to the Timeline tab on or off',
        body: PermissoesTimelineSchema,
        response: updateResponses,
      },
    },
    async (request) => ({
      message: PERMISSOES_MESSAGES.updated,
      permissoes: await updateTimeline(db, actorOf(request), request.body.timeline),
    }),
  );

  /**
   * `PUT /api/permissoes/emergencia {endereco?, emergencia_saude?}`
   * (booleans, at least one) → 200 `{message: 'Permissões atualizadas com
   * sucesso', permissoes}`; 422 'Informe o que deve aparecer na aba
   * Emergência' for an empty body or a non-boolean; 401. Turns on or off
   * what the Emergency tab adds for anyone holding the code: the street
   * address (the city is always shown) and the strip of allergies,
   * medications and chronic conditions (docs/authorization.md).
   */
  app.put(
    '/permissoes/emergencia',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: 'Sets what the Emergency tab shows to anyone: address, allergies strip',
        body: PermissoesEmergenciaSchema,
        response: updateResponses,
      },
    },
    async (request) => ({
      message: PERMISSOES_MESSAGES.updated,
      permissoes: await updateEmergencia(db, actorOf(request), request.body),
    }),
  );

  /**
   * `GET /api/permissoes/acessos?offset=N` → 200 `{acessos: AcessoView[],
   * total}`: who opened the caller's code ('Quem acessou meus dados'),
   * newest first, 20 per page; `offset` (default 0) is the number of rows
   * already loaded. Each row: `id`, `created_at` (ISO instant, UTC),
   * `viewer` (`null` for a visitor, else `{name, kind}`; name 'Conta
   * removida' once that account is deleted) and `tabs` served
   * (`emergencia`, `endereco`, `emergencia_saude`, `saude`, `timeline`,
   * `adicionar`). No viewer id, e-mail or code. 422
   * `errors.offset` for an offset that is not an integer ≥ 0; 401.
   */
  app.get(
    '/permissoes/acessos',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: "Who opened the signed-in patient's code, newest first",
        querystring: AcessosQuery,
        response: { 200: AcessosAnswer, 422: ValidationErrorBodySchema, ...authErrors },
      },
    },
    async (request) => listAcessos(db, actorOf(request), request.query.offset),
  );

  /**
   * `GET /api/permissoes/consentimentos` → 200 `{consentimentos: ConsentimentoView[], total}`: the
   * caller's consent history (docs/authorization.md "Consent history"), newest first, the latest
   * `CONSENTIMENTOS_LIMIT` (100): each acceptance of the terms of use and the privacy policy (`valor`
   * the version's date) and each change of a permission (`valor` its new value). 401.
   */
  app.get(
    '/permissoes/consentimentos',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: "The signed-in patient's consent history, newest first",
        response: { 200: ConsentimentosAnswer, ...authErrors },
      },
    },
    async (request) => listConsentimentos(db, actorOf(request)),
  );

  /**
   * `GET /api/permissoes/alertas` → 200 `{alertas: {push, email}}`: whether the caller is told, by Web Push
   * and by e-mail, when someone else opens their code (docs/code-alerts.md "Alerts"; both on by default). 401.
   */
  app.get(
    '/permissoes/alertas',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: "The signed-in patient's alert switches",
        response: { 200: AlertasAnswer, ...authErrors },
      },
    },
    async (request) => ({ alertas: await getAlertas(db, actorOf(request)) }),
  );

  /**
   * `PUT /api/permissoes/alertas` `{push?, email?}` (booleans, at least one) → 200 `{message:
   * 'Permissões atualizadas com sucesso', alertas}`; each change goes to the consent history. 422
   * `PERMISSOES_MESSAGES.alertas` for an empty body or a non-boolean; 401.
   */
  app.put(
    '/permissoes/alertas',
    {
      config: { access: 'self' },
      ...common,
      schema: {
        ...meta,
        summary: 'Turns the alerts of code openings on or off, by Web Push and by e-mail',
        body: AlertasUpdateSchema,
        response: {
          200: z.object({ message: z.string(), alertas: AlertasViewSchema }),
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => ({
      message: PERMISSOES_MESSAGES.updated,
      alertas: await updateAlertas(db, actorOf(request), request.body),
    }),
  );
};
