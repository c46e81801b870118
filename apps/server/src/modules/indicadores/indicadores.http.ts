import { HistoricoQuerySchema, INDICADOR_MESSAGES } from '@pulso/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { assertPodeRegistrar } from './indicadores.shared.ts';

/**
 * What the indicator routes share (docs/indicators-and-score.md "Indicators";
 * docs/accounts.md "Trial and locked accounts"): the answers they declare, the
 * OpenAPI meta, the trial lock before a write's body is read, and the builder of
 * the history and insert routes that every indicator repeats.
 */

/** The Fastify instance a route plugin of this module receives. */
export type IndicadoresApp = Parameters<FastifyPluginAsyncZod>[0];

/** The answers of a history list: the page, 422 for a bad offset or limit, 401. */
const listResponses = (ok: z.ZodType) =>
  ({ 200: ok, 422: ValidationErrorBodySchema, ...authErrors }) as const;
/** The answers of an insert: the saved reading, 403 locked, 422, 401. */
export const createResponses = (ok: z.ZodType) =>
  ({ 201: ok, 403: ErrorBodySchema, 422: ValidationErrorBodySchema, ...authErrors }) as const;

/** OpenAPI tags and security of every indicator route. */
export const meta = { tags: ['indicadores'], security: [{ bearer: [] }] };

/**
 * onRequest hook of every indicator write: a locked caller (trial over, no plan, not corporate) is
 * refused with 403 'Seu período gratuito de 1 mês terminou.' before the body is read.
 */
export const requireUnlocked = (db: Db) => async (request: FastifyRequest) =>
  assertPodeRegistrar(db, actorOf(request));

/** An indicator's routes: `GET /api/<path>` (its history) and, when `criar` is given, `POST /api/<path>`. */
export interface LeituraRoutes<B extends z.ZodType> {
  /** `/home/<indicador>`. */
  path: `/home/${string}`;
  historico: {
    summary: string;
    /** The answer of a page (`<Indicador>HistoricoSchema`). */
    schema: z.ZodType;
    list: (db: Db, actor: Actor, query: z.output<typeof HistoricoQuerySchema>) => Promise<unknown>;
  };
  criar?: {
    summary: string;
    body: B;
    /** The answer of a save (`<Indicador>SavedSchema`), the reading under `lista`. */
    saved: z.ZodType;
    lista: string;
    /** Media types besides JSON (blood pressure: multipart). */
    consumes?: string[];
    save: (db: Db, actor: Actor, input: z.output<B>) => Promise<unknown>;
  };
}

/**
 * Registers an indicator's history route, `GET /api/<path>?offset&limit` → 200 the page (latest
 * first; `limit` 1–200), 422, 401; and its insert, `POST /api/<path>` → 201 `{message: 'Dado
 * inserido com sucesso!', <lista>: reading}`, 422 per its body schema, 403 locked, 401. Both are the
 * caller's own (`requireUser`; access 'self').
 */
export function leituraRoutes<B extends z.ZodType>(app: IndicadoresApp, db: Db, routes: LeituraRoutes<B>) {
  const { historico, criar } = routes;
  app.get(
    routes.path,
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: historico.summary,
        querystring: HistoricoQuerySchema,
        response: listResponses(historico.schema),
      },
    },
    async (request) => historico.list(db, actorOf(request), request.query),
  );
  if (!criar) return;
  app.post(
    routes.path,
    {
      config: { access: 'self' },
      onRequest: [requireUser, requireUnlocked(db)],
      schema: {
        ...meta,
        summary: criar.summary,
        ...(criar.consumes && { consumes: criar.consumes }),
        body: criar.body,
        response: createResponses(criar.saved),
      },
    },
    async (request, reply) => {
      // The body was parsed by `criar.body`: the provider cannot follow a generic schema to its output.
      const leitura = await criar.save(db, actorOf(request), request.body as z.output<B>);
      return reply.code(201).send({ message: INDICADOR_MESSAGES.inserted, [criar.lista]: leitura });
    },
  );
}
