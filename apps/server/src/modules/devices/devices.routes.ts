import { DeviceRegisterSchema, DeviceViewSchema, INT4_MAX } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { listDevices, registerDevice, removeDevice } from './devices.service.ts';

const DeviceAnswer = z.object({ device: DeviceViewSchema });

/**
 * Push devices of the signed-in user (docs/accounts.md "Devices"; issue 3
 * "Devices and push"). A device is a browser's Web Push subscription; its
 * endpoint and keys never leave the server.
 */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  /** `GET /api/device/vapid-key` → `{publicKey}`: the VAPID key the browser subscribes with. 401 for a guest. */
  app.get(
    '/device/vapid-key',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'The VAPID public key (base64url) for PushManager.subscribe',
        tags: ['devices'],
        response: { 200: z.object({ publicKey: z.string() }), ...authErrors },
      },
    },
    async () => ({ publicKey: app.ctx.push.publicKey }),
  );

  /**
   * `POST /api/device {firebase_token}` (docs/accounts.md "Devices"; the answer
   * is this project's own): `firebase_token` is
   * `JSON.stringify(pushSubscription)`. Answers `201 {device}` when added,
   * `200 {device}` when this browser was already in the list (refreshed). 422
   * with a pt-BR message for an invalid subscription or an unknown push
   * service; 401 for a guest.
   */
  app.post(
    '/device',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "Adds this browser's push subscription to the user's devices (idempotent by endpoint)",
        tags: ['devices'],
        body: DeviceRegisterSchema,
        response: { 200: DeviceAnswer, 201: DeviceAnswer, 422: ValidationErrorBodySchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const { device, created } = await registerDevice(
        db,
        actorOf(request).userId,
        request.body.firebase_token,
        request.headers['user-agent'],
      );
      reply.code(created ? 201 : 200);
      return { device };
    },
  );

  /**
   * `GET /api/devices` → `{devices: [{id, user_agent, updated_at}]}`, newest first
   * (docs/accounts.md "Devices"). 401 for a guest.
   */
  app.get(
    '/devices',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "The signed-in user's devices, most recently updated first",
        tags: ['devices'],
        response: { 200: z.object({ devices: z.array(DeviceViewSchema) }), ...authErrors },
      },
    },
    async (request) => ({ devices: await listDevices(db, actorOf(request).userId) }),
  );

  /**
   * `DELETE /api/device/:id` → `{id}` (docs/accounts.md "Devices"). 404
   * 'Dispositivo não encontrado' when the id is not one of the caller's
   * devices (another user's device looks exactly like a missing one); 401 for
   * a guest.
   */
  app.delete(
    '/device/:id',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: "Removes one of the signed-in user's devices",
        tags: ['devices'],
        params: z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) }),
        response: {
          200: z.object({ id: z.number().int() }),
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => ({ id: await removeDevice(db, actorOf(request).userId, request.params.id) }),
  );
};
