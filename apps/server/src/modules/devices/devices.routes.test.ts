import { DEVICE_MESSAGES, MAX_DEVICES_PER_USER, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.ts';
import { VAPID_SECRET_NAME } from '../../platform/push.ts';
import { secretStoreFor } from '../../platform/secrets.ts';
import { createPatient, pushSubscription } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

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

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

type Auth = { authorization: string };

const addDevice = (auth: Auth, firebase_token: unknown, userAgent = ANDROID_CHROME) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device',
    headers: { ...auth, 'user-agent': userAgent },
    payload: { firebase_token },
  });
const list = (auth: Auth) => t.app.inject({ url: '/api/devices', headers: auth });
const remove = (auth: Auth, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/device/${id}`, headers: auth });
const rowsOf = (userId: number) => t.database.db.select().from(devices).where(eq(devices.user_id, userId));

describe('devices routes: guests', () => {
  it.each([
    ['GET', '/api/device/vapid-key'],
    ['POST', '/api/device'],
    ['GET', '/api/devices'],
    ['DELETE', '/api/device/1'],
  ] as const)('%s %s answers 401 to a guest', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      ...(method === 'POST' ? { payload: { firebase_token: pushSubscription().json } } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('answers 401 to a forged token', async () => {
    const res = await list({ authorization: 'Bearer forjado-123' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/device/vapid-key', () => {
  it('answers the public key generated on first start (DATA_DIR on PGlite, app_secrets on PostgreSQL)', async () => {
    const owner = await createPatient(t.app);
    const res = await t.app.inject({ url: '/api/device/vapid-key', headers: owner.auth });
    expect(res.statusCode).toBe(200);
    const kept = await secretStoreFor(t.database, t.dataDir).readOrCreate(VAPID_SECRET_NAME, () => {
      throw new Error('the server generated no VAPID keys');
    });
    const stored = JSON.parse(kept);
    expect(res.json()).toEqual({ publicKey: stored.publicKey });
    expect(stored.publicKey).toMatch(/^B[\w-]{86}$/);
  });
});

describe('POST /api/device', () => {
  it('adds the subscription with the user agent, then refreshes the same endpoint instead of duplicating it', async () => {
    const owner = await createPatient(t.app);
    const sub = pushSubscription();
    const first = await addDevice(owner.auth, sub.json);
    expect(first.statusCode).toBe(201);
    const { device } = first.json();
    expect(Object.keys(device).sort()).toEqual(['id', 'updated_at', 'user_agent']);
    expect(device.user_agent).toBe(ANDROID_CHROME);
    expect(new Date(device.updated_at).toISOString()).toBe(device.updated_at);

    await new Promise((r) => setTimeout(r, 20));
    const again = await addDevice(owner.auth, sub.json, `${ANDROID_CHROME} Atualizado`);
    expect(again.statusCode).toBe(200);
    expect(again.json().device.id).toBe(device.id);
    expect(again.json().device.user_agent).toBe(`${ANDROID_CHROME} Atualizado`);
    expect(Date.parse(again.json().device.updated_at)).toBeGreaterThan(Date.parse(device.updated_at));

    const rows = await rowsOf(owner.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firebase_token).toBe(sub.json);
    expect(rows[0]?.endpoint).toBe(sub.endpoint);
  });

  it('moves a browser to the account that enabled notifications on it last', async () => {
    const before = await createPatient(t.app);
    const after = await createPatient(t.app);
    const sub = pushSubscription();
    expect((await addDevice(before.auth, sub.json)).statusCode).toBe(201);
    expect((await addDevice(after.auth, sub.json)).statusCode).toBe(201);
    expect(await rowsOf(before.user.id)).toHaveLength(0);
    expect(await rowsOf(after.user.id)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_DEVICES_PER_USER} devices, dropping the least recently updated`, async () => {
    const owner = await createPatient(t.app);
    const first = await addDevice(owner.auth, pushSubscription().json);
    for (let i = 0; i < MAX_DEVICES_PER_USER; i += 1) {
      expect((await addDevice(owner.auth, pushSubscription().json)).statusCode).toBe(201);
    }
    const rows = await rowsOf(owner.user.id);
    expect(rows).toHaveLength(MAX_DEVICES_PER_USER);
    expect(rows.map((r) => r.id)).not.toContain(first.json().device.id);
  });

  it.each([
    ['no field', undefined, DEVICE_MESSAGES.required],
    ['an empty value', '', DEVICE_MESSAGES.required],
    ['text that is not JSON', 'token-do-firebase', DEVICE_MESSAGES.invalidSubscription],
    [
      'an http endpoint',
      pushSubscription('http://fcm.googleapis.com/fcm/send/abc').json,
      DEVICE_MESSAGES.invalidSubscription,
    ],
    [
      'missing keys',
      JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: {} }),
      DEVICE_MESSAGES.invalidSubscription,
    ],
    [
      'a malformed p256dh key',
      JSON.stringify({
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: 'abc', auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      }),
      DEVICE_MESSAGES.invalidSubscription,
    ],
    [
      'an endpoint that is no push service',
      pushSubscription('https://10.0.0.5/admin').json,
      DEVICE_MESSAGES.unknownPushService,
    ],
    ['a number', 42, DEVICE_MESSAGES.required],
  ])('answers 422 in pt-BR for %s', async (_label, value, message) => {
    const owner = await createPatient(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device',
      headers: owner.auth,
      payload: value === undefined ? {} : { firebase_token: value },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { firebase_token: [message] } });
    expect(await rowsOf(owner.user.id)).toHaveLength(0);
  });
});

