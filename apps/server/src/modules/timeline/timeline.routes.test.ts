import {
  TARGET_LOOKUP_VALID_HOURS,
  TIMELINE_MESSAGES,
  type TimelineItemView,
  type TimelinePage,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app.ts';
import { code_access_logs, medicos, timeline_items, users } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import {
  type Auth,
  addItem,
  call,
  endTrial,
  insertItem,
  itemFields,
  lookUpPatient,
  makeCorporate,
  type Patient,
  postItem,
} from './timeline.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const M = TIMELINE_MESSAGES;
const NOT_FOUND = { message: M.notFound };
const LOCKED = { message: M.locked };
const UNAUTHENTICATED = { message: UNAUTHENTICATED_MESSAGE };

const getItem = (id: number | string, auth: Auth) => call(t, 'GET', `/api/timeline/item/${id}`, auth);
const putItem = (id: number, auth: Auth, payload: object) =>
  call(t, 'PUT', `/api/timeline/item/${id}`, auth, payload);
const deleteItem = (id: number, auth: Auth) => call(t, 'DELETE', `/api/timeline/item/${id}`, auth);
const listAll = async (p: Patient): Promise<TimelinePage> => {
  const res = await call(t, 'GET', '/api/timeline/items/all/all', p.auth);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const EDIT = {
  data: '2025-04-02',
  valor: '99.90',
  medico_id: null,
  medico_name: 'Dr. Paulo Lima',
  descricao: 'Retorno com exames',
};

/** A patient, another patient, a doctor with no link to the patient, and a record of the patient. */
async function cast() {
  const owner = await createPatient(t.app, { name: 'Beatriz Moura' });
  const other = await createPatient(t.app, { name: 'Carlos Nunes' });
  const doctor = await createDoctor(t, { name: 'Helena Prado' });
  const item = await addItem(t, owner.auth);
  return { owner, other, doctor, item };
}

async function rowOf(id: number) {
  const [row] = await t.database.db.select().from(timeline_items).where(eq(timeline_items.id, id));
  return row;
}

describe('POST /api/timeline/item', () => {
  it('answers 401 to a guest, before reading the body', async () => {
    const res = await postItem(t, undefined, itemFields());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    expect(await t.database.db.select().from(timeline_items)).toHaveLength(0);
  });

  it("adds the caller's own record: 201 'Adicionado com sucesso!', valor in reais, busca written", async () => {
    const p = await createPatient(t.app);
    const res = await postItem(t, p.auth, itemFields());
    expect(res.statusCode).toBe(201);
    const body = res.json() as { message: string; timelineItem: TimelineItemView };
    expect(body.message).toBe(M.added);
    expect(body.timelineItem).toEqual({
      id: expect.any(Number),
      tipo: 1,
      data: '2025-03-10',
      descricao: 'Consulta com cardiologista',
      valor: '1234.56',
      medico_id: null,
      medico_name: 'Dra. Ana Souza',
      anexos: [],
      created_by: null,
      terceiro: null,
      atendimento_id: null,
      local_dor: null,
      intensidade_dor: null,
      pendente: false,
    });
    const row = await rowOf(body.timelineItem.id);
    expect(row).toMatchObject({ user_id: p.user.id, created_by: null, terceiro_id: null });
    expect(row?.busca).toBe('consulta consulta com cardiologista dra. ana souza');
  });

  it('takes dd/mm/aaaa dates, the cleaned valor and a blank valor as null', async () => {
    const p = await createPatient(t.app);
    const a = await addItem(t, p.auth, { data: '05/02/2024', valor: '150.5' });
    expect(a).toMatchObject({ data: '2024-02-05', valor: '150.50' });
    const b = await addItem(t, p.auth, { valor: '' });
    expect(b.valor).toBeNull();
  });

  it.each([
    ['tipo', { tipo: undefined }, M.tipo],
    ['tipo', { tipo: '6' }, M.tipo],
    ['tipo', { tipo: '9' }, M.tipo],
    ['tipo', { tipo: 'consulta' }, M.tipo],
    ['data', { data: undefined }, M.data],
    ['data', { data: '31/02/2024' }, M.data],
    ['data', { data: '2999-01-01' }, M.dataFutura],
    ['descricao', { descricao: '   ' }, M.descricao],
    ['descricao', { descricao: 'x'.repeat(5001) }, 'Use no máximo 5000 caracteres'],
    ['valor', { valor: 'dez reais' }, M.valor],
    ['valor', { valor: '-5' }, M.valor],
    ['valor', { valor: '12.345' }, M.valor],
    ['medico_id', { medico_id: 'abc' }, M.medico_id],
    ['medico_name', { medico_name: 'x'.repeat(256) }, 'Use no máximo 255 caracteres'],
  ])('answers 422 errors.%s for %j', async (field, overrides, message) => {
    const p = await createPatient(t.app);
    const res = await postItem(t, p.auth, itemFields(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await t.database.db.select().from(timeline_items)).toHaveLength(0);
  });

  it('fills medico_name from a listed doctor and refuses unknown, suspended or closed doctors (422 medico_id)', async () => {
    const p = await createPatient(t.app);
    const listed = await createDoctor(t, { name: 'Renata Campos' });
    const suspended = await createDoctor(t, { name: 'Otávio Reis', suspended: true });
    const closed = await createDoctor(t, { name: 'Sílvia Dantas' });
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, closed.user.id));

    const ok = await addItem(t, p.auth, { medico_id: String(listed.medicoId), medico_name: 'Outro nome' });
    expect(ok).toMatchObject({ medico_id: listed.medicoId, medico_name: 'Renata Campos' });
    expect((await rowOf(ok.id))?.busca).toContain('renata campos');

    for (const id of [suspended.medicoId, closed.medicoId, 999_999, 99_999_999_999]) {
      const res = await postItem(t, p.auth, itemFields({ medico_id: String(id) }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: M.medico_id, errors: { medico_id: [M.medico_id] } });
    }
  });

  it('stores a pain record (type 8) with valor 0, the location and the level; both are required', async () => {
    const p = await createPatient(t.app);
    const pain = await addItem(t, p.auth, {
      tipo: '8',
      valor: '0',
      medico_name: null,
      local_dor: 'Cabeça',
      intensidade_dor: 'Alta',
      descricao: 'Dor latejante',
    });
    expect(pain).toMatchObject({ tipo: 8, valor: '0.00', local_dor: 'Cabeça', intensidade_dor: 'Alta' });
    expect((await rowOf(pain.id))?.busca).toBe('registro de dor dor latejante cabeca');

    const missing = await postItem(t, p.auth, itemFields({ tipo: '8', valor: '0' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ local_dor: [M.local_dor], intensidade_dor: [M.intensidade_dor] });
    const wrong = await postItem(
      t,
      p.auth,
      itemFields({ tipo: '8', local_dor: 'Cotovelo', intensidade_dor: 'Extrema' }),
    );
    expect(wrong.json().errors).toEqual({ local_dor: [M.local_dor], intensidade_dor: [M.intensidade_dor] });
  });

  it('ignores a pain location sent with another type', async () => {
    const p = await createPatient(t.app);
    const item = await addItem(t, p.auth, { local_dor: 'Cabeça', intensidade_dor: 'Alta' });
    expect(item).toMatchObject({ local_dor: null, intensidade_dor: null });
  });

  it("adds to another patient's timeline as T (third party), pending the patient's approval", async () => {
    const patient = await createPatient(t.app, { name: 'Beatriz Moura' });
    const adder = await createPatient(t.app, { name: 'Joana Freitas' });
    expect((await lookUpPatient(t, adder.auth, patient.user.id)).statusCode).toBe(200);
    const res = await postItem(t, adder.auth, itemFields({ user_id: String(patient.user.id) }));
    expect(res.statusCode).toBe(201);
    const { message, timelineItem } = res.json() as { message: string; timelineItem: TimelineItemView };
    expect(message).toBe(M.addedPending);
    expect(timelineItem).toMatchObject({
      created_by: 'T',
      terceiro: { name: 'Joana Freitas' },
      pendente: true,
    });
    expect(await rowOf(timelineItem.id)).toMatchObject({
      user_id: patient.user.id,
      terceiro_id: adder.user.id,
    });

    // Out of the patient's timeline until accepted: in their pending list (timeline.terceiros.test.ts).
    expect((await listAll(patient)).total).toBe(0);
    const pending = await call(t, 'GET', '/api/timeline/pendentes', patient.auth);
    expect(
      pending.json().timelineItems.map((i: TimelineItemView) => [i.id, i.created_by, i.terceiro]),
    ).toEqual([[timelineItem.id, 'T', { name: 'Joana Freitas' }]]);
    // Nothing lands on the adder's own timeline.
    expect((await listAll(adder)).total).toBe(0);
  });

  it('marks a record added by a doctor account M (straight in), and by a suspended doctor T', async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t, { name: 'Helena Prado' });
    const byDoctor = await addItem(t, doctor.auth, { user_id: String(patient.user.id) });
    expect(byDoctor).toMatchObject({ created_by: 'M', terceiro: { name: 'Helena Prado' }, pendente: false });
    expect((await listAll(patient)).total).toBe(1);

    await t.database.db
      .update(medicos)
      .set({ suspended_at: new Date() })
      .where(eq(medicos.id, doctor.medicoId));
    const bySuspended = await addItem(t, doctor.auth, { user_id: String(patient.user.id) });
    expect(bySuspended.created_by).toBe('T');
  });

  it("adds to another patient's timeline only after looking up their code (an id alone: 403)", async () => {
    const patient = await createPatient(t.app);
    const adder = await createPatient(t.app);
    const fields = itemFields({ user_id: String(patient.user.id) });
    const blind = await postItem(t, adder.auth, fields);
    expect(blind.statusCode).toBe(403);
    expect(blind.json()).toEqual({ message: M.lookupRequired });

    // Someone else's lookup does not count; the caller's own does.
    await lookUpPatient(t, (await createPatient(t.app)).auth, patient.user.id);
    expect((await postItem(t, adder.auth, fields)).statusCode).toBe(403);
    await lookUpPatient(t, adder.auth, patient.user.id);
    expect((await postItem(t, adder.auth, fields)).statusCode).toBe(201);

    // A lookup older than TARGET_LOOKUP_VALID_HOURS no longer does.
    const expired = new Date(Date.now() - (TARGET_LOOKUP_VALID_HOURS * 3600 + 60) * 1000);
    await t.database.db.update(code_access_logs).set({ created_at: expired });
    expect((await postItem(t, adder.auth, fields)).statusCode).toBe(403);
    expect(await t.database.db.select().from(timeline_items)).toHaveLength(1);
  });

  it('counts opening the /code page signed in as holding the code', async () => {
    const patient = await createPatient(t.app);
    const adder = await createPatient(t.app);
    expect((await call(t, 'GET', `/api/code/${patient.user.code}`, adder.auth)).statusCode).toBe(200);
    const res = await postItem(t, adder.auth, itemFields({ user_id: String(patient.user.id) }));
    expect(res.statusCode).toBe(201);
  });

  it("takes the caller's own user_id as their own record (created_by null)", async () => {
    const p = await createPatient(t.app);
    const res = await postItem(t, p.auth, itemFields({ user_id: String(p.user.id) }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: M.added,
      timelineItem: { created_by: null, terceiro: null },
    });
  });

  it('answers 403 lookupRequired for an unknown or closed patient never looked up, 404 for one closed since', async () => {
    const adder = await createPatient(t.app);
    const closed = await createPatient(t.app);
    const closedSince = await createPatient(t.app);
    await lookUpPatient(t, adder.auth, closedSince.user.id);
    await t.database.db
      .update(users)
      .set({ is_active: false })
      .where(inArray(users.id, [closed.user.id, closedSince.user.id]));
    for (const id of [closed.user.id, 987_654, 99_999_999_999]) {
      const res = await postItem(t, adder.auth, itemFields({ user_id: String(id) }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: M.lookupRequired });
    }
    const res = await postItem(t, adder.auth, itemFields({ user_id: String(closedSince.user.id) }));
    expect([res.statusCode, res.json()]).toEqual([404, { message: M.patientNotFound }]);
    expect(await t.database.db.select().from(timeline_items)).toHaveLength(0);
  });

  it("answers 403 locked once the caller's trial ended, for their own and for another patient's timeline", async () => {
    const locked = await createPatient(t.app);
    const patient = await createPatient(t.app);
    await endTrial(t.database.db, locked.user.id);
    await lookUpPatient(t, locked.auth, patient.user.id);
    for (const fields of [itemFields(), itemFields({ user_id: String(patient.user.id) })]) {
      const res = await postItem(t, locked.auth, fields);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(LOCKED);
    }
    // Even an invalid body is refused for the lock first: nothing is read.
    expect((await postItem(t, locked.auth, {})).statusCode).toBe(403);
    expect(await t.database.db.select().from(timeline_items)).toHaveLength(0);
  });

  it("gates on the adder's lock only: an unlocked adder writes to a locked patient's timeline", async () => {
    const patient = await createPatient(t.app);
    const adder = await createPatient(t.app);
    await endTrial(t.database.db, patient.user.id);
    const item = await addItem(t, adder.auth, { user_id: String(patient.user.id) });
    expect(item.created_by).toBe('T');
  });

  it('does not lock a corporate account after the trial', async () => {
    const p = await createPatient(t.app);
    await endTrial(t.database.db, p.user.id);
    await makeCorporate(t.database.db, p.user.id);
    expect((await postItem(t, p.auth, itemFields())).statusCode).toBe(201);
  });
});

