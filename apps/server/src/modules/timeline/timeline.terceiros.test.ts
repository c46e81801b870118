import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  PERMISSOES_MESSAGES,
  TARGET_LOOKUP_VALID_HOURS,
  TIMELINE_ADD_DAILY_MAX,
  TIMELINE_MESSAGES,
  TIMELINE_PAGE_SIZE,
  TIMELINE_PUSH,
  type TimelineItemView,
  type TimelinePendentes,
  todayInSaoPaulo,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { code_access_logs, timeline_daily_adds, timeline_items, users } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createAtendimento, createDoctor } from '../../test/telemedicina-factories.ts';
import {
  type Auth,
  addItem,
  call,
  insertItem,
  itemFields,
  jpeg,
  lookUpPatient,
  multipart,
  type Patient,
  postItem,
} from './timeline.test-support.ts';

/**
 * Defect 6 (docs/timeline-privacy.md "Records added by others"): a third
 * party's record waits for the patient's approval and is shown to no one
 * else before it; a doctor's goes straight in; the patient is told of both
 * (realtime and Web Push); 10 additions per adder, patient and day; adding
 * needs a lookup of the code in the last 24 hours.
 */
let t: TestApp;
/** The accounts around the patients: a stranger, a doctor, the patients' own doctor, an unrelated doctor, another patient. */
let people: {
  stranger: Patient;
  doctor: Doctor;
  ownDoctor: Doctor;
  unrelatedDoctor: Doctor;
  other: Patient;
};
type Doctor = Awaited<ReturnType<typeof createDoctor>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CODE_PER_MINUTE: '10000' });
  people = {
    stranger: await createPatient(t.app, { name: 'Joana Freitas' }),
    doctor: await createDoctor(t, { name: 'Helena Prado' }),
    ownDoctor: await createDoctor(t),
    unrelatedDoctor: await createDoctor(t),
    other: await createPatient(t.app),
  };
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  vi.restoreAllMocks();
});

const M = TIMELINE_MESSAGES;
const UNAUTHENTICATED = { message: UNAUTHENTICATED_MESSAGE };
const NOT_FOUND = { message: M.notFound };
const FAKE = 'Exame falso: HIV positivo';

