import { PERMISSOES_MESSAGES, VIEWER_KINDS, type ViewerKind } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  code_access_logs,
  doencas,
  medicos,
  user_doencas,
  users,
  virgin_codes,
} from '../../db/schema/index.ts';
import { createPatient, createProfissional, createTimelineItem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createAtendimento, createDoctor } from '../../test/telemedicina-factories.ts';

/**
 * docs/authorization.md "Who sees what through the code" through
 * `GET /api/code/:code`: four levels × five kinds of viewer × timeline
 * on/off, asserted on the JSON the server sends (what may not be read is
 * absent, not hidden).
 */
let t: TestApp;
type Auth = { authorization: string } | undefined;
let patient: Awaited<ReturnType<typeof createPatient>>;
const viewers = {} as Record<ViewerKind, Auth>;

const ALERGIA = 'Penicilina e dipirona';
const MEDICAMENTO = 'Losartana 50 mg';
const ADICIONAL = 'Usa aparelho auditivo';
const MEDICO_LIVRE = 'Dra. Helena Prado';
const TIMELINE_TEXT = 'Ecocardiograma sem alterações';
const DOENCA = 'Diabetes';
const RUA = 'Rua das Acácias, 77';
const BAIRRO = 'Jardim Botânico';
const APTO = 'Apto 42';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CODE_PER_MINUTE: '10000' });
  patient = await createPatient(t.app);
  const db = t.database.db;
  await db
    .update(users)
    .set({
      alergias: ALERGIA,
      medicamentos: MEDICAMENTO,
      adicional: ADICIONAL,
      medico_name: MEDICO_LIVRE,
      convenio_empresa: 'Unimed',
      sus: '700000000000005',
      sangue: 1,
      endereco: RUA,
      bairro: BAIRRO,
      complemento: APTO,
    })
    .where(eq(users.id, patient.user.id));
  const [diabetes] = await db.select().from(doencas).where(eq(doencas.nome, DOENCA));
  await db.insert(user_doencas).values({ user_id: patient.user.id, doenca_id: diabetes?.id as number });
  await createTimelineItem(db, patient.user.id, { descricao: TIMELINE_TEXT });

  const ownDoctor = await createDoctor(t);
  await createAtendimento(db, patient.user.id, ownDoctor.medicoId, 'A');
  const anyDoctor = await createDoctor(t);
  const other = await createPatient(t.app);
  viewers.guest = undefined;
  viewers.self = patient.auth;
  viewers.own_doctor = ownDoctor.auth;
  viewers.health_professional = anyDoctor.auth;
  viewers.other_user = other.auth;
});
afterAll(async () => {
  await t.close();
});

async function setPermissoes(saude: number, timeline: boolean) {
  await t.database.db
    .update(users)
    .set({ permissoes_saude: saude, permissoes_timeline: timeline })
    .where(eq(users.id, patient.user.id));
}

async function open(headers: Auth, code = patient.user.code) {
  const res = await t.app.inject({ url: `/api/code/${code}`, headers });
  expect(res.statusCode).toBe(200);
  return res;
}

// The expected table, written out from the ruling (not computed with the rule under test):
// [saude level, timeline switch, viewer] → [My Health served, Timeline served].
const S = true;
const _ = false;
const MATRIX: [number, boolean, ViewerKind, boolean, boolean][] = [
  [1, false, 'guest', _, _],
  [1, false, 'self', S, S],
  [1, false, 'own_doctor', _, _],
  [1, false, 'health_professional', _, _],
  [1, false, 'other_user', _, _],
  [1, true, 'guest', _, _],
  [1, true, 'self', S, S],
  [1, true, 'own_doctor', _, _],
  [1, true, 'health_professional', _, _],
  [1, true, 'other_user', _, _],
  [2, false, 'guest', _, _],
  [2, false, 'self', S, S],
  [2, false, 'own_doctor', S, _],
  [2, false, 'health_professional', _, _],
  [2, false, 'other_user', _, _],
  [2, true, 'guest', _, _],
  [2, true, 'self', S, S],
  [2, true, 'own_doctor', S, S],
  [2, true, 'health_professional', _, _],
  [2, true, 'other_user', _, _],
  [3, false, 'guest', _, _],
  [3, false, 'self', S, S],
  [3, false, 'own_doctor', S, _],
  [3, false, 'health_professional', S, _],
  [3, false, 'other_user', _, _],
  [3, true, 'guest', _, _],
  [3, true, 'self', S, S],
  [3, true, 'own_doctor', S, S],
  [3, true, 'health_professional', S, S],
  [3, true, 'other_user', _, _],
  [4, false, 'guest', S, _],
  [4, false, 'self', S, S],
  [4, false, 'own_doctor', S, _],
  [4, false, 'health_professional', S, _],
  [4, false, 'other_user', S, _],
  [4, true, 'guest', S, S],
  [4, true, 'self', S, S],
  [4, true, 'own_doctor', S, S],
  [4, true, 'health_professional', S, S],
  [4, true, 'other_user', S, S],
];

