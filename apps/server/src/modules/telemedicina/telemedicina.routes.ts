import {
  AtendimentoViewSchema,
  DenunciaSchema,
  TELEMEDICINA_MESSAGES as M,
  MedicoSearchSchema,
  MedicosPageSchema,
  MedicoViewSchema,
  PagamentoPrevistoSchema,
  SolicitarAtendimentoSchema,
  UserViewSchema,
} from '@pulso/domain';
import type { FastifyRequest } from 'fastify';
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
import { solicitarAtendimento } from './solicitacao.service.ts';
import { errors404, telemedicinaMeta as meta, privateAnswers } from './telemedicina.http.ts';
import { denunciarMedico, getMedicoProfile, getTelemedicina, searchMedicos } from './telemedicina.service.ts';

const TelemedicinaHomeSchema = z.object({
  user: UserViewSchema,
  solicitacoes: z.array(AtendimentoViewSchema),
  minhas_solicitacoes: z.array(AtendimentoViewSchema),
  medicos: z.array(MedicoViewSchema),
  suporte: MedicoViewSchema.nullable(),
});
const MedicoProfileSchema = z.object({
  user: UserViewSchema,
  medico: MedicoViewSchema,
  atendimentos: z.array(AtendimentoViewSchema),
  pagamento_previsto: PagamentoPrevistoSchema,
});
const SearchParams = z.object({ search: z.string().max(100, 'Use no máximo 100 caracteres na busca') });
const SearchParamsWithOffset = SearchParams.extend({ offset: z.coerce.number().int().min(0).max(100_000) });

/**
 * The patient side of telemedicine (docs/api/telemedicina.md "Patient side",
 * "Requests and payment"): the home, the doctor search and profile, the
 * request and the report. The chat of both sides is chat.routes.ts. Every
 * route is behind `requireUser`. JSON answers carry `cache-control:
 * private, no-store` (health data).
 */
export const telemedicinaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;

  app.addHook('onSend', privateAnswers);

  /**
   * `GET /api/telemedicina` (docs/api/telemedicina.md "Patient side") → 200 `{user, solicitacoes,
   * minhas_solicitacoes, medicos, suporte}`: `solicitacoes` the P requests
   * addressed to the caller's own doctor profile, oldest first (`[]` for a
   * non-doctor); `minhas_solicitacoes` the caller's own requests still
   * pending and the answers (accepted, refused) they have not opened, newest
   * first, at most 20 (docs/api/telemedicina.md "The patient's requests"); `medicos` 'Meus
   * médicos' (listable doctors with a session with the caller, support
   * excluded, latest activity first, with `mensagens_novas`); `suporte` the
   * support pseudo-doctor or `null`. 401.
   */
  app.get(
    '/telemedicina',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Requests to the caller as a doctor, the caller’s doctors and the support doctor',
        response: { 200: TelemedicinaHomeSchema, ...authErrors },
      },
    },
    async (request) => getTelemedicina(db, actorOf(request)),
  );

  const listSchema = {
    ...meta,
    summary: 'A page of listable doctors, by name or all (available first, then by name)',
    response: { 200: MedicosPageSchema, 422: ValidationErrorBodySchema, ...authErrors },
  };
  const byName = (request: FastifyRequest, search: string, skip: number) =>
    searchMedicos(db, actorOf(request), {
      cidade: null,
      clinica: null,
      especialidade: null,
      nome: search === 'all' ? null : search,
      skip,
    });

  /**
   * `GET /api/telemedicina/medicos/:search` and `…/:search/:offset`
   * (docs/api/telemedicina.md "Patient side"): `:search` a name part (URL-encoded;
   * accents and case ignored) or `all`; `:offset` the doctors already shown →
   * 200 `{medicos, total}`: listable doctors (not suspended, account open),
   * never the support pseudo-doctor nor the caller's own profile, available
   * first then by name, 10 a page (`MEDICOS_PAGE_SIZE`). 422 bad offset; 401.
   */
  app.get(
    '/telemedicina/medicos/:search',
    { config: { access: 'self' }, onRequest: requireUser, schema: { ...listSchema, params: SearchParams } },
    async (request) => byName(request, request.params.search, 0),
  );
  app.get(
    '/telemedicina/medicos/:search/:offset',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: { ...listSchema, params: SearchParamsWithOffset },
    },
    async (request) => byName(request, request.params.search, request.params.offset),
  );

  /**
   * `PUT /api/telemedicina/medicos/search` `{cidade, clinica, especialidade,
   * nome, skip}` (docs/telemedicine.md "Finding a doctor";
   * `MedicoSearchSchema`: ids or null, `nome` text or blank, `skip` the doctors
   * already shown) → 200 `{medicos, total}`, as the GET list with every filter
   * given applied. 422; 401.
   */
  app.put(
    '/telemedicina/medicos/search',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...listSchema,
        summary: 'The doctor search wizard: city, clinic, specialty and name',
        body: MedicoSearchSchema,
      },
    },
    async (request) => searchMedicos(db, actorOf(request), request.body),
  );

  /**
   * `GET /api/telemedicina/medico/:id` (docs/telemedicine.md "A doctor's profile") → 200
   * `{user, medico, atendimentos, pagamento_previsto}`: the doctor (`bloqueado` when it
   * blocked the caller), the caller's sessions with it, newest first, and what a request
   * would use now (docs/api/telemedicina.md "What a request will use"); the caller's refusals
   * by this doctor are seen from then on. 404 'Médico não encontrado' (unknown,
   * suspended, closed); 422 bad id; 401.
   */
  app.get(
    '/telemedicina/medico/:id',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'A doctor’s profile with the caller’s sessions with it',
        params: IdParams,
        response: { 200: MedicoProfileSchema, ...errors404 },
      },
    },
    async (request) => getMedicoProfile(db, actorOf(request), request.params.id),
  );

  /**
   * `POST /api/telemedicina/atendimento/medico/:id` `{motivo, pass}`
   * (docs/telemedicine.md "Requests and payment") → 201 `{atendimento, message:
   * 'Solicitação enviada'}`: a P session paid by (in this order) nothing for
   * support, the typed pass, the plan's quota, or a credit. 402 noPayment; 403
   * blockedByMedico; 404 medicoNotFound (also the caller's own profile); 409
   * pendingOrActive (a P or A session with this doctor exists, also under
   * concurrent requests); 422 `errors.motivo` / `errors.pass`; 401.
   */
  app.post(
    '/telemedicina/atendimento/medico/:id',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Asks a doctor for care',
        params: IdParams,
        body: SolicitarAtendimentoSchema,
        response: {
          201: z.object({ atendimento: AtendimentoViewSchema, message: z.string() }),
          402: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          ...errors404,
        },
      },
    },
    async (request, reply) => {
      const answer = await solicitarAtendimento(
        { ctx, log: request.log },
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(answer);
    },
  );

  /**
   * `POST /api/denunciar/medico/:id` `{motivo}` (docs/telemedicine.md "Reporting a
   * doctor") → 201 `{message: 'Sua denúncia foi realizada com sucesso e iremos
   * avaliar.'}`. 404 medicoNotFound; 422 `errors.motivo` 'Informe o motivo da
   * denúncia'; 401.
   */
  app.post(
    '/denunciar/medico/:id',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Reports a doctor to the staff',
        params: IdParams,
        body: DenunciaSchema,
        response: { 201: MessageSchema, ...errors404 },
      },
    },
    async (request, reply) => {
      await denunciarMedico(db, actorOf(request), request.params.id, request.body.motivo);
      return reply.code(201).send({ message: M.reported });
    },
  );
};