const aceitar = (id: number, auth: Auth) => call(t, 'PUT', `/api/timeline/item/${id}/aceitar`, auth);
const recusar = (id: number, auth: Auth) => call(t, 'PUT', `/api/timeline/item/${id}/recusar`, auth);
const pendentes = async (auth: Auth, offset?: number): Promise<TimelinePendentes> => {
  const res = await call(
    t,
    'GET',
    `/api/timeline/pendentes${offset === undefined ? '' : `/${offset}`}`,
    auth,
  );
  expect(res.statusCode).toBe(200);
  return res.json();
};
const listOf = async (p: Patient, url = '/api/timeline/items/all/all') => {
  const res = await call(t, 'GET', url, p.auth);
  expect(res.statusCode).toBe(200);
  return res.json() as { timelineItems: TimelineItemView[]; total: number };
};
const codeView = (code: string, auth: Auth) => call(t, 'GET', `/api/code/${code}`, auth);
const storedFiles = () => {
  const dir = path.join(t.dataDir, 'files', 'timeline');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

/**
 * A new patient who shows their timeline to anyone (level 4, timeline on),
 * with a record of their own and a session with `ownDoctor` (A), among
 * {@link people}; a new patient each time, so that the daily count and the
 * pending list start empty.
 */
async function cast() {
  const patient = await createPatient(t.app, { name: 'Beatriz Moura' });
  await t.database.db
    .update(users)
    .set({ permissoes_saude: 4, permissoes_timeline: true })
    .where(eq(users.id, patient.user.id));
  await addItem(t, patient.auth, { descricao: 'Consulta de rotina' });
  await createAtendimento(t.database.db, patient.user.id, people.ownDoctor.medicoId, 'A');
  return { ...people, patient };
}

/** The stranger's record on the patient's timeline (a lookup first, as the add screen does). */
async function strangerRecord(c: Awaited<ReturnType<typeof cast>>, descricao = FAKE) {
  return addItem(t, c.stranger.auth, { user_id: String(c.patient.user.id), tipo: '3', descricao });
}

describe("a third party's record (T) arrives pending", () => {
  it('answers its author addedPending and lets them read it, marked pending', async () => {
    const c = await cast();
    await lookUpPatient(t, c.stranger.auth, c.patient.user.id);
    const res = await postItem(
      t,
      c.stranger.auth,
      itemFields({ user_id: String(c.patient.user.id), descricao: FAKE }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: M.addedPending,
      timelineItem: { created_by: 'T', terceiro: { name: 'Joana Freitas' }, pendente: true },
    });
    const id = res.json().timelineItem.id;
    const read = await call(t, 'GET', `/api/timeline/item/${id}`, c.stranger.auth);
    expect(read.json()).toMatchObject({ role: 'author', timelineItem: { descricao: FAKE, pendente: true } });
  });

  it('is shown through the code to no viewer, the patient included, nor counted in total', async () => {
    const c = await cast();
    await strangerRecord(c);
    const code = c.patient.user.code;
    for (const auth of [
      undefined,
      c.patient.auth,
      c.ownDoctor.auth,
      c.unrelatedDoctor.auth,
      c.doctor.auth,
      c.other.auth,
      c.stranger.auth,
    ]) {
      const res = await codeView(code, auth);
      expect(res.json().acesso.timeline).toBe(true);
      expect(res.json().total).toBe(1);
      expect(res.body).not.toContain(FAKE);
      const next = await call(t, 'GET', `/api/code/${code}/timeline/0`, auth);
      expect(next.json().total).toBe(1);
      expect(next.body).not.toContain(FAKE);
    }
  });

  it("is not in the patient's list, search or count: it is in their pending list, with who added it", async () => {
    const c = await cast();
    const item = await strangerRecord(c);
    const list = await listOf(c.patient);
    expect(list.total).toBe(1);
    expect(JSON.stringify(list)).not.toContain(FAKE);
    for (const url of ['/api/timeline/items/all/HIV', '/api/timeline/items/all/falso/0']) {
      expect(await listOf(c.patient, url)).toMatchObject({ timelineItems: [], total: 0 });
    }
    expect(await pendentes(c.patient.auth)).toEqual({
      timelineItems: [
        expect.objectContaining({
          id: item.id,
          tipo: 3,
          data: '2025-03-10',
          descricao: FAKE,
          created_by: 'T',
          terceiro: { name: 'Joana Freitas' },
          pendente: true,
        }),
      ],
      total: 1,
    });
    // The owner may open it (to see it whole before deciding).
    const read = await call(t, 'GET', `/api/timeline/item/${item.id}`, c.patient.auth);
    expect(read.json()).toMatchObject({ role: 'owner', timelineItem: { id: item.id, pendente: true } });
  });

  it("a doctor's record (M) goes straight in: the patient's list and the code view", async () => {
    const c = await cast();
    const item = await addItem(t, c.doctor.auth, {
      user_id: String(c.patient.user.id),
      descricao: 'Receita',
    });
    expect(item).toMatchObject({ created_by: 'M', pendente: false });
    expect((await listOf(c.patient)).total).toBe(2);
    expect((await pendentes(c.patient.auth)).total).toBe(0);
    const view = (await codeView(c.patient.user.code, undefined)).json();
    expect(view.total).toBe(2);
    expect(view.timelineItems[0]).toMatchObject({ created_by: 'M', terceiro: { name: 'Helena Prado' } });
  });
});

describe('GET /api/timeline/pendentes', () => {
  it('answers 401 to a guest', async () => {
    const res = await call(t, 'GET', '/api/timeline/pendentes', undefined);
    expect([res.statusCode, res.json()]).toEqual([401, UNAUTHENTICATED]);
  });

  it("lists only the caller's own: another patient, a doctor and the author see none of the patient's", async () => {
    const c = await cast();
    const item = await strangerRecord(c);
    for (const auth of [c.other.auth, c.unrelatedDoctor.auth, c.ownDoctor.auth, c.stranger.auth]) {
      const list = await pendentes(auth);
      expect(list.timelineItems.map((i) => i.id)).not.toContain(item.id);
      expect(JSON.stringify(list)).not.toContain(FAKE);
    }
    expect((await pendentes(c.patient.auth)).total).toBe(1);
  });

  it('pages from an offset, most recently added first', async () => {
    const c = await cast();
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      ids.push(
        await insertItem(t.database.db, c.patient.user.id, {
          created_by: 'T',
          terceiro_id: c.stranger.user.id,
          pendente: true,
          descricao: `R${i}`,
        }),
      );
    }
    const first = await pendentes(c.patient.auth);
    expect(first.total).toBe(21);
    expect(first.timelineItems.map((i) => i.id)).toEqual(ids.toReversed().slice(0, TIMELINE_PAGE_SIZE));
    const next = await pendentes(c.patient.auth, 20);
    expect(next).toMatchObject({ total: 21, timelineItems: [{ id: ids[0] }] });
    expect((await call(t, 'GET', '/api/timeline/pendentes/-1', c.patient.auth)).statusCode).toBe(422);
  });
});