describe('GET /api/code/:code — who sees what', () => {
  it.each(MATRIX)(
    'level %i, timeline %s, %s → My Health %s, Timeline %s',
    async (level, timeline, viewer, saude, tl) => {
      await setPermissoes(level, timeline);
      const res = await open(viewers[viewer]);
      const body = res.json();
      expect(body.acesso).toEqual({ saude, timeline: tl, endereco: false, emergencia_saude: false });
      // The Emergency tab is always there; the street address only when the patient turns it on.
      expect(body.user.geral.sangue).toBe(1);
      for (const key of ['endereco', 'bairro', 'complemento'])
        expect(body.user.geral).not.toHaveProperty(key);
      for (const secret of [RUA, BAIRRO, APTO]) expect(res.body).not.toContain(secret);
      if (saude) {
        expect(body.user.saude).toMatchObject({
          alergias: ALERGIA,
          medicamentos: MEDICAMENTO,
          sus: '700000000000005',
        });
        expect(body.user.hospitalar).toMatchObject({ medico_name: MEDICO_LIVRE, convenio_empresa: 'Unimed' });
        expect(body.user.outras).toEqual({ doador: null, adicional: ADICIONAL });
        expect(body.user.doencas).toEqual([{ id: expect.any(Number), nome: DOENCA }]);
        // A viewer who reads My Health has the Emergency tab's strip too, as before the switch.
        expect(body.user.alerta).toEqual({ alergias: ALERGIA, medicamentos: MEDICAMENTO, doencas: [DOENCA] });
      } else {
        for (const key of ['saude', 'hospitalar', 'doencas', 'alerta'])
          expect(body.user).not.toHaveProperty(key);
        expect(body.user.outras).toEqual({ doador: null });
        for (const secret of [
          ALERGIA,
          MEDICAMENTO,
          ADICIONAL,
          MEDICO_LIVRE,
          'Unimed',
          DOENCA,
          '700000000000005',
        ]) {
          expect(res.body).not.toContain(secret);
        }
      }
      if (tl) {
        expect(body.total).toBe(1);
        expect(body.timelineItems).toEqual([
          expect.objectContaining({
            tipo: 1,
            data: '2026-10-01',
            descricao: TIMELINE_TEXT,
            created_by: null,
          }),
        ]);
      } else {
        expect(body).not.toHaveProperty('timelineItems');
        expect(body).not.toHaveProperty('total');
        expect(res.body).not.toContain(TIMELINE_TEXT);
      }
      const [log] = await t.database.db
        .select({ viewer_kind: code_access_logs.viewer_kind, tabs: code_access_logs.tabs })
        .from(code_access_logs)
        .orderBy(code_access_logs.id)
        .limit(1)
        .offset((await t.database.db.$count(code_access_logs)) - 1);
      expect(log).toEqual({
        viewer_kind: viewer,
        tabs: ['emergencia', saude && 'emergencia_saude', saude && 'saude', tl && 'timeline']
          .filter(Boolean)
          .join(','),
      });
    },
  );
});

