import { TOO_MANY_REQUESTS_MESSAGE } from '@pulso/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { code_access_logs, users } from '../../db/schema/index.ts';
import { createPatient, createVirginCodes, EMERGENCY_DATA, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { CODE_NOT_FOUND_MESSAGE } from './code.service.ts';

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

/** Every key path of a JSON value, dotted (`user.geral.cidade.id`). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, `${prefix}${i}.`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...keyPaths(v, `${prefix}${k}.`)]);
}

const accessLogs = (userId: number) =>
  t.database.db
    .select({
      viewer_id: code_access_logs.viewer_id,
      viewer_kind: code_access_logs.viewer_kind,
      tabs: code_access_logs.tabs,
    })
    .from(code_access_logs)
    .where(eq(code_access_logs.user_id, userId))
    .orderBy(code_access_logs.id);

describe('GET /api/code/:code', () => {
  it("answers a guest the patient's emergency data and nothing else", async () => {
    const p = await createPatient(t.app);
    await fillEmergencyData(t.database.db, p.user.id);
    const res = await t.app.inject({ url: `/api/code/${p.user.code}` });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      name: p.user.name,
      code: p.user.code,
      avatar: null,
      idade: expect.any(Number),
      pessoal: {
        telefone: '11987654321',
        contato: EMERGENCY_DATA.contato,
        contato_telefone: EMERGENCY_DATA.contato_telefone,
        contato_relacao: 'C',
      },
      caracteristicas: { peso: 68.5, altura: 1.65, cor: 3, olhos: 2, sinal: EMERGENCY_DATA.sinal },
      geral: {
        nascimento: '1980-05-17',
        sexo: 'F',
        sangue: 8,
        cidade: { id: 3550308, descricao: 'São Paulo - SP' },
      },
      outras: { doador: 'S' },
    });
    // By default (docs/authorization.md) a guest reads the Emergency tab only, without the street address.
    expect(Object.keys(user.geral).sort()).toEqual(['cidade', 'nascimento', 'sangue', 'sexo']);
    expect(res.json().acesso).toEqual({
      saude: false,
      timeline: false,
      endereco: false,
      emergencia_saude: false,
    });
    expect(Object.keys(res.json()).sort()).toEqual(['acesso', 'user']);
    expect(user.idade).toBeGreaterThanOrEqual(45);

    const forbidden = ['email', 'password_hash', 'token', 'adicional', 'created_at', 'newsletter', 'id'];
    const leaked = keyPaths(res.json()).filter((path) =>
      forbidden.includes(path.split('.').at(-1) as string),
    );
    // The only id allowed is the municipality's public IBGE code.
    expect(leaked).toEqual(['user.geral.cidade.id']);
    expect(res.body).not.toContain(p.user.email);
    expect(res.body).not.toContain(EMERGENCY_DATA.adicional);
    const [row] = await t.database.db
      .select({ hash: users.password_hash })
      .from(users)
      .where(eq(users.id, p.user.id));
    expect(res.body).not.toContain(row?.hash);
  });

  it('keeps the answer out of shared caches and search engines', async () => {
    const p = await createPatient(t.app);
    for (const url of [`/api/code/${p.user.code}`, '/api/code/999ZZ999']) {
      const res = await t.app.inject({ url });
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('accepts the code with spaces, hyphens and lower case', async () => {
    const p = await createPatient(t.app);
    const c = p.user.code.toLowerCase();
    for (const spelling of [
      c,
      `${c.slice(0, 3)}%20${c.slice(3, 5)}%20${c.slice(5)}`,
      `${c.slice(0, 3)}-${c.slice(3)}`,
    ]) {
      const res = await t.app.inject({ url: `/api/code/${spelling}` });
      expect(res.statusCode, spelling).toBe(200);
      expect(res.json().user.code).toBe(p.user.code);
    }
  });

  it('answers 404 to an unknown, a malformed and an unclaimed sticker code, and logs nothing', async () => {
    await createVirginCodes(t, ['123AB456']);
    for (const code of ['999ZZ999', 'abc', '123456789', '123AB456']) {
      const res = await t.app.inject({ url: `/api/code/${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ message: CODE_NOT_FOUND_MESSAGE });
    }
    expect(await t.database.db.select().from(code_access_logs)).toEqual([]);
  });

  it('logs each opening: a guest as a visitor, a signed-in viewer by id and kind, the owner too', async () => {
    const patient = await createPatient(t.app);
    const other = await createPatient(t.app);
    const url = `/api/code/${patient.user.code}`;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: other.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: patient.auth })).statusCode).toBe(200);
    // A dead token is a visitor, not an error: the paramedic must still see the data.
    expect((await t.app.inject({ url, headers: { authorization: 'Bearer forged' } })).statusCode).toBe(200);
    expect(await accessLogs(patient.user.id)).toEqual([
      { viewer_id: null, viewer_kind: 'guest', tabs: 'emergencia' },
      { viewer_id: other.user.id, viewer_kind: 'other_user', tabs: 'emergencia' },
      { viewer_id: patient.user.id, viewer_kind: 'self', tabs: 'emergencia,emergencia_saude,saude,timeline' },
      { viewer_id: null, viewer_kind: 'guest', tabs: 'emergencia' },
    ]);
    expect(await accessLogs(other.user.id)).toEqual([]);
  });

  it('answers another signed-in patient the same view as a guest at the default level', async () => {
    const patient = await createPatient(t.app);
    const other = await createPatient(t.app);
    await fillEmergencyData(t.database.db, patient.user.id);
    const url = `/api/code/${patient.user.code}`;
    const asGuest = await t.app.inject({ url });
    const asOther = await t.app.inject({ url, headers: other.auth });
    expect(asOther.json()).toEqual(asGuest.json());
  });

  it('still answers the emergency data when the access log cannot be written', async () => {
    const broken = await createTestApp();
    try {
      const p = await createPatient(broken.app);
      await fillEmergencyData(broken.database.db, p.user.id);
      await broken.database.db.execute(sql`ALTER TABLE code_access_logs RENAME TO code_access_logs_gone`);
      const res = await broken.app.inject({ url: `/api/code/${p.user.code}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.geral.sangue).toBe(EMERGENCY_DATA.sangue);
    } finally {
      await broken.close();
    }
  });

  it('answers 429 in pt-BR past the per-IP limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CODE_PER_MINUTE: '2' });
    try {
      const p = await createPatient(limited.app);
      const url = `/api/code/${p.user.code}`;
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ url })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const res = await limited.app.inject({ url: '/api/code/999ZZ999' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
      expect(res.headers['cache-control']).toBe('private, no-store');
    } finally {
      await limited.close();
    }
  });
});