describe('PUT /api/timeline/item/:id/aceitar', () => {
  it('answers 401 to a guest, 404 to another patient and to doctors, 403 to the author', async () => {
    const c = await cast();
    const item = await strangerRecord(c);
    expect((await aceitar(item.id, undefined)).statusCode).toBe(401);
    for (const auth of [c.other.auth, c.unrelatedDoctor.auth, c.ownDoctor.auth]) {
      const res = await aceitar(item.id, auth);
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    }
    const byAuthor = await aceitar(item.id, c.stranger.auth);
    expect([byAuthor.statusCode, byAuthor.json()]).toEqual([403, { message: M.onlyPatient }]);
    expect((await pendentes(c.patient.auth)).total).toBe(1);
  });

  it('lets the patient accept: it joins the timeline and shows through the code as a third party’s', async () => {
    const c = await cast();
    const item = await strangerRecord(c, 'Vacina contra gripe no posto');
    const res = await aceitar(item.id, c.patient.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: M.accepted, timelineItem: { id: item.id, pendente: false } });
    expect((await pendentes(c.patient.auth)).total).toBe(0);
    expect((await listOf(c.patient)).total).toBe(2);
    for (const auth of [undefined, c.ownDoctor.auth]) {
      const view = (await codeView(c.patient.user.code, auth)).json();
      expect(view.total).toBe(2);
      expect(view.timelineItems).toContainEqual(
        expect.objectContaining({
          descricao: 'Vacina contra gripe no posto',
          created_by: 'T',
          terceiro: { name: 'Joana Freitas' },
        }),
      );
    }
  });

  it('answers 409 notPending for a record already accepted and for the patient’s own', async () => {
    const c = await cast();
    const item = await strangerRecord(c);
    expect((await aceitar(item.id, c.patient.auth)).statusCode).toBe(200);
    const own = (await listOf(c.patient)).timelineItems.find(
      (i) => i.created_by === null,
    ) as TimelineItemView;
    for (const id of [item.id, own.id]) {
      const res = await aceitar(id, c.patient.auth);
      expect([res.statusCode, res.json()]).toEqual([409, { message: M.notPending }]);
    }
  });
});