describe("the Emergency tab's switches: address and allergies strip, the same for every viewer", () => {
  async function setSwitches(endereco: boolean, emergencia_saude: boolean) {
    await t.database.db
      .update(users)
      .set({
        permissoes_saude: 1,
        permissoes_endereco: endereco,
        permissoes_emergencia_saude: emergencia_saude,
      })
      .where(eq(users.id, patient.user.id));
  }
  async function lastLogTabs() {
    const [log] = await t.database.db
      .select({ tabs: code_access_logs.tabs })
      .from(code_access_logs)
      .orderBy(code_access_logs.id)
      .offset((await t.database.db.$count(code_access_logs)) - 1);
    return log?.tabs;
  }

  it.each(VIEWER_KINDS)(
    '%s: the street address with the switch on, the city alone with it off',
    async (viewer) => {
      await setSwitches(true, false);
      const on = await open(viewers[viewer]);
      expect(on.json().user.geral).toMatchObject({ endereco: RUA, bairro: BAIRRO, complemento: APTO });
      expect(on.json().acesso.endereco).toBe(true);
      expect(await lastLogTabs()).toMatch(/^emergencia,endereco(,|$)/);
      await setSwitches(false, false);
      const off = await open(viewers[viewer]);
      expect(off.json().user.geral.cidade).toEqual(on.json().user.geral.cidade);
      for (const secret of [RUA, BAIRRO, APTO]) expect(off.body).not.toContain(secret);
      expect(await lastLogTabs()).not.toContain('endereco');
    },
  );

  it.each(['guest', 'health_professional', 'other_user'] as const)(
    "%s at level 1 ('only me') reads allergies, medications and conditions with the strip's switch on, and nothing else of My Health",
    async (viewer) => {
      await setSwitches(false, true);
      const on = await open(viewers[viewer]);
      const body = on.json();
      expect(body.user.alerta).toEqual({ alergias: ALERGIA, medicamentos: MEDICAMENTO, doencas: [DOENCA] });
      expect(body.acesso).toEqual({ saude: false, timeline: false, endereco: false, emergencia_saude: true });
      for (const key of ['saude', 'hospitalar', 'doencas']) expect(body.user).not.toHaveProperty(key);
      for (const secret of [ADICIONAL, MEDICO_LIVRE, 'Unimed', '700000000000005', TIMELINE_TEXT]) {
        expect(on.body).not.toContain(secret);
      }
      expect(await lastLogTabs()).toBe('emergencia,emergencia_saude');
      await setSwitches(false, false);
      const off = await open(viewers[viewer]);
      expect(off.json().user).not.toHaveProperty('alerta');
      for (const secret of [ALERGIA, MEDICAMENTO, DOENCA]) expect(off.body).not.toContain(secret);
      expect(await lastLogTabs()).toBe('emergencia');
    },
  );
});

describe('classification of doctors and emergency professionals', () => {
  async function kindOf(auth: Auth, setup?: () => Promise<void>) {
    await setup?.();
    await open(auth);
    const [log] = await t.database.db
      .select({ kind: code_access_logs.viewer_kind })
      .from(code_access_logs)
      .orderBy(code_access_logs.id)
      .offset((await t.database.db.$count(code_access_logs)) - 1);
    return log?.kind;
  }

  it.each(['A', 'E', 'ET'])(
    'a doctor with a care session in %s is one of the patient’s doctors',
    async (status) => {
      const doctor = await createDoctor(t);
      await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, status);
      expect(await kindOf(doctor.auth)).toBe('own_doctor');
    },
  );

  it.each(['P', 'R'])(
    'a session only %s (pending or refused) does not make a doctor theirs',
    async (status) => {
      const doctor = await createDoctor(t);
      await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, status);
      expect(await kindOf(doctor.auth)).toBe('health_professional');
    },
  );

  it('the doctor chosen in hospitalar.medico_id is one of theirs', async () => {
    const doctor = await createDoctor(t);
    await t.database.db
      .update(users)
      .set({ medico_id: doctor.medicoId })
      .where(eq(users.id, patient.user.id));
    try {
      expect(await kindOf(doctor.auth)).toBe('own_doctor');
    } finally {
      await t.database.db.update(users).set({ medico_id: null }).where(eq(users.id, patient.user.id));
    }
  });

  it('a session with another patient does not make a doctor this patient’s', async () => {
    const doctor = await createDoctor(t);
    const someoneElse = await createPatient(t.app);
    await createAtendimento(t.database.db, someoneElse.user.id, doctor.medicoId, 'A');
    expect(await kindOf(doctor.auth)).toBe('health_professional');
  });

  it('a suspended doctor counts as no doctor, even with a session', async () => {
    const doctor = await createDoctor(t, { suspended: true });
    await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, 'A');
    expect(await kindOf(doctor.auth)).toBe('other_user');
    await setPermissoes(3, true);
    expect((await open(doctor.auth)).json().acesso).toMatchObject({ saude: false, timeline: false });
  });

  it('a verified emergency professional (M, B or S) counts for level 3; a pending or rejected one does not', async () => {
    for (const tipo of ['M', 'B', 'S']) {
      const p = await createPatient(t.app);
      await createProfissional(t.database.db, p.user.id, { tipo, status: 'verificado' });
      expect(await kindOf(p.auth), tipo).toBe('health_professional');
    }
    for (const status of ['pendente', 'rejeitado']) {
      const p = await createPatient(t.app);
      await createProfissional(t.database.db, p.user.id, { status });
      expect(await kindOf(p.auth), status).toBe('other_user');
    }
  });

  it('a doctor whose account is the patient’s own is still the patient', async () => {
    const self = await createDoctor(t, { account: await createPatient(t.app) });
    const res = await t.app.inject({ url: `/api/code/${self.user.code}`, headers: self.auth });
    expect(res.json().acesso).toMatchObject({ saude: true, timeline: true });
    const [row] = await t.database.db.select().from(medicos).where(eq(medicos.id, self.medicoId));
    expect(row?.user_id).toBe(self.user.id);
  });
});

