import { atendimentoRoom, type ServerToClientEvents, userRoom } from '@pulso/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { PushPayload } from '../../platform/push.ts';

/** The two accounts of a care session: the patient's and the doctor's (`medicos.user_id`). */
export interface AtendimentoParties {
  atendimentoId: number;
  pacienteUserId: number;
  medicoUserId: number;
}

/** A Web Push to send along with an event, to one side of the session. */
export interface EventPush {
  to: 'paciente' | 'medico';
  payload: PushPayload;
}

/**
 * Tells both sides of a session about a change (docs/telemedicine.md "Live
 * updates"; issue 6): emits `event` once to `user.{patient}`, `user.{doctor}` and
 * `atendimento.{id}` together, then sends `push` as a Web Push when its
 * recipient has no socket open on any node (issue 6 "Push") — asked only
 * when the recipient has a device to push to. Call it only
 * after the change is committed. Never throws: a failed push is logged.
 */
export function publishAtendimentoEvent<E extends keyof ServerToClientEvents>(
  ctx: AppContext,
  log: FastifyBaseLogger,
  parties: AtendimentoParties,
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
  push?: EventPush,
): void {
  const rooms = [
    userRoom(parties.pacienteUserId),
    userRoom(parties.medicoUserId),
    atendimentoRoom(parties.atendimentoId),
  ];
  (ctx.realtime.emit as (rooms: string[], event: E, payload: unknown) => void)(rooms, event, payload);
  if (!push) return;
  const userId = push.to === 'paciente' ? parties.pacienteUserId : parties.medicoUserId;
  ctx.push
    .sendToUser(userId, push.payload, { log, skipIf: () => ctx.realtime.isOnline(userId) })
    .catch((error: unknown) => {
      log.warn({ err: error, event }, 'push after a telemedicine event failed');
    });
}