describe('GET /api/timeline/item/:id', () => {
  it('answers the owner {user, timelineItem, role: owner}, user being the caller', async () => {
    const { owner, item } = await cast();
    const res = await getItem(item.id, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ id: owner.user.id }),
      timelineItem: item,
      role: 'owner',
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 401 to a guest and 404 to another patient and to an unrelated doctor', async () => {
    const { other, doctor, item } = await cast();
    const guest = await getItem(item.id, undefined);
    expect(guest.statusCode).toBe(401);
    for (const auth of [other.auth, doctor.auth]) {
      const res = await getItem(item.id, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    const p = await createPatient(t.app);
    expect((await getItem(424_242, p.auth)).statusCode).toBe(404);
    expect((await getItem('abc', p.auth)).statusCode).toBe(422);
    expect((await getItem('99999999999', p.auth)).statusCode).toBe(422);
  });

  it('lets the author read what they added and nothing else of that timeline', async () => {
    const { owner, doctor, item: ownRecord } = await cast();
    const added = await addItem(t, doctor.auth, { user_id: String(owner.user.id) });
    const byOther = await addItem(t, (await createPatient(t.app)).auth, { user_id: String(owner.user.id) });

    const res = await getItem(added.id, doctor.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // `user` is the author's own view, never the patient's.
    expect(body.user.id).toBe(doctor.user.id);
    expect(body.timelineItem).toMatchObject({ id: added.id, created_by: 'M' });
    expect(body.role).toBe('author');
    // The patient reads the same record as its owner.
    expect((await getItem(added.id, owner.auth)).json().role).toBe('owner');

    for (const id of [ownRecord.id, byOther.id])
      expect((await getItem(id, doctor.auth)).statusCode).toBe(404);
    // The author's list is their own timeline: the record added elsewhere is not in it.
    expect((await listAll(doctor)).total).toBe(0);
  });

  it("hides from the author a record on a closed account's timeline", async () => {
    const { owner, doctor } = await cast();
    const added = await addItem(t, doctor.auth, { user_id: String(owner.user.id) });
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, owner.user.id));
    expect((await getItem(added.id, doctor.auth)).statusCode).toBe(404);
  });

  it('stays readable to a locked owner', async () => {
    const { owner, item } = await cast();
    await endTrial(t.database.db, owner.user.id);
    const res = await getItem(item.id, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ trialEnded: true, plano: null, empresarial: false });
  });
});

