import {
  AtendimentoViewSchema,
  BloqueioSchema,
  INT4_MAX,
  TELEMEDICINA_MESSAGES as M,
  MedicoStatusSchema,
  MedicoViewSchema,
  PassViewSchema,
  RecusaSchema,
  UserViewSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authErrors,
  ErrorBodySchema,
  IdParams,
  MessageSchema,
  ValidationErrorBodySchema,
} from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';

import {
  aceitar,
  encerrar,
  getMedicoMe,
  listAtendimentos,
  listSolicitacoes,
  recusar,
} from './medico.service.ts';
import { setBloqueio, setStatus } from './medico-controls.service.ts';
import { issuePass, listPasses } from './passes.service.ts';

const forbiddenErrors = { 403: ErrorBodySchema, 422: ValidationErrorBodySchema, ...authErrors } as const;
const sessionErrors = { 404: ErrorBodySchema, 409: ErrorBodySchema, ...forbiddenErrors } as const;
const meta = { tags: ['medico'], security: [{ bearer: [] }] };

/**
 * The doctor area's API (docs/telemedicine.md "Doctor area"; issue 6;
 * docs/api/telemedicina.md "Doctor area").
 * Every route needs a signed-in account with a doctor profile that is not
 * suspended: 401 without a live token, 403 'Esta conta não é de um médico.'
 * for any other account. A session of another doctor is 404. JSON answers
 * carry `cache-control: private, no-store`.
 */
