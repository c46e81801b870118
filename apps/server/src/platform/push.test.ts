import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { Agent, createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { devices, users } from '../db/schema/index.ts';
import { createPatient, pushSubscription } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPushSender, DEFAULT_PUSH_TTL_SECONDS, loadVapidKeys, type PushLog } from './push.ts';
import { fileSecretStore } from './secrets.ts';

// http_ece is web-push's own encryption library: decrypting with it is what the browser does.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A stand-in push service on loopback over TLS (web-push only speaks https), answering by path. */
let service: Server;
let origin: string;
let agent: Agent;
let received: Received[] = [];
let tlsDir: string;
let t: TestApp;

beforeAll(async () => {
  tlsDir = await mkdtemp(path.join(tmpdir(), 'pulso-push-tls-'));
  const key = path.join(tlsDir, 'key.pem');
  const cert = path.join(tlsDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const pem = { key: await readFile(key), cert: await readFile(cert) };
  service = createServer(pem, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = Number(/\/status\/(\d{3})/.exec(req.url ?? '')?.[1] ?? 201);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
  agent = new Agent({ ca: pem.cert, keepAlive: false });
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => service.close(() => resolve()));
  await rm(tlsDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.reset();
  received = [];
});

async function addRow(userId: number, status: number) {
  const sub = pushSubscription(`${origin}/push/status/${status}/${Math.random().toString(36).slice(2)}`);
  const [row] = await t.database.db
    .insert(devices)
    .values({ user_id: userId, firebase_token: sub.json, endpoint: sub.endpoint, user_agent: 'teste' })
    .returning({ id: devices.id });
  if (!row) throw new Error('insert failed');
  return { ...sub, id: row.id };
}

function capture(): PushLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (obj, msg) => lines.push(JSON.stringify({ ...obj, msg })) };
}

describe('createPushSender().sendToUser', () => {
  it('posts an aes128gcm message signed with VAPID that the browser can decrypt', async () => {
    const owner = await createPatient(t.app);
    const device = await addRow(owner.user.id, 201);
    const push = await createPushSender(t.config, t.database, { agent, isAllowedEndpoint: () => true });
    const payload = { title: 'Pulso', body: 'Nova mensagem do seu médico', url: '/telemedicina' };

    expect(await push.sendToUser(owner.user.id, payload)).toEqual({ sent: 1, removed: 0, failed: 0 });

    expect(received).toHaveLength(1);
    const [req] = received;
    if (!req) throw new Error('no request');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.ttl).toBe(String(DEFAULT_PUSH_TTL_SECONDS));
    expect(req.headers.urgency).toBe('high');
    const vapid = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(req.headers.authorization));
    expect(vapid?.[2]).toBe(push.publicKey);
    const claims = JSON.parse(Buffer.from(vapid?.[1]?.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe(t.config.vapid.subject);
    expect(req.body.includes(Buffer.from('médico'))).toBe(false);
    const plain = ece.decrypt(req.body, {
      version: 'aes128gcm',
      privateKey: device.ecdh,
      authSecret: device.authSecret,
    });
    expect(JSON.parse(plain.toString('utf8'))).toEqual(payload);
    expect(await t.database.db.select().from(devices).where(eq(devices.id, device.id))).toHaveLength(1);
  });

  it('deletes the devices the push service reports gone (404, 410), keeps the others and logs only status codes', async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const ok = await addRow(owner.user.id, 201);
    const gone = await addRow(owner.user.id, 410);
    const missing = await addRow(owner.user.id, 404);
    const failing = await addRow(owner.user.id, 500);
    const othersDevice = await addRow(other.user.id, 410);
    const log = capture();
    const push = await createPushSender(t.config, t.database, { agent, isAllowedEndpoint: () => true });

    const result = await push.sendToUser(
      owner.user.id,
      { title: 'Pulso', body: 'Alergia a dipirona' },
      { log },
    );

    expect(result).toEqual({ sent: 1, removed: 2, failed: 1 });
    expect(received).toHaveLength(4);
    const left = await t.database.db.select({ id: devices.id }).from(devices);
    expect(left.map((r) => r.id).sort()).toEqual([ok.id, failing.id, othersDevice.id].sort());
    expect(missing.id).not.toBe(gone.id);
    expect(log.lines).toHaveLength(1);
    expect(JSON.parse(log.lines[0] ?? '{}')).toMatchObject({ deviceId: failing.id, statusCode: 500 });
    expect(log.lines[0]).not.toContain('127.0.0.1');
    expect(log.lines[0]).not.toContain('dipirona');
  });

  it('never posts to an endpoint outside the known push services', async () => {
    const owner = await createPatient(t.app);
    const device = await addRow(owner.user.id, 201);
    const log = capture();
    const push = await createPushSender(t.config, t.database, { agent });
    expect(await push.sendToUser(owner.user.id, { title: 'Pulso', body: 'x' }, { log })).toEqual({
      sent: 0,
      removed: 0,
      failed: 1,
    });
    expect(received).toHaveLength(0);
    expect(log.lines.join()).toContain(String(device.id));
    expect(log.lines.join()).not.toContain(origin);
  });

  it('sends nothing to a closed account, whose devices are kept', async () => {
    const owner = await createPatient(t.app);
    await addRow(owner.user.id, 201);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, owner.user.id));
    const push = await createPushSender(t.config, t.database, { agent, isAllowedEndpoint: () => true });
    expect(await push.sendToUser(owner.user.id, { title: 'Pulso', body: 'x' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
    expect(received).toHaveLength(0);
    expect(await t.database.db.select().from(devices).where(eq(devices.user_id, owner.user.id))).toHaveLength(
      1,
    );
  });

  it('answers zero for a user with no devices', async () => {
    const owner = await createPatient(t.app);
    const push = await createPushSender(t.config, t.database, { agent, isAllowedEndpoint: () => true });
    expect(await push.sendToUser(owner.user.id, { title: 'Pulso', body: 'x' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });
});

describe('VAPID keys', () => {
  it('are generated into DATA_DIR/vapid.json (0600) on first start and reused afterwards', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pulso-vapid-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
      // A PGlite node keeps them in DATA_DIR (platform/secrets.ts); PostgreSQL's row: secrets.test.ts.
      const onDisk = { kind: 'pglite' as const, db: t.database.db };
      const first = await createPushSender(config, onDisk);
      const file = path.join(dataDir, 'vapid.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8')).publicKey).toBe(first.publicKey);
      const second = await createPushSender(config, onDisk);
      expect(second.publicKey).toBe(first.publicKey);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('come from the configuration when both are set, and refuse half a pair or a broken file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pulso-vapid-'));
    try {
      const generated = await loadVapidKeys(loadConfig({ DATA_DIR: dataDir }), fileSecretStore(dataDir));
      const other = path.join(dataDir, 'other');
      const configured = loadConfig({
        DATA_DIR: other,
        VAPID_PUBLIC_KEY: generated.publicKey,
        VAPID_PRIVATE_KEY: generated.privateKey,
      });
      expect((await createPushSender(configured, t.database)).publicKey).toBe(generated.publicKey);
      await expect(
        loadVapidKeys(
          loadConfig({ DATA_DIR: other, VAPID_PUBLIC_KEY: generated.publicKey }),
          fileSecretStore(other),
        ),
      ).rejects.toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
      await expect(
        loadVapidKeys(
          loadConfig({ DATA_DIR: other, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: generated.privateKey }),
          fileSecretStore(other),
        ),
      ).rejects.toThrow(/Invalid VAPID keys/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