describe('the Timeline tab', () => {
  it('serves items newest first with the author line data, 20 at a time, and the next pages', async () => {
    const other = await createPatient(t.app);
    const db = t.database.db;
    const doctor = await createDoctor(t, { name: 'Carlos Mendes' });
    await createTimelineItem(db, other.user.id, { data: '2026-01-01', descricao: 'Mais antigo' });
    for (let day = 1; day <= 23; day++) {
      await createTimelineItem(db, other.user.id, {
        data: `2026-03-${String(day).padStart(2, '0')}`,
        descricao: `Registro ${day}`,
      });
    }
    await createTimelineItem(db, other.user.id, {
      data: '2026-05-01',
      descricao: 'Receita de amoxicilina',
      tipo: 4,
      valor: '150.50',
      created_by: 'M',
      terceiro_id: doctor.user.id,
      medico_id: doctor.medicoId,
      medico_name: 'Carlos Mendes',
    });
    await db
      .update(users)
      .set({ permissoes_saude: 4, permissoes_timeline: true })
      .where(eq(users.id, other.user.id));

    const first = (await open(undefined, other.user.code)).json();
    expect(first.total).toBe(25);
    expect(first.timelineItems).toHaveLength(20);
    expect(first.timelineItems[0]).toEqual({
      id: expect.any(Number),
      tipo: 4,
      data: '2026-05-01',
      descricao: 'Receita de amoxicilina',
      valor: '150.50',
      medico_name: 'Carlos Mendes',
      created_by: 'M',
      terceiro: { name: 'Carlos Mendes' },
      local_dor: null,
      intensidade_dor: null,
    });
    expect(first.timelineItems[1].descricao).toBe('Registro 23');

    const next = await t.app.inject({ url: `/api/code/${other.user.code}/timeline/20` });
    expect(next.statusCode).toBe(200);
    expect(next.json().total).toBe(25);
    expect(next.json().timelineItems.map((i: { descricao: string }) => i.descricao)).toEqual([
      'Registro 4',
      'Registro 3',
      'Registro 2',
      'Registro 1',
      'Mais antigo',
    ]);
    expect(next.body).not.toContain('user_id');
    const beyond = await t.app.inject({ url: `/api/code/${other.user.code}/timeline/40` });
    expect(beyond.json()).toEqual({ timelineItems: [], total: 25 });
  });

  it('refuses the next pages with 403 when the viewer may not read the timeline', async () => {
    await setPermissoes(4, false);
    const res = await t.app.inject({ url: `/api/code/${patient.user.code}/timeline/0` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PERMISSOES_MESSAGES.denied });
    expect(res.body).not.toContain(TIMELINE_TEXT);
    await setPermissoes(2, true);
    const asOther = await t.app.inject({
      url: `/api/code/${patient.user.code}/timeline/0`,
      headers: viewers.other_user,
    });
    expect(asOther.statusCode).toBe(403);
    const asDoctor = await t.app.inject({
      url: `/api/code/${patient.user.code}/timeline/0`,
      headers: viewers.own_doctor,
    });
    expect(asDoctor.statusCode).toBe(200);
    expect(asDoctor.json().timelineItems[0].descricao).toBe(TIMELINE_TEXT);
  });

  it('answers an unknown, malformed, unclaimed or closed code exactly as a denied timeline, and logs neither', async () => {
    await setPermissoes(4, false);
    const denied = await t.app.inject({ url: `/api/code/${patient.user.code}/timeline/0` });
    expect(denied.statusCode).toBe(403);
    const closed = await createPatient(t.app);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, closed.user.id));
    await t.database.db.insert(virgin_codes).values({ code: '123AB456', batch: 'test' });
    const logs = await t.database.db.$count(code_access_logs);
    for (const code of ['999ZZ999', 'abc', '123AB456', closed.user.code]) {
      for (const headers of [undefined, viewers.other_user]) {
        const res = await t.app.inject({
          url: `/api/code/${code}/timeline/20`,
          ...(headers ? { headers } : {}),
        });
        expect([res.statusCode, res.json()], code).toEqual([denied.statusCode, denied.json()]);
        expect(res.headers['content-type']).toBe(denied.headers['content-type']);
      }
    }
    expect(await t.database.db.$count(code_access_logs)).toBe(logs);
  });

  it('answers 422 for a bad offset', async () => {
    for (const offset of ['-1', 'x', '1.5']) {
      const res = await t.app.inject({ url: `/api/code/${patient.user.code}/timeline/${offset}` });
      expect(res.statusCode, offset).toBe(422);
    }
  });
});