describe('PUT /api/timeline/item/:id/recusar', () => {
  it('answers 401 to a guest, 404 to another patient and to doctors, 403 to the author', async () => {
    const c = await cast();
    const item = await strangerRecord(c);
    expect((await recusar(item.id, undefined)).statusCode).toBe(401);
    for (const auth of [c.other.auth, c.unrelatedDoctor.auth, c.ownDoctor.auth]) {
      expect((await recusar(item.id, auth)).json()).toEqual(NOT_FOUND);
    }
    expect((await recusar(item.id, c.stranger.auth)).statusCode).toBe(403);
    expect((await pendentes(c.patient.auth)).total).toBe(1);
  });

  it('lets the patient refuse: the record and its attachments go, from storage too', async () => {
    const c = await cast();
    const before = storedFiles();
    const item = await addItem(t, c.stranger.auth, { user_id: String(c.patient.user.id), descricao: FAKE }, [
      { field: 'anexos[]', filename: 'laudo.jpg', bytes: await jpeg() },
    ]);
    expect(storedFiles()).toHaveLength(before.length + 1);
    const res = await recusar(item.id, c.patient.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.refused, timelineItem: { id: item.id } });
    expect(storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(timeline_items).where(eq(timeline_items.id, item.id))).toEqual(
      [],
    );
    expect((await call(t, 'GET', `/api/timeline/item/${item.id}`, c.stranger.auth)).statusCode).toBe(404);
  });

  it('answers 409 notPending for an accepted record (the patient deletes it instead)', async () => {
    const c = await cast();
    const item = await strangerRecord(c);
    await aceitar(item.id, c.patient.auth);
    expect((await recusar(item.id, c.patient.auth)).statusCode).toBe(409);
  });
});

describe("removing a third party's record", () => {
  it('is allowed to the patient, accepted or not, a pain record included', async () => {
    const c = await cast();
    const accepted = await strangerRecord(c);
    await aceitar(accepted.id, c.patient.auth);
    const pending = await strangerRecord(c);
    const pain = await insertItem(t.database.db, c.patient.user.id, {
      tipo: 8,
      created_by: 'T',
      terceiro_id: c.stranger.user.id,
      local_dor: 'Joelho',
      intensidade_dor: 'Alta',
      pendente: true,
    });
    for (const id of [accepted.id, pending.id, pain]) {
      const res = await call(t, 'DELETE', `/api/timeline/item/${id}`, c.patient.auth);
      expect(res.statusCode, String(id)).toBe(200);
    }
  });

  it("takes a third party's pain record (the pain map for another patient) as pending; the patient may refuse it", async () => {
    const c = await cast();
    const item = await addItem(t, c.stranger.auth, {
      user_id: String(c.patient.user.id),
      tipo: '8',
      valor: '0',
      local_dor: 'Joelho',
      intensidade_dor: 'Alta',
    });
    expect(item).toMatchObject({ tipo: 8, created_by: 'T', pendente: true });
    expect((await recusar(item.id, c.patient.auth)).statusCode).toBe(200);
  });
});

describe('an edit by a third party of what they added', () => {
  it('sends an accepted record back to pending (content or attachment), told in the app only', async () => {
    const c = await cast();
    const item = await strangerRecord(c, 'Vacina contra gripe');
    await aceitar(item.id, c.patient.auth);
    const emit = vi.spyOn(t.app.ctx.realtime, 'emit');
    const push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });
    const edit = { data: '2025-03-10', valor: null, medico_id: null, medico_name: null, descricao: FAKE };
    const res = await call(t, 'PUT', `/api/timeline/item/${item.id}`, c.stranger.auth, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json().timelineItem.pendente).toBe(true);
    expect((await codeView(c.patient.user.code, undefined)).body).not.toContain(FAKE);
    expect((await pendentes(c.patient.auth)).timelineItems.map((i) => i.id)).toEqual([item.id]);

    await aceitar(item.id, c.patient.auth);
    const body = multipart({ timeline_item_id: item.id }, [
      { field: 'anexo', filename: 'laudo.jpg', bytes: await jpeg() },
    ]);
    const attached = await t.app.inject({
      method: 'POST',
      url: '/api/timeline/item/anexo',
      payload: body.payload,
      headers: { ...body.headers, ...c.stranger.auth },
    });
    expect(attached.statusCode).toBe(201);
    expect((await pendentes(c.patient.auth)).total).toBe(1);
    expect(emit.mock.calls.map((call) => call[1])).toEqual(['timeline.added', 'timeline.added']);
    expect(push).not.toHaveBeenCalled();
  });

  it("leaves a doctor's record in place when the doctor edits it", async () => {
    const c = await cast();
    const item = await addItem(t, c.doctor.auth, { user_id: String(c.patient.user.id) });
    const edit = {
      data: '2025-03-11',
      valor: null,
      medico_id: null,
      medico_name: null,
      descricao: 'Receita',
    };
    const res = await call(t, 'PUT', `/api/timeline/item/${item.id}`, c.doctor.auth, edit);
    expect(res.json().timelineItem.pendente).toBe(false);
    expect((await pendentes(c.patient.auth)).total).toBe(0);
  });
});

