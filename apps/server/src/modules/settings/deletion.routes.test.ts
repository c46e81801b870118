import { AUTH_MESSAGES, DELETION_MESSAGES, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { takenCodes } from '../../db/codes.ts';
import { replaced_codes, users } from '../../db/schema/index.ts';
import { readOutbox } from '../../platform/mail.ts';
import { mailIdle } from '../../platform/mail-jobs.ts';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { drawFreeCode } from '../auth/registration.ts';
import { runErasure } from './erasure.ts';

// docs/account-deletion.md: asking, the 7 days of grace, the job, the code that stops answering.

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

const DAY = 24 * 3600 * 1000;
const quiet = { info() {}, warn() {}, error() {} };
const ask = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/settings/excluir', payload, headers });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const codePage = (code: string) => t.app.inject({ url: `/api/code/${code}` });

describe('POST /api/settings/excluir', () => {
  it('answers 401 to a guest and to a forged token, whatever the body', async () => {
    const patient = await createPatient(t.app);
    for (const headers of [{}, { authorization: 'Bearer forjado' }] as Record<string, string>[]) {
      const res = await ask({ password: patient.password, confirmacao: 'EXCLUIR' }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    }
    expect((await userRow(patient.user.id))?.exclusao_solicitada_em).toBeNull();
  });

  it('answers 422 for a wrong password or confirmation, changing nothing', async () => {
    const patient = await createPatient(t.app);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ password: 'errada-123', confirmacao: 'EXCLUIR' }, { password: ['Senha incorreta'] }],
      [
        { password: patient.password, confirmacao: 'excluir' },
        { confirmacao: [DELETION_MESSAGES.confirmacao] },
      ],
      [{ password: patient.password }, { confirmacao: [DELETION_MESSAGES.confirmacao] }],
      [{ password: '', confirmacao: 'EXCLUIR' }, { password: [DELETION_MESSAGES.password] }],
    ];
    for (const [body, errors] of cases) {
      const res = await ask(body, patient.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const row = await userRow(patient.user.id);
    expect(row).toMatchObject({ is_active: true, closed_at: null, exclusao_solicitada_em: null });
    expect((await t.app.inject({ url: '/api/user', headers: patient.auth })).statusCode).toBe(200);
  });

  it('refuses a doctor account with 409, changing nothing', async () => {
    const doctor = await createDoctor(t, { name: 'Helena Prado' });
    const res = await ask({ password: 'senha-segura-1', confirmacao: 'EXCLUIR' }, doctor.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DELETION_MESSAGES.notForThisAccount(t.config.contato.email));
    expect((await userRow(doctor.user.id))?.is_active).toBe(true);
  });

  it('closes the account at once, signs every device out, mails the day; signing in within 7 days cancels', async () => {
    const patient = await createPatient(t.app, { name: 'Beatriz Moura' });
    await fillEmergencyData(t.database.db, patient.user.id);
    const before = Date.now();
    const res = await ask({ password: patient.password, confirmacao: ' EXCLUIR ' }, patient.auth);
    expect(res.statusCode).toBe(200);
    const due = Date.parse(res.json().exclui_em);
    expect(due - before).toBeGreaterThanOrEqual(7 * DAY);
    expect(due - Date.now()).toBeLessThanOrEqual(7 * DAY);
    expect(res.json().message).toMatch(
      /^Sua conta foi desativada e os seus dados serão excluídos em \d\d\/\d\d\/\d{4}\./,
    );
    expect((await t.app.inject({ url: '/api/user', headers: patient.auth })).statusCode).toBe(401);
    // The code already answers like an unknown one.
    expect((await codePage(patient.user.code)).statusCode).toBe(404);
    await mailIdle(t.app.ctx);
    const mail = (await readOutbox(t.config)).find(
      (m) => m.to === patient.user.email && m.subject.includes('Exclusão'),
    );
    expect(mail?.text).toContain('basta entrar com o seu e-mail e a sua senha para cancelar a exclusão');
    expect(mail?.text).toContain('http://pulso.test/login');

    // The job before the 7 days does nothing.
    expect((await runErasure(t.app.ctx, quiet, new Date(Date.now() + 6 * DAY))).erased).toBe(0);
    expect(await userRow(patient.user.id)).toBeDefined();

    const again = await login(patient.user.email, patient.password);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(DELETION_MESSAGES.cancelled);
    const row = await userRow(patient.user.id);
    expect(row).toMatchObject({
      is_active: true,
      closed_at: null,
      exclusao_solicitada_em: null,
      sinal: 'Cicatriz no joelho esquerdo',
    });
    expect((await codePage(patient.user.code)).statusCode).toBe(200);
    // Nothing left for the job to erase, even long after.
    expect((await runErasure(t.app.ctx, quiet, new Date(Date.now() + 30 * DAY))).erased).toBe(0);
    expect((await login(patient.user.email, patient.password)).json().message).toBe(AUTH_MESSAGES.loggedIn);
  });

  it('after 7 days the job erases: sign-in fails as for an unknown e-mail, the code and its replaced code answer 404 and are never drawn', async () => {
    const patient = await createPatient(t.app);
    const old = await drawFreeCode(t.database.db);
    await t.database.db.insert(replaced_codes).values({ code: old, user_id: patient.user.id });
    const unknown = await codePage('ZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect((await ask({ password: patient.password, confirmacao: 'EXCLUIR' }, patient.auth)).statusCode).toBe(
      200,
    );

    // Past the 7 days, before the job ran: sign-in no longer cancels.
    await t.database.db
      .update(users)
      .set({ exclusao_solicitada_em: new Date(Date.now() - 7 * DAY - 1000) })
      .where(eq(users.id, patient.user.id));
    const late = await login(patient.user.email, patient.password);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.password).toEqual([AUTH_MESSAGES.accountClosed(t.config.contato.email)]);

    expect(await runErasure(t.app.ctx, quiet)).toMatchObject({ erased: 1 });
    expect(await userRow(patient.user.id)).toBeUndefined();
    const gone = await login(patient.user.email, patient.password);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors.password).toEqual([AUTH_MESSAGES.invalidCredentials]);
    for (const code of [patient.user.code, old]) {
      const res = await codePage(code);
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.json()).toEqual(unknown.json());
    }
    expect(await takenCodes(t.database.db, [patient.user.code, old, 'ZZZZZZZZ'])).toEqual(
      new Set([patient.user.code, old]),
    );
    // A second run finds nothing more to do.
    expect(await runErasure(t.app.ctx, quiet)).toEqual({ erased: 0, purged: 0, files: 0 });
  });
});
