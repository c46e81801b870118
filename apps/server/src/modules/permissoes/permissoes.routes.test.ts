import {
  ACESSOS_PAGE_SIZE,
  type AcessoView,
  DEFAULT_PERMISSOES,
  PERMISSOES_MESSAGES,
  type Permissoes,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { code_access_logs, users } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { ACESSOS_OFFSET_MESSAGE, REMOVED_ACCOUNT_NAME } from './permissoes.service.ts';

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

type Auth = { authorization: string } | undefined;
type Patient = Awaited<ReturnType<typeof createPatient>>;

const M = PERMISSOES_MESSAGES;
/** The Emergency tab's switches as a new account has them. */
const OFF = { endereco: false, emergencia_saude: false };
const headers = (auth: Auth) => (auth ? { headers: auth } : {});

const getPermissoes = (auth: Auth) => t.app.inject({ url: '/api/permissoes', ...headers(auth) });
const putSaude = (payload: unknown, auth: Auth) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/permissoes',
    payload: payload as Record<string, unknown>,
    ...headers(auth),
  });
const putTimeline = (payload: unknown, auth: Auth) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/permissoes/timeline',
    payload: payload as Record<string, unknown>,
    ...headers(auth),
  });
const putEmergencia = (payload: unknown, auth: Auth) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/permissoes/emergencia',
    payload: payload as Record<string, unknown>,
    ...headers(auth),
  });
const getAcessos = (auth: Auth, query = '') =>
  t.app.inject({ url: `/api/permissoes/acessos${query}`, ...headers(auth) });

/** The owner's permissions, read back through `GET /api/permissoes`. */
async function permissoesOf(p: Patient): Promise<Permissoes> {
  const res = await getPermissoes(p.auth);
  expect(res.statusCode).toBe(200);
  return res.json().permissoes;
}

/** Inserts an access-log row for `userId` straight into the table (the code lookup writes them in production). */
async function insertLog(
  userId: number,
  values: { viewer_id?: number | null; viewer_kind?: string; tabs?: string; created_at?: Date } = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(code_access_logs)
    .values({ user_id: userId, viewer_kind: 'guest', tabs: 'emergencia', ...values })
    .returning({ id: code_access_logs.id });
  if (!row) throw new Error('log not inserted');
  return row.id;
}

describe('authorisation', () => {
  const routes: [string, (auth: Auth) => ReturnType<typeof getPermissoes>][] = [
    ['GET /api/permissoes', (auth) => getPermissoes(auth)],
    ['PUT /api/permissoes', (auth) => putSaude({ saude: 4 }, auth)],
    ['PUT /api/permissoes/timeline', (auth) => putTimeline({ timeline: true }, auth)],
    ['PUT /api/permissoes/emergencia', (auth) => putEmergencia({ endereco: true }, auth)],
    ['GET /api/permissoes/acessos', (auth) => getAcessos(auth)],
  ];

  it('answers 401 on every route to a guest and to a made-up token', async () => {
    for (const [name, call] of routes) {
      for (const auth of [undefined, { authorization: 'Bearer nao-existe' }]) {
        const res = await call(auth);
        expect(res.statusCode, name).toBe(401);
        expect(res.json(), name).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      }
    }
  });

  it("lets another patient and an unrelated doctor read and change only their own, never the owner's", async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const doctor = await createDoctor(t);
    await insertLog(owner.user.id);

    for (const intruder of [other, doctor]) {
      expect(await permissoesOf(intruder)).toEqual(DEFAULT_PERMISSOES);
      expect((await putSaude({ saude: 4 }, intruder.auth)).json().permissoes).toEqual({
        ...OFF,
        saude: 4,
        timeline: false,
      });
      expect((await putTimeline({ timeline: true }, intruder.auth)).json().permissoes).toEqual({
        ...OFF,
        saude: 4,
        timeline: true,
      });
      expect(
        (await putEmergencia({ endereco: true, emergencia_saude: true }, intruder.auth)).json().permissoes,
      ).toEqual({ saude: 4, timeline: true, endereco: true, emergencia_saude: true });
      // The intruder's own log is empty: the owner's row is not theirs to read.
      expect((await getAcessos(intruder.auth)).json()).toEqual({ acessos: [], total: 0 });
    }
    // The owner's permissions and log are untouched.
    expect(await permissoesOf(owner)).toEqual(DEFAULT_PERMISSOES);
    expect((await getAcessos(owner.auth)).json().total).toBe(1);
  });

  it('ignores a user id smuggled in the body or the query', async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    await insertLog(owner.user.id);
    await putSaude({ saude: 1, user_id: owner.user.id, id: owner.user.id }, other.auth);
    await putTimeline({ timeline: true, user_id: owner.user.id }, other.auth);
    await putEmergencia({ endereco: true, user_id: owner.user.id }, other.auth);
    expect(await permissoesOf(owner)).toEqual(DEFAULT_PERMISSOES);
    expect((await getAcessos(other.auth, `?user_id=${owner.user.id}`)).json()).toEqual({
      acessos: [],
      total: 0,
    });
  });
});