describe('PUT /api/timeline/item/:id', () => {
  it("replaces the owner's record: 200 'Atualizado com sucesso!', busca rewritten, type kept", async () => {
    const { owner, item } = await cast();
    const res = await putItem(item.id, owner.auth, EDIT);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: M.updated,
      timelineItem: {
        ...item,
        data: '2025-04-02',
        valor: '99.90',
        medico_id: null,
        medico_name: 'Dr. Paulo Lima',
        descricao: 'Retorno com exames',
      },
    });
    expect((await rowOf(item.id))?.busca).toBe('consulta retorno com exames dr. paulo lima');
  });

  it('fills the name of a chosen doctor and answers 422 for a doctor that cannot be chosen', async () => {
    const { owner, item } = await cast();
    const doctor = await createDoctor(t, { name: 'Renata Campos' });
    const ok = await putItem(item.id, owner.auth, { ...EDIT, medico_id: doctor.medicoId });
    expect(ok.json().timelineItem).toMatchObject({
      medico_id: doctor.medicoId,
      medico_name: 'Renata Campos',
    });
    const bad = await putItem(item.id, owner.auth, { ...EDIT, medico_id: 777_777 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ medico_id: [M.medico_id] });
  });

  it.each([
    ['data', { data: '' }, M.data],
    ['data', { data: '2999-12-31' }, M.dataFutura],
    ['valor', { valor: '1,2,3' }, M.valor],
    ['descricao', { descricao: '' }, M.descricao],
  ])('answers 422 errors.%s for %j', async (field, overrides, message) => {
    const { owner, item } = await cast();
    const res = await putItem(item.id, owner.auth, { ...EDIT, ...overrides });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect((await rowOf(item.id))?.descricao).toBe(item.descricao);
  });

  it('answers 401 to a guest and 404 to another patient and to an unrelated doctor', async () => {
    const { other, doctor, item } = await cast();
    expect((await putItem(item.id, undefined, EDIT)).statusCode).toBe(401);
    for (const auth of [other.auth, doctor.auth]) {
      const res = await putItem(item.id, auth, EDIT);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await rowOf(item.id))?.descricao).toBe(item.descricao);
  });

  it('lets only the author edit a record added by someone else (403 notAuthor to the owner)', async () => {
    const { owner, doctor } = await cast();
    const added = await addItem(t, doctor.auth, { user_id: String(owner.user.id) });
    const byOwner = await putItem(added.id, owner.auth, EDIT);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ message: M.notAuthor });
    const byAuthor = await putItem(added.id, doctor.auth, EDIT);
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json().timelineItem).toMatchObject({ descricao: EDIT.descricao, created_by: 'M' });
  });

  it('never edits a pain record (403 painImmutable), for the owner or the author', async () => {
    const { owner, doctor } = await cast();
    const pain = { tipo: '8', valor: '0', local_dor: 'Costas', intensidade_dor: 'Baixo' };
    const own = await addItem(t, owner.auth, pain);
    const added = await addItem(t, doctor.auth, { ...pain, user_id: String(owner.user.id) });
    for (const [id, auth] of [
      [own.id, owner.auth],
      [added.id, doctor.auth],
      [added.id, owner.auth],
    ] as const) {
      const res = await putItem(id, auth, EDIT);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: M.painImmutable });
    }
  });

  it('answers 403 locked after the trial, but not to a corporate account', async () => {
    const { owner, item } = await cast();
    await endTrial(t.database.db, owner.user.id);
    const res = await putItem(item.id, owner.auth, EDIT);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(LOCKED);
    await makeCorporate(t.database.db, owner.user.id);
    expect((await putItem(item.id, owner.auth, EDIT)).statusCode).toBe(200);
  });

  it('locks the author by their own trial when editing what they added', async () => {
    const { owner } = await cast();
    const adder = await createPatient(t.app);
    const added = await addItem(t, adder.auth, { user_id: String(owner.user.id) });
    await endTrial(t.database.db, adder.user.id);
    expect((await putItem(added.id, adder.auth, EDIT)).json()).toEqual(LOCKED);
  });
});