describe('GET /api/devices', () => {
  it('lists only the caller’s devices, newest first, without endpoint or keys', async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const android = pushSubscription();
    const iphone = pushSubscription('https://web.push.apple.com/QGuQyavXutnMH0ZSUvRfj');
    await addDevice(owner.auth, android.json, ANDROID_CHROME);
    await new Promise((r) => setTimeout(r, 20));
    await addDevice(owner.auth, iphone.json, IPHONE_SAFARI);
    await addDevice(other.auth, pushSubscription().json);

    const res = await list(owner.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { devices: { id: number; user_agent: string; updated_at: string }[] };
    expect(body.devices.map((d) => d.user_agent)).toEqual([IPHONE_SAFARI, ANDROID_CHROME]);
    for (const d of body.devices) expect(Object.keys(d).sort()).toEqual(['id', 'updated_at', 'user_agent']);
    for (const secret of [android.endpoint, iphone.endpoint, 'p256dh', 'auth', 'googleapis', 'apple.com']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('shows another patient none of the owner’s devices', async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    await addDevice(owner.auth, pushSubscription().json);
    const res = await list(other.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ devices: [] });
  });
});

describe('DELETE /api/device/:id', () => {
  it('removes the owner’s device and answers its id; a second delete is 404', async () => {
    const owner = await createPatient(t.app);
    const keep = (await addDevice(owner.auth, pushSubscription().json)).json().device.id;
    const id = (await addDevice(owner.auth, pushSubscription().json)).json().device.id;
    const res = await remove(owner.auth, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id });
    expect((await list(owner.auth)).json().devices.map((d: { id: number }) => d.id)).toEqual([keep]);
    const again = await remove(owner.auth, id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: DEVICE_MESSAGES.notFound });
  });

  it('answers another patient exactly as for a missing device, and keeps the device', async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const id = (await addDevice(owner.auth, pushSubscription().json)).json().device.id;
    const foreign = await remove(other.auth, id);
    const missing = await remove(other.auth, id + 1000);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
  });

  it('answers 422 for an id that is not a number', async () => {
    const owner = await createPatient(t.app);
    expect((await remove(owner.auth, 'abc')).statusCode).toBe(422);
  });
});