describe('adding needs a lookup of the code in the last 24 hours', () => {
  it('answers 403 lookupRequired without one, for an unknown id too, and after 24 hours', async () => {
    const c = await cast();
    const fields = itemFields({ user_id: String(c.patient.user.id) });
    const blind = await postItem(t, c.stranger.auth, fields);
    expect([blind.statusCode, blind.json()]).toEqual([403, { message: M.lookupRequired }]);
    for (const id of [987_654, 99_999_999_999]) {
      const res = await postItem(t, c.stranger.auth, itemFields({ user_id: String(id) }));
      expect([res.statusCode, res.json()]).toEqual([403, { message: M.lookupRequired }]);
    }
    // Someone else's lookup does not count.
    await lookUpPatient(t, c.other.auth, c.patient.user.id);
    expect((await postItem(t, c.stranger.auth, fields)).statusCode).toBe(403);
    await lookUpPatient(t, c.stranger.auth, c.patient.user.id);
    expect((await postItem(t, c.stranger.auth, fields)).statusCode).toBe(201);
    const expired = new Date(Date.now() - (TARGET_LOOKUP_VALID_HOURS * 3600 + 60) * 1000);
    await t.database.db
      .update(code_access_logs)
      .set({ created_at: expired })
      .where(eq(code_access_logs.user_id, c.patient.user.id));
    expect((await postItem(t, c.stranger.auth, fields)).statusCode).toBe(403);
  });

  it('answers 404 patientNotFound for an account closed since the lookup', async () => {
    const c = await cast();
    await lookUpPatient(t, c.stranger.auth, c.patient.user.id);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, c.patient.user.id));
    const res = await postItem(t, c.stranger.auth, itemFields({ user_id: String(c.patient.user.id) }));
    expect([res.statusCode, res.json()]).toEqual([404, { message: M.patientNotFound }]);
  });
});