describe('DELETE /api/timeline/item/:id', () => {
  it("deletes the owner's record: 200 {message: 'Excluído com sucesso!', timelineItem: {id}}", async () => {
    const { owner, item } = await cast();
    const res = await deleteItem(item.id, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.deleted, timelineItem: { id: item.id } });
    expect(await rowOf(item.id)).toBeUndefined();
    expect((await getItem(item.id, owner.auth)).statusCode).toBe(404);
  });

  it('answers 401 to a guest and 404 to another patient and to an unrelated doctor', async () => {
    const { other, doctor, item } = await cast();
    expect((await deleteItem(item.id, undefined)).statusCode).toBe(401);
    for (const auth of [other.auth, doctor.auth]) {
      const res = await deleteItem(item.id, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await rowOf(item.id)).toBeDefined();
  });

  it('lets the patient delete a record someone else added, and the author delete theirs', async () => {
    const { owner, doctor } = await cast();
    const first = await addItem(t, doctor.auth, { user_id: String(owner.user.id) });
    const second = await addItem(t, doctor.auth, { user_id: String(owner.user.id) });
    expect((await deleteItem(first.id, owner.auth)).statusCode).toBe(200);
    expect((await deleteItem(second.id, doctor.auth)).statusCode).toBe(200);
    expect((await listAll(owner)).total).toBe(1);
  });

  it('refuses the author every other record of that timeline (404)', async () => {
    const { owner, doctor, item } = await cast();
    await addItem(t, doctor.auth, { user_id: String(owner.user.id) });
    expect((await deleteItem(item.id, doctor.auth)).statusCode).toBe(404);
  });

  it('never deletes a pain record (403 painImmutable)', async () => {
    const { owner, doctor } = await cast();
    const pain = { tipo: '8', valor: '0', local_dor: 'Joelho', intensidade_dor: 'Moderado' };
    const own = await addItem(t, owner.auth, pain);
    const added = await addItem(t, doctor.auth, { ...pain, user_id: String(owner.user.id) });
    for (const [id, auth] of [
      [own.id, owner.auth],
      [added.id, owner.auth],
      [added.id, doctor.auth],
    ] as const) {
      const res = await deleteItem(id, auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: M.painImmutable });
    }
    expect((await listAll(owner)).total).toBe(3);
  });

  it('is allowed to a locked owner (reading and deleting stay allowed)', async () => {
    const { owner, item } = await cast();
    await endTrial(t.database.db, owner.user.id);
    expect((await deleteItem(item.id, owner.auth)).statusCode).toBe(200);
  });
});

