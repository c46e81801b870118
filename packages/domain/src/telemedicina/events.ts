import type { AtendimentoView, MensagemView } from './schemas.ts';
import type { AtendimentoStatus } from './telemedicina.ts';

/**
 * The realtime event map, one for both sides (docs/telemedicine.md "Live
 * updates"). The server emits each session event once to the rooms
 * `user.{patient}`, `user.{doctor's account}` and `atendimento.{id}` together,
 * so a socket in several of them receives it once.
 */
export interface ServerToClientEvents {
  /** A message was posted (appended to the chat; raises the other side's unread counter). */
  'message.sent': (payload: { atendimento_id: number; mensagem: MensagemView }) => void;
  /** A message was deleted by its author (removed; lowers the counter when it was unread). */
  'message.deleted': (payload: {
    atendimento_id: number;
    id: number;
    from: 'U' | 'M';
    was_unread: boolean;
  }) => void;
  /** A message was read by the side it was sent to (lowers that side's counter). */
  'message.read': (payload: { atendimento_id: number; id: number; from: 'U' | 'M'; read_at: string }) => void;
  /** The session ended (E by the doctor, ET for inactivity). */
  'atendimento.ended': (payload: {
    atendimento_id: number;
    status: Extract<AtendimentoStatus, 'E' | 'ET'>;
  }) => void;
  /** A session was requested, accepted or refused: lists refresh (docs/telemedicine.md "Live updates"). */
  'atendimento.updated': (payload: { atendimento: AtendimentoView }) => void;
  /**
   * Someone else added a record to the patient's timeline (to `user.{patient}`
   * only; docs/timeline-privacy.md): `pendente` when it awaits the patient's
   * approval (a third party's, T), else it went straight in (a doctor's, M).
   */
  'timeline.added': (payload: { timeline_item_id: number; created_by: 'M' | 'T'; pendente: boolean }) => void;
}

/** Acknowledgement of a join: `{ok: true}` or `{ok: false, message}` in pt-BR. */
export type JoinAck = { ok: true } | { ok: false; message: string };

/**
 * What a client may ask. The socket authenticates with the bearer token
 * (`auth: {token}`) and is put in `user.{id}` by the server; it asks to join
 * `atendimento.{id}`, which the server grants only to that session's
 * patient and doctor.
 */
export interface ClientToServerEvents {
  'atendimento.join': (atendimentoId: number, ack: (answer: JoinAck) => void) => void;
  'atendimento.leave': (atendimentoId: number) => void;
}