describe('at most 10 records per adder, patient and day', () => {
  it('answers 429 dailyLimit past 10; other adders and other patients are unaffected', async () => {
    const c = await cast();
    const to = String(c.patient.user.id);
    await lookUpPatient(t, c.stranger.auth, c.patient.user.id);
    for (let i = 0; i < TIMELINE_ADD_DAILY_MAX; i++) {
      expect((await postItem(t, c.stranger.auth, itemFields({ user_id: to }))).statusCode).toBe(201);
    }
    const refused = await postItem(t, c.stranger.auth, itemFields({ user_id: to }));
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: M.dailyLimit }]);
    expect((await pendentes(c.patient.auth)).total).toBe(TIMELINE_ADD_DAILY_MAX);
    // Another adder, another patient, and the patient's own records are counted apart.
    await addItem(t, c.doctor.auth, { user_id: to });
    await addItem(t, c.stranger.auth, { user_id: String(c.other.user.id) });
    expect((await postItem(t, c.patient.auth, itemFields())).statusCode).toBe(201);
  });

  it('counts additions, not records: deleting or refusing gives no place back; yesterday does not count', async () => {
    const c = await cast();
    const to = String(c.patient.user.id);
    const yesterday = new Date(`${todayInSaoPaulo()}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    await t.database.db.insert(timeline_daily_adds).values({
      user_id: c.patient.user.id,
      terceiro_id: c.stranger.user.id,
      dia: yesterday.toISOString().slice(0, 10),
      total: TIMELINE_ADD_DAILY_MAX,
    });
    const ids: number[] = [];
    for (let i = 0; i < TIMELINE_ADD_DAILY_MAX; i++)
      ids.push((await addItem(t, c.stranger.auth, { user_id: to })).id);
    await call(t, 'DELETE', `/api/timeline/item/${ids[0]}`, c.stranger.auth);
    await recusar(ids[1] as number, c.patient.auth);
    expect((await postItem(t, c.stranger.auth, itemFields({ user_id: to }))).statusCode).toBe(429);
  });

  it('holds against 30 requests at once (the attack): exactly 10 land', async () => {
    const c = await cast();
    await lookUpPatient(t, c.stranger.auth, c.patient.user.id);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postItem(
          t,
          c.stranger.auth,
          itemFields({ user_id: String(c.patient.user.id), descricao: `Exame falso ${i}: HIV positivo` }),
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(TIMELINE_ADD_DAILY_MAX);
    expect(codes.filter((s) => s === 429)).toHaveLength(30 - TIMELINE_ADD_DAILY_MAX);
    const rows = await t.database.db
      .select()
      .from(timeline_items)
      .where(
        and(
          eq(timeline_items.user_id, c.patient.user.id),
          eq(timeline_items.terceiro_id, c.stranger.user.id),
        ),
      );
    expect(rows).toHaveLength(TIMELINE_ADD_DAILY_MAX);
    expect(rows.every((r) => r.pendente)).toBe(true);
    const view = (await codeView(c.patient.user.code, c.ownDoctor.auth)).json();
    expect(JSON.stringify(view)).not.toContain('HIV');
  });
});

describe('the patient is told of every record someone else adds', () => {
  it('in the app (timeline.added to user.{patient}) and by Web Push without health data, for T and M', async () => {
    const c = await cast();
    const emit = vi.spyOn(t.app.ctx.realtime, 'emit');
    const push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });
    const byStranger = await strangerRecord(c);
    const byDoctor = await addItem(t, c.doctor.auth, { user_id: String(c.patient.user.id) });
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(2));
    expect(emit.mock.calls).toEqual([
      [
        [`user.${c.patient.user.id}`],
        'timeline.added',
        { timeline_item_id: byStranger.id, created_by: 'T', pendente: true },
      ],
      [
        [`user.${c.patient.user.id}`],
        'timeline.added',
        { timeline_item_id: byDoctor.id, created_by: 'M', pendente: false },
      ],
    ]);
    expect(push.mock.calls.map(([userId, payload]) => [userId, payload])).toEqual([
      [c.patient.user.id, { title: TIMELINE_PUSH.title, body: TIMELINE_PUSH.pendente, url: '/timeline' }],
      [c.patient.user.id, { title: TIMELINE_PUSH.title, body: TIMELINE_PUSH.medico, url: '/timeline' }],
    ]);
    expect(JSON.stringify(push.mock.calls)).not.toContain('HIV');
  });

  it('is not told of their own records, nor of a refused addition', async () => {
    const c = await cast();
    const emit = vi.spyOn(t.app.ctx.realtime, 'emit');
    const push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });
    await addItem(t, c.patient.auth);
    expect(
      (await postItem(t, c.stranger.auth, itemFields({ user_id: String(c.patient.user.id) }))).statusCode,
    ).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emit).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });
});

describe('the public view of a closed timeline', () => {
  it('still answers the denied message when the timeline is off, pending records or not', async () => {
    const c = await cast();
    await strangerRecord(c);
    await t.database.db
      .update(users)
      .set({ permissoes_timeline: false })
      .where(eq(users.id, c.patient.user.id));
    const res = await call(t, 'GET', `/api/code/${c.patient.user.code}/timeline/0`, c.stranger.auth);
    expect([res.statusCode, res.json()]).toEqual([403, { message: PERMISSOES_MESSAGES.denied }]);
  });
});
