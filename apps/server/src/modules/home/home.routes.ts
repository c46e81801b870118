import {
  AVATAR_MESSAGES,
  CaracteristicasSchema,
  GeralSchema,
  HomeUserViewSchema,
  PessoalSchema,
  UserViewSchema,
} from '@pulso/domain';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandler } from '../../error-handler.ts';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import {
  getHome,
  readAvatar,
  replaceAvatar,
  SAVED_MESSAGE,
  updateCaracteristicas,
  updateGeral,
  updatePessoal,
} from './home.service.ts';

const HomeAnswer = z.object({ user: HomeUserViewSchema });
const SavedAnswer = z.object({ user: UserViewSchema, message: z.string() });
const saveResponses = { 200: SavedAnswer, 422: ValidationErrorBodySchema, ...authErrors } as const;

/**
 * `POST /api/home/avatar` body. With `attachFieldsToBody: 'keyValues'` a file
 * part arrives as a Buffer; a text part, a JSON string or no part at all is
 * "no image chosen". A request with no body at all is read as `{}`.
 */
export const AvatarUploadSchema = z.preprocess(
  (body) => body ?? {},
  z.object({
    avatar: z
      .custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, { error: AVATAR_MESSAGES.missing })
      .meta({ type: 'string', format: 'binary', description: 'PNG, JPEG ou WebP, até 2 MB' }),
  }),
);

const PngSchema = z.custom<Buffer>().meta({ type: 'string', format: 'binary', description: 'PNG 350×350' });

/** Capability URLs never change content (a new photo gets a new name): cache for a year. */
const AVATAR_CACHE = 'public, max-age=31536000, immutable';

/**
 * Emergency data of the signed-in patient (docs/accounts.md "The /home screen",
 * `/home/*`) and the avatar files behind `user.avatar`. Every write touches
 * only the caller's own row (the id comes from the session) and stamps
 * `updated_at`.
 */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { storage } = app.ctx;

  /**
   * `GET /api/home` → 200 `{user}` (`HomeUserView`: the `UserView` plus
   * `pressao`, `indice_massa_corporal`, `oxigenacao`, `glicose`, the newest
   * 10 readings of each, latest first); 401 without a live token.
   */
  app.get(
    '/home',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'The signed-in patient with their emergency data and recent indicator readings',
        tags: ['home'],
        security: [{ bearer: [] }],
        response: { 200: HomeAnswer, ...authErrors },
      },
    },
    async (request) => ({ user: await getHome(db, actorOf(request)) }),
  );

  /**
   * `PUT /api/home/pessoal` (`PessoalSchema`: phones as digits or masked) →
   * 200 `{user, message:'Salvo com sucesso'}`; 422 `{message, errors}`; 401.
   */
  app.put(
    '/home/pessoal',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Replaces the personal card (telefone, emergency contact)',
        tags: ['home'],
        security: [{ bearer: [] }],
        body: PessoalSchema,
        response: saveResponses,
      },
    },
    async (request) => ({
      user: await updatePessoal(db, actorOf(request), request.body),
      message: SAVED_MESSAGE,
    }),
  );

  /**
   * `PUT /api/home/caracteristicas` (`CaracteristicasSchema`: `peso` kg,
   * `altura` m, comma or dot) → 200 `{user, message:'Salvo com sucesso'}`; 422; 401.
   */
  app.put(
    '/home/caracteristicas',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Replaces the physical-characteristics card (peso kg, altura m, cor, olhos, sinal)',
        tags: ['home'],
        security: [{ bearer: [] }],
        body: CaracteristicasSchema,
        response: saveResponses,
      },
    },
    async (request) => ({
      user: await updateCaracteristicas(db, actorOf(request), request.body),
      message: SAVED_MESSAGE,
    }),
  );

  /**
   * `PUT /api/home/geral` (`GeralSchema`) → 200 `{user, message:'Salvo com
   * sucesso'}`; 422 (`errors.cidade` for an unknown municipality); 401. Only
   * `cidade.id` is read; `descricao` comes from the database.
   */
  app.put(
    '/home/geral',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Replaces the general card (nascimento, sexo, sangue, address, cidade)',
        tags: ['home'],
        security: [{ bearer: [] }],
        body: GeralSchema,
        response: saveResponses,
      },
    },
    async (request) => ({
      user: await updateGeral(db, actorOf(request), request.body),
      message: SAVED_MESSAGE,
    }),
  );

  /**
   * `POST /api/home/avatar`, multipart field `avatar` (PNG/JPEG/WebP ≤ 2 MB,
   * checked from the bytes) → 200 `{user, message:'Foto alterada com
   * sucesso'}`; 422 `errors.avatar` (missing, wrong type, over 2 MB); 401.
   */
  app.post(
    '/home/avatar',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      // The upload cap trips inside multipart parsing; answer it under this route's field name.
      errorHandler: (error: FastifyError, request, reply) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
          return reply
            .code(422)
            .send({ message: AVATAR_MESSAGES.tooLarge, errors: { avatar: [AVATAR_MESSAGES.tooLarge] } });
        }
        return errorHandler(error, request, reply);
      },
      schema: {
        summary: 'Replaces the avatar; stored as a 350×350 PNG without metadata',
        tags: ['home'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: AvatarUploadSchema,
        response: saveResponses,
      },
    },
    async (request) => ({
      user: await replaceAvatar({ db, storage, log: request.log }, actorOf(request), request.body.avatar),
      message: AVATAR_MESSAGES.saved,
    }),
  );

  /**
   * `GET /api/avatars/:file` (public capability URL from `user.avatar`;
   * `:file` is `<32 hex>.png`) → 200 `image/png`, cached as immutable;
   * 404 `{message}` for a malformed or unknown name.
   */
  app.get(
    '/avatars/:file',
    {
      config: { access: 'capability' },
      schema: {
        summary: 'An avatar image by its random file name',
        tags: ['home'],
        params: z.object({ file: z.string() }),
        response: { 200: PngSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const bytes = await readAvatar(storage, request.params.file);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', AVATAR_CACHE)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
