import type { Bundle } from '@medplum/fhirtypes';
import { parseShlLink, SHL_MESSAGES, SHL_PASSCODE_ATTEMPTS } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { code_access_logs, shl_links, users } from '../../db/schema/index.ts';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { checkIps, loadFhirR4 } from '../fhir/ips.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  loadFhirR4();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const create = (auth: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/shl', headers: auth, payload });

/** The link as a phone's camera reads it: drawn as a QR code, then decoded from the pixels (jsqr). */
async function throughQr(link: string): Promise<string> {
  const png = await QRCode.toBuffer(link, { errorCorrectionLevel: 'M', margin: 4, scale: 4 });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  if (!read) throw new Error('QR not readable');
  return read.data;
}

/** Posts to the link's manifest as the SHL specification says a recipient does. */
async function fetchManifest(url: string, payload: object) {
  const path = new URL(url).pathname;
  return t.app.inject({ method: 'POST', url: path, payload });
}

describe('SMART Health Links (docs/smart-health-links.md)', () => {
  it('shares the summary end to end: QR → payload → manifest → decrypted IPS; the access is logged', async () => {
    const p = await createPatient(t.app, { name: 'Renata Lopes' });
    await fillEmergencyData(t.database.db, p.user.id);
    await t.database.db.update(users).set({ alergias: 'Penicilina' }).where(eq(users.id, p.user.id));
    const res = await create(p.auth, { label: 'Viagem à Itália', dias: 30 });
    expect(res.statusCode).toBe(201);
    const { link, shl } = res.json();
    expect(link).toMatch(/^http:\/\/pulso\.test\/shl#shlink:\//);
    expect(shl).toMatchObject({
      label: 'Viagem à Itália',
      flag: '',
      acessos: 0,
      bloqueado: false,
      revoked_at: null,
    });

    const payload = parseShlLink(await throughQr(link));
    if (!payload) throw new Error('no payload');
    expect(payload).toMatchObject({ label: 'Viagem à Itália', v: 1 });
    expect(payload.flag).toBeUndefined();
    expect(payload.exp).toBe(Math.floor(Date.parse(shl.expires_at) / 1000));
    expect(Buffer.from(payload.key, 'base64url')).toHaveLength(32);
    // The server never keeps the key.
    const [stored] = await t.database.db.select().from(shl_links).where(eq(shl_links.id, shl.id));
    expect(JSON.stringify(stored)).not.toContain(payload.key);

    const manifest = await fetchManifest(payload.url, { recipient: 'Dr. Marco Rossi, Ospedale di Roma' });
    expect(manifest.statusCode).toBe(200);
    const [file] = manifest.json().files;
    expect(file.contentType).toBe('application/fhir+json');
    expect(decodeProtectedHeader(file.embedded)).toEqual({
      alg: 'dir',
      enc: 'A256GCM',
      cty: 'application/fhir+json',
    });
    const { plaintext } = await compactDecrypt(file.embedded, Buffer.from(payload.key, 'base64url'));
    const bundle = JSON.parse(new TextDecoder().decode(plaintext)) as Bundle;
    const { composition, byUrl } = checkIps(bundle);
    const allergy = byUrl.get(composition.section?.[0]?.entry?.[0]?.reference ?? '');
    expect(allergy?.resourceType === 'AllergyIntolerance' && allergy.code?.text).toBe('Penicilina');

    const [log] = await t.database.db
      .select()
      .from(code_access_logs)
      .where(eq(code_access_logs.user_id, p.user.id));
    expect(log).toMatchObject({
      tabs: 'resumo',
      viewer_kind: 'guest',
      destinatario: 'Dr. Marco Rossi, Ospedale di Roma',
      shl_id: shl.id,
    });
    const acessos = (await t.app.inject({ url: '/api/permissoes/acessos', headers: p.auth })).json().acessos;
    expect(acessos[0]).toMatchObject({ tabs: ['resumo'], destinatario: 'Dr. Marco Rossi, Ospedale di Roma' });
    const list = (await t.app.inject({ url: '/api/shl', headers: p.auth })).json().links;
    expect(list).toEqual([{ ...shl, acessos: 1 }]);
  });

  it('with a passcode: refuses a wrong one counting down, locks after the allowed tries, opens with the right one', async () => {
    const p = await createPatient(t.app);
    const { link } = (await create(p.auth, { label: 'Hospital', dias: 1, passcode: 'segredo1' })).json();
    const payload = parseShlLink(link);
    expect(payload?.flag).toBe('P');
    const url = payload?.url ?? '';
    const wrong1 = await fetchManifest(url, { recipient: 'X', passcode: 'errada' });
    expect(wrong1.statusCode).toBe(401);
    expect(wrong1.json()).toEqual({
      message: SHL_MESSAGES.wrongPasscode,
      remainingAttempts: SHL_PASSCODE_ATTEMPTS - 1,
    });
    // The right one opens, and does not use a try.
    expect((await fetchManifest(url, { recipient: 'X', passcode: 'segredo1' })).statusCode).toBe(200);
    const missing = await fetchManifest(url, { recipient: 'X' });
    expect(missing.json().remainingAttempts).toBe(SHL_PASSCODE_ATTEMPTS - 2);
    for (let left = SHL_PASSCODE_ATTEMPTS - 3; left >= 0; left -= 1) {
      expect((await fetchManifest(url, { recipient: 'X', passcode: 'nao' })).json().remainingAttempts).toBe(
        left,
      );
    }
    const locked = await fetchManifest(url, { recipient: 'X', passcode: 'segredo1' });
    expect(locked.statusCode).toBe(404);
    expect(locked.json().message).toBe(SHL_MESSAGES.notFound);
    expect((await t.app.inject({ url: '/api/shl', headers: p.auth })).json().links[0].bloqueado).toBe(true);
  });

  it('answers 404 once revoked or expired, for an unknown manifest, and asks who the recipient is', async () => {
    const p = await createPatient(t.app);
    const first = (await create(p.auth, { label: 'A', dias: 7 })).json();
    const second = (await create(p.auth, { label: 'B', dias: 7 })).json();
    const url = (link: string) => parseShlLink(link)?.url ?? '';
    const noRecipient = await fetchManifest(url(first.link), {});
    expect(noRecipient.statusCode).toBe(422);
    expect(noRecipient.json().errors.recipient).toEqual([SHL_MESSAGES.recipient]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/shl/${first.shl.id}`, headers: p.auth })).statusCode,
    ).toBe(200);
    expect((await fetchManifest(url(first.link), { recipient: 'X' })).statusCode).toBe(404);
    await t.database.db
      .update(shl_links)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(shl_links.id, second.shl.id));
    expect((await fetchManifest(url(second.link), { recipient: 'X' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/shl/m/desconhecido', payload: { recipient: 'X' } }))
        .statusCode,
    ).toBe(404);
  });

  it("lets no one else list, make or revoke a patient's links", async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const { shl } = (await create(owner.auth, { label: 'Meu', dias: 7 })).json();
    expect((await create({}, { label: 'x', dias: 7 })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/shl' })).statusCode).toBe(401);
    for (const intruder of [other, doctor]) {
      expect((await t.app.inject({ url: '/api/shl', headers: intruder.auth })).json().links).toEqual([]);
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/api/shl/${shl.id}`,
        headers: intruder.auth,
      });
      expect(revoke.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ url: '/api/shl', headers: owner.auth })).json().links[0].revoked_at,
    ).toBeNull();
    const bad = await create(owner.auth, { label: 'x'.repeat(81), dias: 2 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ label: [SHL_MESSAGES.label], dias: [SHL_MESSAGES.dias] });
  });
});