export const medicoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  /**
   * `GET /api/medico/me` → 200 `{user, medico, resumo: {solicitacoes,
   * ativos, mensagens_novas}}`: the doctor area's guard and home. 403; 401.
   */
  app.get(
    '/medico/me',
    {
      config: { access: 'doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'The signed-in doctor with its pending requests, active sessions and unread messages',
        response: {
          200: z.object({
            user: UserViewSchema,
            medico: MedicoViewSchema,
            resumo: z.object({
              solicitacoes: z.number().int(),
              ativos: z.number().int(),
              mensagens_novas: z.number().int(),
            }),
          }),
          ...forbiddenErrors,
        },
      },
    },
    async (request) => getMedicoMe(db, actorOf(request)),
  );

  /**
   * `GET /api/telemedicina/solicitacoes` (docs/telemedicine.md "Requests
   * waiting") → 200 `{solicitacoes}`: the doctor's P requests, oldest first.
   * 403; 401.
   */
  app.get(
    '/telemedicina/solicitacoes',
    {
      config: { access: 'doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'The doctor’s pending care requests, oldest first',
        response: { 200: z.object({ solicitacoes: z.array(AtendimentoViewSchema) }), ...forbiddenErrors },
      },
    },
    async (request) => ({ solicitacoes: await listSolicitacoes(db, actorOf(request)) }),
  );

  /**
   * `PUT /api/telemedicina/atendimento/:id/aceitar` (docs/telemedicine.md
   * "Requests waiting") → 200 `{message: 'Solicitação aceita', atendimento}`:
   * P → A. 403; 404 not this doctor's; 409 'Esta solicitação já foi
   * respondida.'; 401.
   */
  app.put(
    '/telemedicina/atendimento/:id/aceitar',
    {
      config: { access: 'session-doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Accepts a care request',
        params: IdParams,
        response: {
          200: z.object({ message: z.string(), atendimento: AtendimentoViewSchema }),
          ...sessionErrors,
        },
      },
    },
    async (request) => ({
      message: M.accepted,
      atendimento: await aceitar({ ctx, log: request.log }, actorOf(request), request.params.id),
    }),
  );

  /**
   * `PUT /api/telemedicina/atendimento/:id/recusar` `{recusado_motivo (1–3),
   * recusado_comentario}` (docs/telemedicine.md "Decline reasons") → 200
   * `{message: 'Solicitação recusada', id}`: P → R, the pass or credit given
   * back. 403; 404; 409 notPending; 422 `errors.recusado_motivo` 'Escolha o
   * motivo da recusa'; 401.
   */
  app.put(
    '/telemedicina/atendimento/:id/recusar',
    {
      config: { access: 'session-doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Refuses a care request with one of the three reasons',
        params: IdParams,
        body: RecusaSchema,
        response: { 200: z.object({ message: z.string(), id: z.number().int() }), ...sessionErrors },
      },
    },
    async (request) => {
      await recusar({ ctx, log: request.log }, actorOf(request), request.params.id, request.body);
      return { message: M.refused, id: request.params.id };
    },
  );

  /**
   * `GET /api/medico/atendimentos?status=ativos|encerrados|todos&offset=`
   * (default `todos`, 0) → 200 `{atendimentos, total}`: A, E/ET or every
   * session of the doctor, latest activity first, 20 a page. 403; 422; 401.
   */
  app.get(
    '/medico/atendimentos',
    {
      config: { access: 'doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'The doctor’s sessions: active, ended or all',
        querystring: z.object({
          status: z.enum(['ativos', 'encerrados', 'todos']).default('todos'),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
        response: {
          200: z.object({ atendimentos: z.array(AtendimentoViewSchema), total: z.number().int() }),
          ...forbiddenErrors,
        },
      },
    },
    async (request) => listAtendimentos(db, actorOf(request), request.query.status, request.query.offset),
  );

  /**
   * `PUT /api/medico/atendimento/:id/encerrar` → 200 `{message:
   * 'Atendimento encerrado', atendimento}`: A → E; the patient's timeline
   * gets a type-6 record. 403; 404; 409 'Este atendimento não está em
   * andamento.'; 401.
   */
  app.put(
    '/medico/atendimento/:id/encerrar',
    {
      config: { access: 'session-doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Ends an active session',
        params: IdParams,
        response: {
          200: z.object({ message: z.string(), atendimento: AtendimentoViewSchema }),
          ...sessionErrors,
        },
      },
    },
    async (request) => ({
      message: M.ended,
      atendimento: await encerrar({ ctx, log: request.log }, actorOf(request), request.params.id),
    }),
  );

  /**
   * `PUT /api/medico/status {status}` (2 disponível, 1 ocupado, 0 offline)
   * → 200 `{message: 'Status atualizado', medico}`. 403; 422
   * `errors.status` 'Escolha um status válido'; 401.
   */
  app.put(
    '/medico/status',
    {
      config: { access: 'doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Sets the doctor’s availability',
        body: MedicoStatusSchema,
        response: { 200: z.object({ message: z.string(), medico: MedicoViewSchema }), ...forbiddenErrors },
      },
    },
    async (request) => ({
      message: M.statusUpdated,
      medico: await setStatus(db, actorOf(request), request.body.status),
    }),
  );

  /**
   * `PUT /api/medico/bloqueio/:userId {bloqueado}` → 200 `{message:
   * 'Paciente bloqueado' | 'Paciente desbloqueado'}`: only a patient who
   * had a session with the doctor. 403; 404 'Paciente não encontrado'; 422; 401.
   */
  app.put(
    '/medico/bloqueio/:userId',
    {
      config: { access: 'session-doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Blocks or unblocks one of the doctor’s patients',
        params: z.object({ userId: z.coerce.number().int().positive().max(INT4_MAX) }),
        body: BloqueioSchema,
        response: { 200: MessageSchema, 404: ErrorBodySchema, ...forbiddenErrors },
      },
    },
    async (request) => ({
      message: await setBloqueio(db, actorOf(request), request.params.userId, request.body.bloqueado),
    }),
  );

  /** `GET /api/medico/passes` → 200 `{passes}` (newest first, ≤ 100, with who used each). 403; 401. */
  app.get(
    '/medico/passes',
    {
      config: { access: 'doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'The passes the doctor issued',
        response: { 200: z.object({ passes: z.array(PassViewSchema) }), ...forbiddenErrors },
      },
    },
    async (request) => ({ passes: await listPasses(db, actorOf(request)) }),
  );

  /** `POST /api/medico/passes` → 201 `{message: 'Passe gerado', pass}`: a new single-use pass. 403; 401. */
  app.post(
    '/medico/passes',
    {
      config: { access: 'doctor' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Issues a single-use pass',
        response: { 201: z.object({ message: z.string(), pass: PassViewSchema }), ...forbiddenErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ message: M.passIssued, pass: await issuePass(db, actorOf(request)) }),
  );
};