describe('GET /api/permissoes', () => {
  it('answers a new account the defaults: my doctors may read My Health, the timeline off', async () => {
    const p = await createPatient(t.app);
    const res = await getPermissoes(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ permissoes: { ...OFF, saude: 2, timeline: false } });
    expect(DEFAULT_PERMISSOES).toEqual({ ...OFF, saude: 2, timeline: false });
  });
});

describe('PUT /api/permissoes', () => {
  it('saves each level and answers the message and the permissions', async () => {
    const p = await createPatient(t.app);
    for (const saude of [1, 3, 4, 2]) {
      const res = await putSaude({ saude }, p.auth);
      expect(res.statusCode, String(saude)).toBe(200);
      expect(res.json()).toEqual({ message: M.updated, permissoes: { ...OFF, saude, timeline: false } });
      expect(await permissoesOf(p)).toEqual({ ...OFF, saude, timeline: false });
    }
  });

  it('accepts the level as a numeric string and keeps the timeline as it was', async () => {
    const p = await createPatient(t.app);
    await putTimeline({ timeline: true }, p.auth);
    const res = await putSaude({ saude: '3' }, p.auth);
    expect(res.statusCode).toBe(200);
    expect(await permissoesOf(p)).toEqual({ ...OFF, saude: 3, timeline: true });
  });

  it('answers 422 errors.saude for a level outside 1–4, a fraction, text or nothing, and writes nothing', async () => {
    const p = await createPatient(t.app);
    await putSaude({ saude: 3 }, p.auth);
    for (const body of [{ saude: 0 }, { saude: 5 }, { saude: -1 }, { saude: 'x' }, { saude: 2.5 }, {}]) {
      const res = await putSaude(body, p.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toEqual({ message: M.saude, errors: { saude: [M.saude] } });
    }
    expect(await permissoesOf(p)).toEqual({ ...OFF, saude: 3, timeline: false });
  });

  it('changes what a visitor reads through the code', async () => {
    const p = await createPatient(t.app);
    const code = () => t.app.inject({ url: `/api/code/${p.user.code}` });
    expect((await code()).json().acesso).toEqual({ ...OFF, saude: false, timeline: false });
    await putSaude({ saude: 4 }, p.auth);
    expect((await code()).json().acesso).toEqual({ ...OFF, saude: true, timeline: false });
    await putTimeline({ timeline: true }, p.auth);
    expect((await code()).json().acesso).toEqual({ ...OFF, saude: true, timeline: true });
    await putSaude({ saude: 3 }, p.auth);
    // The timeline follows My Health: a visitor no longer reads either.
    expect((await code()).json().acesso).toEqual({ ...OFF, saude: false, timeline: false });
  });
});

describe('PUT /api/permissoes/timeline', () => {
  it('turns the timeline on and off, keeping the level', async () => {
    const p = await createPatient(t.app);
    await putSaude({ saude: 4 }, p.auth);
    for (const timeline of [true, false, true]) {
      const res = await putTimeline({ timeline }, p.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: M.updated, permissoes: { ...OFF, saude: 4, timeline } });
      expect(await permissoesOf(p)).toEqual({ ...OFF, saude: 4, timeline });
    }
  });

  it('answers 422 errors.timeline for anything but a boolean, and writes nothing', async () => {
    const p = await createPatient(t.app);
    for (const body of [{ timeline: 'true' }, { timeline: 1 }, { timeline: null }, { timeline: 'sim' }, {}]) {
      const res = await putTimeline(body, p.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toEqual({
        message: M.timeline,
        errors: { timeline: [M.timeline] },
      });
    }
    expect(await permissoesOf(p)).toEqual(DEFAULT_PERMISSOES);
  });
});

describe('PUT /api/permissoes/emergencia', () => {
  it('turns the address and the allergies strip on and off, one at a time or both, keeping the rest', async () => {
    const p = await createPatient(t.app);
    await putSaude({ saude: 3 }, p.auth);
    const steps: [Record<string, boolean>, Permissoes][] = [
      [{ endereco: true }, { saude: 3, timeline: false, endereco: true, emergencia_saude: false }],
      [{ emergencia_saude: true }, { saude: 3, timeline: false, endereco: true, emergencia_saude: true }],
      [{ endereco: false }, { saude: 3, timeline: false, endereco: false, emergencia_saude: true }],
      [
        { endereco: true, emergencia_saude: false },
        { saude: 3, timeline: false, endereco: true, emergencia_saude: false },
      ],
    ];
    for (const [body, expected] of steps) {
      const res = await putEmergencia(body, p.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toEqual({ message: M.updated, permissoes: expected });
      expect(await permissoesOf(p)).toEqual(expected);
    }
  });

  it('answers 422 for an empty body or a value that is not a boolean, and writes nothing', async () => {
    const p = await createPatient(t.app);
    for (const body of [{}, { endereco: 'true' }, { emergencia_saude: 1 }, { endereco: null }]) {
      const res = await putEmergencia(body, p.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message, JSON.stringify(body)).toBe(M.emergencia);
    }
    expect(await permissoesOf(p)).toEqual(DEFAULT_PERMISSOES);
  });

  it('changes what a visitor reads on the Emergency tab, and what the access log says was served', async () => {
    const p = await createPatient(t.app);
    await t.database.db
      .update(users)
      .set({ endereco: 'Rua Tamandaré, 9', alergias: 'Látex' })
      .where(eq(users.id, p.user.id));
    const code = () => t.app.inject({ url: `/api/code/${p.user.code}` });
    const before = await code();
    expect(before.body).not.toContain('Tamandaré');
    expect(before.body).not.toContain('Látex');
    await putEmergencia({ endereco: true, emergencia_saude: true }, p.auth);
    const after = (await code()).json();
    expect(after.user.geral.endereco).toBe('Rua Tamandaré, 9');
    expect(after.user.alerta).toEqual({ alergias: 'Látex', medicamentos: null, doencas: [] });
    const log = (await getAcessos(p.auth)).json() as { acessos: AcessoView[] };
    expect(log.acessos.map((a) => a.tabs)).toEqual([
      ['emergencia', 'endereco', 'emergencia_saude'],
      ['emergencia'],
    ]);
  });
});

describe('GET /api/permissoes/acessos', () => {
  it('answers an empty log to a new account', async () => {
    const p = await createPatient(t.app);
    const res = await getAcessos(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acessos: [], total: 0 });
  });

  it('pages 20 at a time, newest first, the offset being the number already loaded', async () => {
    const p = await createPatient(t.app);
    const base = Date.parse('2026-11-22T17:00:00Z');
    // Inserted oldest first, one minute apart: row i at base + i minutes.
    const ids: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      ids.push(await insertLog(p.user.id, { created_at: new Date(base + i * 60_000) }));
    }
    const newestFirst = [...ids].reverse();

    const first = await getAcessos(p.auth);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { acessos: AcessoView[]; total: number };
    expect(page1.total).toBe(25);
    expect(page1.acessos).toHaveLength(ACESSOS_PAGE_SIZE);
    expect(page1.acessos.map((a) => a.id)).toEqual(newestFirst.slice(0, 20));
    expect(page1.acessos[0]?.created_at).toBe(new Date(base + 24 * 60_000).toISOString());

    const second = await getAcessos(p.auth, '?offset=20');
    const page2 = second.json() as { acessos: AcessoView[]; total: number };
    expect(page2.total).toBe(25);
    expect(page2.acessos.map((a) => a.id)).toEqual(newestFirst.slice(20));

    expect((await getAcessos(p.auth, '?offset=25')).json()).toEqual({ acessos: [], total: 25 });
    expect((await getAcessos(p.auth, '?offset=0')).json().acessos).toHaveLength(20);
  });

  it('orders openings of the same instant by the latest written first', async () => {
    const p = await createPatient(t.app);
    const at = new Date('2026-11-22T17:05:00Z');
    const older = await insertLog(p.user.id, { created_at: new Date('2026-11-22T17:04:00Z') });
    const a = await insertLog(p.user.id, { created_at: at });
    const b = await insertLog(p.user.id, { created_at: at });
    const res = await getAcessos(p.auth);
    expect(res.json().acessos.map((x: AcessoView) => x.id)).toEqual([b, a, older]);
  });

  it('answers 422 errors.offset for an offset that is not an integer ≥ 0', async () => {
    const p = await createPatient(t.app);
    for (const offset of ['-1', '1.5', 'abc', '1e9']) {
      const res = await getAcessos(p.auth, `?offset=${offset}`);
      expect(res.statusCode, offset).toBe(422);
      expect(res.json(), offset).toEqual({
        message: ACESSOS_OFFSET_MESSAGE,
        errors: { offset: [ACESSOS_OFFSET_MESSAGE] },
      });
    }
    // Absent or empty, the offset is 0: the first page.
    expect((await getAcessos(p.auth, '?offset=')).statusCode).toBe(200);
  });

  it('names each viewer of real openings by kind and account name, a visitor as null, and leaks no id, e-mail or code', async () => {
    const owner = await createPatient(t.app, { name: 'Ana Paciente' });
    const other = await createPatient(t.app, { name: 'Bruno Vizinho' });
    const doctor = await createDoctor(t, { name: 'Carla Médica' });
    await putSaude({ saude: 3 }, owner.auth);
    const open = (auth: Auth) => t.app.inject({ url: `/api/code/${owner.user.code}`, ...headers(auth) });
    for (const auth of [undefined, other.auth, doctor.auth, owner.auth]) {
      expect((await open(auth)).statusCode).toBe(200);
    }

    const res = await getAcessos(owner.auth);
    expect(res.statusCode).toBe(200);
    const { acessos, total } = res.json() as { acessos: AcessoView[]; total: number };
    expect(total).toBe(4);
    // Newest first: the owner, the doctor, the other patient, the visitor.
    expect(acessos.map(({ viewer, tabs }) => ({ viewer, tabs }))).toEqual([
      {
        viewer: { name: 'Ana Paciente', kind: 'self' },
        tabs: ['emergencia', 'emergencia_saude', 'saude', 'timeline'],
      },
      {
        viewer: { name: 'Carla Médica', kind: 'health_professional' },
        tabs: ['emergencia', 'emergencia_saude', 'saude'],
      },
      { viewer: { name: 'Bruno Vizinho', kind: 'other_user' }, tabs: ['emergencia'] },
      { viewer: null, tabs: ['emergencia'] },
    ]);
    for (const a of acessos) {
      expect(Object.keys(a).sort()).toEqual([
        'codigo_substituido',
        'created_at',
        'destinatario',
        'id',
        'localizacao',
        'tabs',
        'viewer',
      ]);
      expect(Number.isNaN(Date.parse(a.created_at))).toBe(false);
      expect(a.codigo_substituido).toBeNull();
      if (a.viewer) expect(Object.keys(a.viewer).sort()).toEqual(['kind', 'name']);
    }
    for (const secret of [other.user.email, doctor.user.email, other.user.code, doctor.user.code]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toContain('viewer_id');
  });

  it("shows 'Conta removida' for a viewer whose account was deleted, keeping its kind", async () => {
    const owner = await createPatient(t.app);
    const gone = await createPatient(t.app, { name: 'Pessoa Que Saiu' });
    await insertLog(owner.user.id, { viewer_id: gone.user.id, viewer_kind: 'other_user' });
    await t.database.db.delete(users).where(eq(users.id, gone.user.id));
    const { acessos } = (await getAcessos(owner.auth)).json() as { acessos: AcessoView[] };
    expect(acessos.map((a) => a.viewer)).toEqual([{ name: REMOVED_ACCOUNT_NAME, kind: 'other_user' }]);
  });

  it('reads a visitor row as null even when a viewer id was logged, and drops tab names it does not know', async () => {
    const owner = await createPatient(t.app);
    const closed = await createPatient(t.app);
    await insertLog(owner.user.id, {
      viewer_id: closed.user.id,
      viewer_kind: 'guest',
      tabs: 'emergencia,desconhecida',
    });
    const { acessos } = (await getAcessos(owner.auth)).json() as { acessos: AcessoView[] };
    expect(acessos.map(({ viewer, tabs }) => ({ viewer, tabs }))).toEqual([
      { viewer: null, tabs: ['emergencia'] },
    ]);
  });
});
