import type { ConsentimentoView } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { content_pages } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';

// docs/authorization.md "Consent history": what is recorded, and who reads it.

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
const history = async (auth: Auth) => {
  const res = await t.app.inject({
    url: '/api/permissoes/consentimentos',
    ...(auth ? { headers: auth } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as { consentimentos: ConsentimentoView[]; total: number },
  };
};
const put = (auth: Auth, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, payload, ...(auth ? { headers: auth } : {}) });
const entries = (body: { consentimentos: ConsentimentoView[] }) =>
  body.consentimentos.map(({ item, valor }) => ({ item, valor }));

describe('GET /api/permissoes/consentimentos', () => {
  it('answers 401 to a guest', async () => {
    expect((await history(undefined)).status).toBe(401);
  });

  it('starts with the terms and the privacy policy accepted at registration, each with its version', async () => {
    const versions = Object.fromEntries(
      (await t.database.db.select().from(content_pages)).map((page) => [
        page.slug,
        page.updated_at.toISOString(),
      ]),
    );
    const ana = await createPatient(t.app);
    const { status, body } = await history(ana.auth);
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(entries(body).sort((a, b) => a.item.localeCompare(b.item))).toEqual([
      { item: 'politica', valor: versions.politica },
      { item: 'termos', valor: versions.termos },
    ]);
  });

  it('adds each permission that changes, newest first, and nothing for a value set again', async () => {
    const ana = await createPatient(t.app);
    expect((await put(ana.auth, '/api/permissoes', { saude: 3 })).statusCode).toBe(200);
    expect((await put(ana.auth, '/api/permissoes', { saude: 3 })).statusCode).toBe(200);
    expect((await put(ana.auth, '/api/permissoes/timeline', { timeline: true })).statusCode).toBe(200);
    expect(
      (await put(ana.auth, '/api/permissoes/emergencia', { endereco: true, emergencia_saude: true }))
        .statusCode,
    ).toBe(200);
    const { body } = await history(ana.auth);
    expect(body.total).toBe(6);
    expect(entries(body).slice(0, 4)).toEqual([
      // One request's two changes share its instant: the later id first.
      { item: 'permissoes_emergencia_saude', valor: 'true' },
      { item: 'permissoes_endereco', valor: 'true' },
      { item: 'permissoes_timeline', valor: 'true' },
      { item: 'permissoes_saude', valor: '3' },
    ]);
  });

  it('shows each account its own history only: another patient and a doctor see theirs', async () => {
    const ana = await createPatient(t.app);
    const bruno = await createPatient(t.app);
    const doctor = await createDoctor(t, { name: 'Dra. Carla Reis' });
    await put(ana.auth, '/api/permissoes', { saude: 4 });
    expect((await history(bruno.auth)).body.total).toBe(2);
    expect(entries((await history(bruno.auth)).body).map((e) => e.item)).not.toContain('permissoes_saude');
    expect((await history(doctor.auth)).body.total).toBe(2);
    expect((await history(ana.auth)).body.total).toBe(3);
  });

  it('keeps the history when a document changes later: the version accepted stays', async () => {
    const ana = await createPatient(t.app);
    const [before] = entries((await history(ana.auth)).body).filter((e) => e.item === 'termos');
    await t.database.db
      .update(content_pages)
      .set({ updated_at: new Date('2030-01-01T12:00:00Z') })
      .where(eq(content_pages.slug, 'termos'));
    const [after] = entries((await history(ana.auth)).body).filter((e) => e.item === 'termos');
    expect(after).toEqual(before);
  });
});
