import { CONSENT_ITEMS, EMBEDDED_CODE_DATA_ID, LOCATION_MESSAGES, PERMISSOES_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { code_access_logs, consent_events, replaced_codes, users } from '../../db/schema/index.ts';
import { readOutbox } from '../../platform/mail.ts';
import { mailIdle } from '../../platform/mail-jobs.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { issueLocationToken, LOCATION_PURPOSE } from '../code/location.ts';
import { CODE_ALERT_INTERVAL_MS, runCodeAlerts } from './alert-job.ts';

let t: TestApp;
let push: MockInstance<TestApp['app']['ctx']['push']['sendToUser']>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await mailIdle(t.app.ctx);
  await t.reset();
  push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });
  push.mockClear();
});

const MINUTE = 60_000;
/** The job as the scheduler runs it, `ms` after now (past the 5 s a new row is left to settle). */
const runAt = (ms: number) => runCodeAlerts(t.app.ctx, t.app.log, new Date(Date.now() + 6_000 + ms));
const open = (code: string, auth: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/code/${code}`, headers: auth });
const pushBodies = () => push.mock.calls.map((call) => call[1].body);
const mailsTo = async (to: string) => {
  await mailIdle(t.app.ctx);
  // The alerts only: registration mails a verification link too.
  return (await readOutbox(t.config)).filter((mail) => mail.to === to && mail.subject.includes('código'));
};
const TIME = /\d{2}:\d{2}/.source;

describe('alerts when the code is opened (docs/code-alerts.md "Alerts")', () => {
  it('starts after the history, then tells a visitor by push and by e-mail, with the access-log link', async () => {
    const p = await createPatient(t.app);
    expect((await open(p.user.code)).statusCode).toBe(200);
    // The installation's first run sets the cursor at the newest row: that opening is history.
    expect(await runAt(0)).toBe(0);
    expect(await runAt(CODE_ALERT_INTERVAL_MS)).toBe(0);

    expect((await open(p.user.code)).statusCode).toBe(200);
    // A row is left to settle 5 s: a run right now does not see it yet.
    expect(await runCodeAlerts(t.app.ctx, t.app.log, new Date())).toBe(0);
    expect(await runAt(0)).toBe(1);
    expect(push).toHaveBeenCalledTimes(1);
    expect(push.mock.calls[0]?.[0]).toBe(p.user.id);
    expect(push.mock.calls[0]?.[1]).toMatchObject({ title: 'Pulso', url: '/permissoes/acessos' });
    expect(pushBodies()[0]).toMatch(
      new RegExp(`^Seu código Pulso foi aberto às ${TIME} por um visitante\\.$`),
    );
    const [mail] = await mailsTo(p.user.email);
    expect(mail?.subject).toBe('Seu código foi aberto - Pulso');
    expect(mail?.text).toContain(pushBodies()[0]);
    expect(mail?.text).toContain('http://pulso.test/permissoes/acessos');
    // Told once.
    expect(await runAt(CODE_ALERT_INTERVAL_MS)).toBe(0);
  });

  it('holds further openings for 10 minutes and sums them into the next alert', async () => {
    const p = await createPatient(t.app);
    await runAt(0);
    await open(p.user.code);
    expect(await runAt(0)).toBe(1);
    await open(p.user.code);
    await open(p.user.code);
    await open(p.user.code);
    expect(await runAt(MINUTE)).toBe(0);
    expect(await runAt(CODE_ALERT_INTERVAL_MS - 1_000)).toBe(0);
    expect(await runAt(CODE_ALERT_INTERVAL_MS)).toBe(1);
    expect(pushBodies()[1]).toMatch(
      new RegExp(
        `^Seu código Pulso foi aberto às ${TIME} por um visitante e mais 2 vezes até as ${TIME}\\.$`,
      ),
    );
    expect(await mailsTo(p.user.email)).toHaveLength(2);
  });

  it("names a doctor, and is not sent for the patient's own openings, attempts or further timeline pages", async () => {
    const p = await createPatient(t.app);
    await t.database.db
      .update(users)
      .set({ permissoes_saude: 4, permissoes_timeline: true })
      .where(eq(users.id, p.user.id));
    const doctor = await createDoctor(t, { name: 'Ana Souza Lima' });
    await runAt(0);
    await open(p.user.code, p.auth);
    await t.app.inject({ url: `/api/code/${p.user.code}/timeline/0` });
    await t.database.db.insert(replaced_codes).values({ code: '111AA111', user_id: p.user.id });
    expect((await open('111AA111')).statusCode).toBe(410);
    expect(await runAt(0)).toBe(0);

    // The page a signed-in doctor opens is logged as a visitor's first, then as theirs: one opening.
    await open(p.user.code);
    await open(p.user.code, doctor.auth);
    expect(await runAt(0)).toBe(1);
    expect(pushBodies()[0]).toMatch(
      new RegExp(`^Seu código Pulso foi aberto às ${TIME} por Dr\\(a\\)\\. Ana Souza Lima\\.$`),
    );
  });

  it('follows the switches of /permissoes: push off, e-mail off', async () => {
    const p = await createPatient(t.app);
    await runAt(0);
    const set = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/permissoes/alertas', headers: p.auth, payload });
    expect((await set({ push: false })).json()).toEqual({
      message: PERMISSOES_MESSAGES.updated,
      alertas: { push: false, email: true },
    });
    await open(p.user.code);
    expect(await runAt(0)).toBe(1);
    expect(push).not.toHaveBeenCalled();
    expect(await mailsTo(p.user.email)).toHaveLength(1);

    await set({ push: true, email: false });
    await open(p.user.code);
    expect(await runAt(CODE_ALERT_INTERVAL_MS)).toBe(1);
    expect(push).toHaveBeenCalledTimes(1);
    expect(await mailsTo(p.user.email)).toHaveLength(1);
  });
});

describe('GET and PUT /api/permissoes/alertas', () => {
  it('answers both on by default, records each change in the consent history, refuses a bad body', async () => {
    const p = await createPatient(t.app);
    const get = await t.app.inject({ url: '/api/permissoes/alertas', headers: p.auth });
    expect(get.json()).toEqual({ alertas: { push: true, email: true } });
    await t.app.inject({
      method: 'PUT',
      url: '/api/permissoes/alertas',
      headers: p.auth,
      payload: { email: false },
    });
    // Unchanged values are not recorded.
    await t.app.inject({
      method: 'PUT',
      url: '/api/permissoes/alertas',
      headers: p.auth,
      payload: { push: true },
    });
    const events = await t.database.db
      .select({ item: consent_events.item, valor: consent_events.valor })
      .from(consent_events)
      .where(eq(consent_events.user_id, p.user.id));
    expect(events.filter((event) => event.item.startsWith('alertas'))).toEqual([
      { item: 'alertas_email', valor: 'false' },
    ]);
    expect(CONSENT_ITEMS).toContain('alertas_email');
    for (const payload of [{}, { push: 'false' }, { email: null }]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/permissoes/alertas',
        headers: p.auth,
        payload,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toBe(PERMISSOES_MESSAGES.alertas);
    }
    expect((await t.app.inject({ url: '/api/permissoes/alertas' })).statusCode).toBe(401);
    const other = await createPatient(t.app);
    // Another patient reads and writes only their own.
    expect((await t.app.inject({ url: '/api/permissoes/alertas', headers: other.auth })).json()).toEqual({
      alertas: { push: true, email: true },
    });
  });
});

describe('a shared location (docs/code-alerts.md "Where")', () => {
  /** The token the public page gives its script for the opening it logged. */
  async function pageToken(code: string): Promise<string> {
    const page = await t.app.inject({ url: `/code/${code}` });
    expect(page.statusCode).toBe(200);
    const json = new RegExp(
      `<script type="application/json" id="${EMBEDDED_CODE_DATA_ID}">(.*?)</script>`,
    ).exec(page.body)?.[1];
    const token = (JSON.parse(json ?? '{}') as { localizacao?: string }).localizacao;
    if (!token) throw new Error('no location token on the page');
    return token;
  }
  const share = (payload: object) => t.app.inject({ method: 'POST', url: '/api/code/localizacao', payload });

  it("writes the rounded place into that opening's row once, tells the patient at once, shows it in the log", async () => {
    const p = await createPatient(t.app);
    const token = await pageToken(p.user.code);
    const res = await share({ token, latitude: -23.550_52, longitude: -46.633_31 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mapa: 'https://www.google.com/maps?q=-23.551,-46.633' });
    const [row] = await t.database.db
      .select()
      .from(code_access_logs)
      .where(eq(code_access_logs.user_id, p.user.id));
    expect(row).toMatchObject({ viewer_kind: 'guest', latitude: -23.551, longitude: -46.633 });
    expect(row?.localizacao_em).toBeInstanceOf(Date);
    const [mail] = await mailsTo(p.user.email);
    expect(mail?.subject).toBe('Localização de quem abriu seu código - Pulso');
    expect(mail?.text).toMatch(
      new RegExp(
        `Quem abriu seu código Pulso às ${TIME} compartilhou onde está: https://www\\.google\\.com/maps\\?q=-23\\.551,-46\\.633`,
      ),
    );
    expect(pushBodies()[0]).toContain('compartilhou onde está');

    const again = await share({ token, latitude: 1, longitude: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LOCATION_MESSAGES.already);

    const log = await t.app.inject({ url: '/api/permissoes/acessos', headers: p.auth });
    expect(log.json().acessos[0].localizacao).toEqual({ latitude: -23.551, longitude: -46.633 });
  });

  it('refuses a forged, expired or foreign-purpose token and a place off the globe', async () => {
    const p = await createPatient(t.app);
    const token = await pageToken(p.user.code);
    const [id] = token.split('.');
    const secret = await loadFilesUrlSecret(t.app.ctx);
    const expired = issueLocationToken(
      createUrlSigner(secret, LOCATION_PURPOSE),
      Number(id),
      Date.now() - 2 * 3_600_000,
    );
    const otherPurpose = issueLocationToken(createUrlSigner(secret, 'timeline-anexo'), Number(id));
    const otherRow = issueLocationToken(createUrlSigner(secret, LOCATION_PURPOSE), Number(id) + 1).replace(
      /^\d+/,
      id ?? '',
    );
    for (const bad of [expired, otherPurpose, otherRow, 'x', `${token}.1`]) {
      const res = await share({ token: bad, latitude: 0, longitude: 0 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LOCATION_MESSAGES.expired);
    }
    const off = await share({ token, latitude: 91, longitude: 0 });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors.latitude).toEqual([LOCATION_MESSAGES.invalid]);
    const [row] = await t.database.db
      .select()
      .from(code_access_logs)
      .where(eq(code_access_logs.user_id, p.user.id));
    expect(row?.latitude).toBeNull();
    expect(await mailsTo(p.user.email)).toHaveLength(0);
  });
});
