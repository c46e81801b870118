import type { ServerToClientEvents } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { type MockInstance, vi } from 'vitest';
import { atendimentos, mensagens } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';
import { createAtendimento, createDoctor } from '../../test/telemedicina-factories.ts';
import { type FilePart, multipart } from '../timeline/timeline.test-support.ts';

/** Helpers shared by the telemedicine API tests (not a test file itself). */

export type Patient = Awaited<ReturnType<typeof createPatient>>;
export type Doctor = Awaited<ReturnType<typeof createDoctor>>;
export type Auth = { authorization: string } | undefined;

/** A JSON request with optional bearer headers. */
export function send(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  auth: Auth,
  payload?: object,
) {
  return t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });
}

/**
 * The usual cast: a patient, another patient, the patient's doctor (São
 * Paulo, Cardiologia) and a doctor with no link to the patient.
 */
export async function cast(t: TestApp) {
  const patient = await createPatient(t.app, { name: 'Beatriz Moura' });
  const other = await createPatient(t.app, { name: 'Carlos Nunes' });
  const doctor = await createDoctor(t, {
    name: 'Helena Prado',
    especialidades: ['Cardiologia'],
    cidade_id: 3550308,
  });
  const stranger = await createDoctor(t, { name: 'Otávio Reis' });
  return { patient, other, doctor, stranger };
}

/** `POST /api/telemedicina/atendimento/medico/:id`. */
export function requestCare(
  t: TestApp,
  auth: Auth,
  medicoId: number,
  body: { motivo?: string; pass?: string | null } = { motivo: 'Dor no peito ao subir escadas' },
) {
  return send(t, 'POST', `/api/telemedicina/atendimento/medico/${medicoId}`, auth, body);
}

/** An A session between the patient and the doctor, straight into the table; answers its id. */
export function activeSession(
  t: TestApp,
  patient: Patient,
  doctor: Doctor,
  extra: Partial<typeof atendimentos.$inferInsert> = {},
): Promise<number> {
  return createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'A', extra);
}

/** `POST /api/telemedicina/atendimento/:id/mensagem` with a JSON text. */
export function postText(t: TestApp, auth: Auth, atendimentoId: number, content: string) {
  return send(t, 'POST', `/api/telemedicina/atendimento/${atendimentoId}/mensagem`, auth, {
    type: 'T',
    content,
  });
}

/** `POST /api/telemedicina/atendimento/:id/mensagem` as multipart: `type` and the file as `content`. */
export function postFile(
  t: TestApp,
  auth: Auth,
  atendimentoId: number,
  file: Omit<FilePart, 'field'>,
  type = 'I',
) {
  const body = multipart({ type }, [{ ...file, field: 'content' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/telemedicina/atendimento/${atendimentoId}/mensagem`,
    payload: body.payload,
    headers: { ...body.headers, ...(auth ?? {}) },
  });
}

/** A message straight into the table (`from` U the patient, M the doctor); answers its id. */
export async function insertMensagem(
  t: TestApp,
  atendimentoId: number,
  from: 'U' | 'M',
  values: Partial<typeof mensagens.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(mensagens)
    .values({ atendimento_id: atendimentoId, from, type: 'T', content: 'Olá', ...values })
    .returning({ id: mensagens.id });
  if (!row) throw new Error('mensagem not inserted');
  return row.id;
}

/** A session row as stored. */
export async function sessionRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(atendimentos).where(eq(atendimentos.id, id));
  return row;
}

/** An event as the realtime layer was asked to emit it. */
export interface Emitted {
  rooms: string[];
  event: keyof ServerToClientEvents;
  payload: unknown;
}

/**
 * Spies on `ctx.realtime.emit` (the real delivery is tested in
 * `platform/`); `events()` lists what was emitted since.
 */
export function spyRealtime(t: TestApp): { spy: MockInstance; events: () => Emitted[] } {
  const spy = vi.spyOn(t.app.ctx.realtime, 'emit');
  return {
    spy,
    events: () =>
      spy.mock.calls.map(([rooms, event, payload]) => ({
        rooms: rooms as string[],
        event: event as keyof ServerToClientEvents,
        payload,
      })),
  };
}

/** The rooms both sides of a session hear: `user.{patient}`, `user.{doctor}`, `atendimento.{id}`. */
export function roomsOf(patient: Patient, doctor: Doctor, atendimentoId: number): string[] {
  return [`user.${patient.user.id}`, `user.${doctor.user.id}`, `atendimento.${atendimentoId}`];
}
