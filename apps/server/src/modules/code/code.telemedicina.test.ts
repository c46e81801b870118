import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMBEDDED_CODE_DATA_ID } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atendimentos, timeline_items, users } from '../../db/schema/index.ts';
import { createPatient, createProfissional, createTimelineItem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createAtendimento, createDoctor } from '../../test/telemedicina-factories.ts';

/**
 * Defect 0 (docs/timeline-privacy.md "Telemedicine records"): the record a
 * telemedicine session leaves on the patient's timeline is served through
 * the code to the patient and to that session's doctor only, whatever
 * `permissoes.saude` says — on `GET /api/code/:code`, on
 * `GET /api/code/:code/timeline/:offset`, in the page a scan opens, and in
 * every `total`; also once the session's row is gone.
 */
let t: TestApp;
type Auth = { authorization: string } | undefined;
type Viewer = 'guest' | 'other_patient' | 'unrelated_doctor' | 'profissional' | 'session_doctor' | 'self';
const viewers = {} as Record<Viewer, Auth>;
let code: string;
let sessionId: number;

const MOTIVO = 'Olá doutora, tenho sentido palpitações. Posso manter a medicação?';
const OWN_RECORD = 'Consulta de rotina com clínico geral';

/** A web build with the public page's manifest, so that `GET /code/:code` names its script as in production. */
async function webDist(): Promise<string> {
  const web = await mkdtemp(path.join(tmpdir(), 'pulso-web-'));
  await mkdir(path.join(web, '.vite'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(
    path.join(web, '.vite', 'code-page-manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true },
      'src/code-page.ts': { file: 'assets/code-page.js', imports: ['index.html'] },
    }),
  );
  return web;
}

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: await webDist(), RATE_LIMIT_CODE_PER_MINUTE: '10000' });
  const db = t.database.db;
  const patient = await createPatient(t.app);
  code = patient.user.code;
  // 'Qualquer pessoa' and the timeline shown: the attacker's setting.
  await db
    .update(users)
    .set({ permissoes_saude: 4, permissoes_timeline: true })
    .where(eq(users.id, patient.user.id));
  await createTimelineItem(db, patient.user.id, { data: '2020-01-01', descricao: OWN_RECORD });

  const sessionDoctor = await createDoctor(t, { name: 'Renata Lopes' });
  sessionId = await createAtendimento(db, patient.user.id, sessionDoctor.medicoId, 'A', { motivo: MOTIVO });
  const ended = await t.app.inject({
    method: 'PUT',
    url: `/api/medico/atendimento/${sessionId}/encerrar`,
    headers: sessionDoctor.auth,
  });
  expect(ended.statusCode).toBe(200);

  // A doctor of this patient through another session: still not THAT session's doctor.
  const unrelatedDoctor = await createDoctor(t);
  await createAtendimento(db, patient.user.id, unrelatedDoctor.medicoId, 'E');
  const profissional = await createPatient(t.app);
  await createProfissional(db, profissional.user.id, { status: 'verificado' });

  viewers.guest = undefined;
  viewers.other_patient = (await createPatient(t.app)).auth;
  viewers.unrelated_doctor = unrelatedDoctor.auth;
  viewers.profissional = profissional.auth;
  viewers.session_doctor = sessionDoctor.auth;
  viewers.self = patient.auth;
});
afterAll(async () => {
  await t.close();
});

const MAY_READ: [Viewer, boolean][] = [
  ['guest', false],
  ['other_patient', false],
  ['unrelated_doctor', false],
  ['profissional', false],
  ['session_doctor', true],
  ['self', true],
];

async function expectServed(viewer: Viewer, served: boolean) {
  const headers = viewers[viewer];
  const opened = await t.app.inject({ url: `/api/code/${code}`, ...(headers ? { headers } : {}) });
  expect(opened.statusCode).toBe(200);
  const view = opened.json();
  expect(view.acesso.timeline).toBe(true);
  const texts = view.timelineItems.map((i: { descricao: string }) => i.descricao);
  expect(texts).toContain(OWN_RECORD);
  expect(view.total).toBe(served ? 2 : 1);
  expect(opened.body.includes('palpitações')).toBe(served);

  const page = await t.app.inject({ url: `/api/code/${code}/timeline/0`, ...(headers ? { headers } : {}) });
  expect(page.statusCode).toBe(200);
  expect(page.json().total).toBe(served ? 2 : 1);
  expect(page.json().timelineItems).toHaveLength(served ? 2 : 1);
  expect(page.body.includes('palpitações')).toBe(served);
}

describe('a telemedicine record through the code', () => {
  it.each(MAY_READ)('%s → served: %s', async (viewer, served) => {
    await expectServed(viewer, served);
  });

  it('is not in the page a scan opens (a navigation is a visitor’s)', async () => {
    const res = await t.app.inject({ url: `/code/${code}` });
    expect(res.statusCode).toBe(200);
    const match = new RegExp(
      `<script type="application/json" id="${EMBEDDED_CODE_DATA_ID}">(.*?)</script>`,
    ).exec(res.body);
    const data = JSON.parse(match?.[1] ?? 'null').view;
    expect(data.total).toBe(1);
    expect(data.timelineItems.map((i: { descricao: string }) => i.descricao)).toEqual([OWN_RECORD]);
    expect(res.body).not.toContain('palpitações');
    // Nor in its Timeline tab as the server renders it (scripts blocked).
    const tab = await t.app.inject({ url: `/code/${code}?aba=timeline` });
    expect(tab.body).toContain(OWN_RECORD.slice(0, 20));
    expect(tab.body).not.toContain('palpitações');
  });

  it('stays private once its session’s row is gone', async () => {
    await t.database.db.delete(atendimentos).where(eq(atendimentos.id, sessionId));
    const [row] = await t.database.db
      .select({ atendimento_id: timeline_items.atendimento_id })
      .from(timeline_items)
      .where(eq(timeline_items.tipo, 6));
    expect(row).toEqual({ atendimento_id: null });
    for (const [viewer, served] of MAY_READ) await expectServed(viewer, served);
  });
});
