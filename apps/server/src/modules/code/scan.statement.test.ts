import { SAUDE_LEVELS, servedTabs, VIEWER_KINDS, type ViewerKind, visibleTabs } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code_access_logs, doencas, user_doencas, users } from '../../db/schema/index.ts';
import { createPatient, createProfissional } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createAtendimento, createDoctor } from '../../test/telemedicina-factories.ts';
import { scanStatement } from './scan.statement.ts';

/**
 * The scan in one statement (docs/performance.md "The scan in one statement"): its decision tables,
 * built from the domain's rules, must give what the domain gives for every viewer and every
 * combination of the patient's permissions; a batch answers each opening its own.
 */
let t: TestApp;
let patient: Awaited<ReturnType<typeof createPatient>>;
const viewerIds = {} as Record<ViewerKind, number | null>;

beforeAll(async () => {
  t = await createTestApp();
  patient = await createPatient(t.app);
  const ownDoctor = await createDoctor(t);
  await createAtendimento(t.database.db, patient.user.id, ownDoctor.medicoId, 'A');
  const professional = await createPatient(t.app);
  await createProfissional(t.database.db, professional.user.id, { status: 'verificado' });
  viewerIds.guest = null;
  viewerIds.self = patient.user.id;
  viewerIds.own_doctor = ownDoctor.user.id;
  viewerIds.health_professional = professional.user.id;
  viewerIds.other_user = (await createPatient(t.app)).user.id;
});
afterAll(async () => {
  await t.close();
});

const combinations = SAUDE_LEVELS.flatMap((saude) =>
  [false, true].flatMap((timeline) =>
    [false, true].flatMap((endereco) =>
      [false, true].map((emergencia_saude) => ({ saude, timeline, endereco, emergencia_saude })),
    ),
  ),
);

describe('scanStatement', () => {
  it('classifies every viewer and serves and logs the domain tabs for each of the 32 permission combinations', async () => {
    const scan = scanStatement(t.database.db);
    for (const permissoes of combinations) {
      await t.database.db
        .update(users)
        .set({
          permissoes_saude: permissoes.saude,
          permissoes_timeline: permissoes.timeline,
          permissoes_endereco: permissoes.endereco,
          permissoes_emergencia_saude: permissoes.emergencia_saude,
        })
        .where(eq(users.id, patient.user.id));
      const before = await t.database.db.$count(code_access_logs);
      // One batch: the five viewers open the code in the same turn.
      const results = await Promise.all(
        VIEWER_KINDS.map((kind) => scan({ code: patient.user.code, viewerId: viewerIds[kind], log: true })),
      );
      const expected = VIEWER_KINDS.map((kind) => ({
        kind,
        tabs: servedTabs(visibleTabs(permissoes, kind)).join(','),
      }));
      expect(results.map((result) => ({ kind: result?.kind, tabs: result?.tabs }))).toEqual(expected);
      const logged = await t.database.db
        .select({
          viewer_id: code_access_logs.viewer_id,
          kind: code_access_logs.viewer_kind,
          tabs: code_access_logs.tabs,
        })
        .from(code_access_logs)
        .orderBy(code_access_logs.id)
        .offset(before);
      expect(logged).toEqual(
        expected.map((entry, index) => ({
          ...entry,
          viewer_id: viewerIds[VIEWER_KINDS[index] as ViewerKind],
        })),
      );
    }
  });

  it('answers each opening of a batch its own patient, null for a code that opens nothing, and logs only what asked to be', async () => {
    const scan = scanStatement(t.database.db);
    const other = await createPatient(t.app);
    const closed = await createPatient(t.app);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, closed.user.id));
    const before = await t.database.db.$count(code_access_logs);
    const results = await Promise.all([
      scan({ code: patient.user.code, viewerId: null, log: true }),
      scan({ code: '999ZZ999', viewerId: null, log: true }),
      scan({ code: other.user.code, viewerId: patient.user.id, log: true }),
      scan({ code: closed.user.code, viewerId: null, log: true }),
      scan({ code: other.user.code, viewerId: null, log: false }),
    ]);
    expect(results.map((result) => result && { id: result.row.id, kind: result.kind })).toEqual([
      { id: patient.user.id, kind: 'guest' },
      null,
      { id: other.user.id, kind: 'other_user' },
      null,
      { id: other.user.id, kind: 'guest' },
    ]);
    const logged = await t.database.db
      .select({ user_id: code_access_logs.user_id, viewer_id: code_access_logs.viewer_id })
      .from(code_access_logs)
      .orderBy(code_access_logs.id)
      .offset(before);
    expect(logged).toEqual([
      { user_id: patient.user.id, viewer_id: null },
      { user_id: other.user.id, viewer_id: patient.user.id },
    ]);
    // The public read never holds the account's secrets.
    expect(results[0]?.row).not.toHaveProperty('password_hash');
    expect(results[0]?.row).not.toHaveProperty('email');
  });

  it('reads the checked diseases, by name, only where the allergies strip or My Health is served', async () => {
    const scan = scanStatement(t.database.db);
    const [diabetes, other] = await t.database.db.select().from(doencas).orderBy(doencas.nome).limit(2);
    const someone = await createPatient(t.app);
    // Another patient's checked diseases never reach this patient's answer.
    const neighbour = await createPatient(t.app);
    await t.database.db.insert(user_doencas).values([
      { user_id: someone.user.id, doenca_id: diabetes?.id as number },
      { user_id: neighbour.user.id, doenca_id: diabetes?.id as number },
      { user_id: neighbour.user.id, doenca_id: other?.id as number },
    ]);
    const open = async (emergencia_saude: boolean) => {
      await t.database.db
        .update(users)
        .set({ permissoes_saude: 1, permissoes_emergencia_saude: emergencia_saude })
        .where(eq(users.id, someone.user.id));
      return scan({ code: someone.user.code, viewerId: null, log: false });
    };
    const own = [{ id: diabetes?.id, nome: diabetes?.nome }];
    expect((await open(true))?.doencas).toEqual(own);
    expect((await open(false))?.doencas).toEqual([]);
    const self = await scan({ code: someone.user.code, viewerId: someone.user.id, log: false });
    expect(self?.doencas).toEqual(own);
  });
});
