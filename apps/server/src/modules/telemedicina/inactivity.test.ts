import { TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { atendimentos, timeline_items } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createAtendimento } from '../../test/telemedicina-factories.ts';
import { endIdleAtendimentos } from './inactivity.ts';
import {
  activeSession,
  cast,
  postText,
  roomsOf,
  sessionRow,
  spyRealtime,
} from './telemedicina.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  // Two hours, not the default 24: the setting is what the job reads.
  t = await createTestApp({ ATENDIMENTO_INATIVIDADE_HORAS: '2' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  vi.restoreAllMocks();
  await t.reset();
});

const HOUR = 3600 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const run = (now?: Date) => endIdleAtendimentos(t.app.ctx, t.app.log, now);

async function records() {
  return t.database.db.select().from(timeline_items).where(eq(timeline_items.tipo, 6));
}

describe('endIdleAtendimentos', () => {
  it('ends as ET the A sessions with no message for the configured hours, and only those', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    const idle = await activeSession(t, patient, doctor, { last_message_at: ago(2.01), motivo: 'Tosse' });
    const fresh = await activeSession(t, other, doctor, { last_message_at: ago(1.9) });
    const pending = await createAtendimento(t.database.db, patient.user.id, stranger.medicoId, 'P', {
      created_at: ago(30),
    });
    const ended = await createAtendimento(t.database.db, other.user.id, stranger.medicoId, 'E', {
      last_message_at: ago(30),
    });
    const realtime = spyRealtime(t);
    const push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });
    expect(await run()).toBe(1);
    expect(await sessionRow(t, idle)).toMatchObject({ status: 'ET' });
    expect((await sessionRow(t, idle))?.ended_at).toBeInstanceOf(Date);
    for (const [id, status] of [
      [fresh, 'A'],
      [pending, 'P'],
      [ended, 'E'],
    ] as const) {
      expect((await sessionRow(t, id))?.status).toBe(status);
    }
    expect(await records()).toEqual([
      expect.objectContaining({
        user_id: patient.user.id,
        tipo: 6,
        descricao: 'Atendimento por telemedicina: Tosse',
        created_by: 'M',
        medico_id: doctor.medicoId,
        medico_name: 'Helena Prado',
        atendimento_id: idle,
      }),
    ]);
    expect(realtime.events()).toEqual([
      {
        rooms: roomsOf(patient, doctor, idle),
        event: 'atendimento.ended',
        payload: { atendimento_id: idle, status: 'ET' },
      },
    ]);
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    expect(push.mock.calls[0]?.slice(0, 2)).toEqual([
      patient.user.id,
      {
        title: 'Atendimento encerrado',
        body: 'Seu atendimento foi encerrado por inatividade.',
        url: `/telemedicina/atendimento/${idle}`,
      },
    ]);
    // Nothing is sent any more, and the chat reads ET (the web shows the inactivity warning).
    const res = await postText(t, patient.auth, idle, 'Ainda estou aqui');
    expect(res.statusCode).toBe(409);
    expect(TELEMEDICINA_MESSAGES.inactivity).toBe('Atendimento encerrado devido ao tempo de inatividade.');
    expect(await run()).toBe(0);
  });

  it('counts from the given moment, and from acceptance when no message time is set', async () => {
    const { patient, other, doctor } = await cast(t);
    const a = await activeSession(t, patient, doctor, { last_message_at: ago(1) });
    const b = await activeSession(t, other, doctor, { last_message_at: null, accepted_at: ago(3) });
    expect(await run(new Date(Date.now() - 1.5 * HOUR))).toBe(0);
    expect(await run()).toBe(1);
    expect((await sessionRow(t, b))?.status).toBe('ET');
    expect(await run(new Date(Date.now() + 1.5 * HOUR))).toBe(1);
    expect((await sessionRow(t, a))?.status).toBe('ET');
  });

  it('keeps a session open once a message moves last_message_at', async () => {
    const { patient, doctor } = await cast(t);
    const id = await activeSession(t, patient, doctor, { last_message_at: ago(5) });
    expect((await postText(t, doctor.auth, id, 'Como está hoje?')).statusCode).toBe(201);
    expect(await run()).toBe(0);
    expect((await sessionRow(t, id))?.status).toBe('A');
  });

  it('ends each session once when two nodes run it at the same moment', async () => {
    const { patient, other, doctor, stranger } = await cast(t);
    const ids = [
      await activeSession(t, patient, doctor, { last_message_at: ago(3) }),
      await activeSession(t, patient, stranger, { last_message_at: ago(4) }),
      await activeSession(t, other, doctor, { last_message_at: ago(5) }),
    ];
    const realtime = spyRealtime(t);
    const counts = await Promise.all([run(), run(), run()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect((await records()).map((r) => r.atendimento_id).sort()).toEqual([...ids].sort());
    expect(realtime.events()).toHaveLength(3);
    const rows = await t.database.db.select().from(atendimentos);
    expect(rows.every((r) => r.status === 'ET')).toBe(true);
  });
});