describe('GET /api/timeline/user/:code', () => {
  it('answers the minimal fields of the patient holding the code, in any spelling', async () => {
    const caller = await createPatient(t.app);
    const patient = await createPatient(t.app, { name: 'Beatriz Moura' });
    const code = patient.user.code;
    const spelled = `${code.slice(0, 3)} ${code.slice(3, 5)} ${code.slice(5)}`.toLowerCase();
    const res = await call(t, 'GET', `/api/timeline/user/${encodeURIComponent(spelled)}`, caller.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: patient.user.id, name: 'Beatriz Moura', avatar: null, code } });
  });

  it("writes the lookup to the patient's access log, with the caller and their kind", async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t, { name: 'Helena Prado' });
    expect((await lookUpPatient(t, doctor.auth, patient.user.id)).statusCode).toBe(200);
    const log = await call(t, 'GET', '/api/permissoes/acessos', patient.auth);
    expect(log.json().acessos).toMatchObject([
      { viewer: { name: 'Helena Prado', kind: 'health_professional' }, tabs: ['adicionar'] },
    ]);
  });

  it('answers 401 to a guest', async () => {
    const patient = await createPatient(t.app);
    expect((await call(t, 'GET', `/api/timeline/user/${patient.user.code}`, undefined)).statusCode).toBe(401);
  });

  it('answers 404 patientNotFound for a malformed, unknown or unclaimed code and a closed account', async () => {
    const caller = await createPatient(t.app);
    const closed = await createPatient(t.app);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, closed.user.id));
    for (const code of ['x', '000AA000', closed.user.code]) {
      const res = await call(t, 'GET', `/api/timeline/user/${code}`, caller.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: M.patientNotFound });
    }
  });

  it('draws from the per-IP code budget, where an unknown code costs 5 (429; docs/resilience.md)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CODE_PER_MINUTE: '6' });
    try {
      const caller = await createPatient(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await limited.app.inject({ url: '/api/timeline/user/000AA000', headers: caller.auth });
        statuses.push(res.statusCode);
      }
      // 5 units, then 6 (within the budget: 404, and 4 more), then 11: refused.
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('records added by others: nothing else leaks', () => {
  it("keeps the rest of the patient's timeline from the author on every route", async () => {
    const { owner, doctor, item } = await cast();
    await insertItem(t.database.db, owner.user.id, { descricao: 'Segredo do paciente' });
    const added = await addItem(t, doctor.auth, {
      user_id: String(owner.user.id),
      descricao: 'Anotação do médico',
    });

    // Their list, with or without a term, is their own (empty) timeline.
    for (const url of [
      '/api/timeline/items/all/all',
      '/api/timeline/items/M/all',
      `/api/timeline/items/all/${encodeURIComponent('segredo')}`,
      `/api/timeline/items/all/${encodeURIComponent('anotação')}`,
    ]) {
      const res = await call(t, 'GET', url, doctor.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ timelineItems: [], total: 0 });
    }
    expect((await getItem(item.id, doctor.auth)).statusCode).toBe(404);
    expect((await getItem(added.id, doctor.auth)).statusCode).toBe(200);
  });
});

describe('redactUrl', () => {
  it('masks the search term, the code of the patient lookup and the signature of a file URL', () => {
    expect(redactUrl('/api/timeline/items/all/hiv%20positivo/20')).toBe('/api/timeline/items/all/***/20');
    expect(redactUrl('/api/timeline/items/M/all')).toBe('/api/timeline/items/M/***');
    expect(redactUrl('/api/timeline/user/123AB456')).toBe('/api/timeline/user/***');
    expect(redactUrl('/api/timeline/anexo/5/1767225600/abcDEF')).toBe('/api/timeline/anexo/5/1767225600/***');
    expect(redactUrl('/api/timeline/item/5')).toBe('/api/timeline/item/5');
  });
});

describe('OpenAPI', () => {
  it('documents the timeline routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/timeline/items/{medico}/{search}',
        '/api/timeline/items/{medico}/{search}/{offset}',
        '/api/timeline/item',
        '/api/timeline/item/{id}',
        '/api/timeline/item/anexo',
        '/api/timeline/item/anexo/{id}',
        '/api/timeline/user/{code}',
        '/api/timeline/anexo/{id}/{expires}/{signature}',
      ]),
    );
  });
});
