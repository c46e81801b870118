import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../lock.ts';
import { type ServerProcess, spawnServer, startServer, until } from '../test/cluster.ts';
import { call, freePort, loginStatus, namespacedPid, OWN_PID_NAMESPACE, register } from '../test/faults.ts';

// Fault suite, embedded default (docs/operations-and-faults.md "Fault tests"): real server processes
// (`npm start`'s main.ts) on one temp PGlite DATA_DIR, killed with SIGKILL, some of them PID 1 of a
// PID namespace of their own (unshare, as a container entrypoint). Engine-independent: api-pglite only.

const dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-faults-'));
const lockFile = path.join(dataDir, LOCK_FILE);
const avatarsDir = path.join(dataDir, 'files', 'avatars');
const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', RATE_LIMIT_AUTH_PER_MINUTE: '1000' };
const servers: ServerProcess[] = [];
const accounts: { email: string; password: string; token: string }[] = [];
let first: ServerProcess;
let current: ServerProcess;
let avatar: Buffer;

const tempFiles = () =>
  existsSync(avatarsDir) ? readdirSync(avatarsDir).filter((f) => f.endsWith('.tmp')) : [];

async function signUp(origin: string) {
  const made = await register(origin);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  accounts.push({ email: made.email, password: made.password, token: made.token as string });
}

/** Every account acknowledged so far signs in on `origin`: nothing acknowledged was lost. */
async function everyAccountSignsIn(origin: string) {
  for (const account of accounts)
    expect(await loginStatus(origin, account.email, account.password)).toBe(200);
}

function uploadAvatar(origin: string, token: string) {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(avatar)], { type: 'image/png' }), 'foto.png');
  return fetch(`${origin}/api/home/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function avatarOf(origin: string, token: string): Promise<string | null> {
  const me = await call(origin, 'GET', '/api/user', { token });
  expect(me.status).toBe(200);
  return (me.body as { user: { avatar: string | null } }).user.avatar;
}

beforeAll(async () => {
  avatar = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
}, 60_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fault suite: one PGlite data directory', () => {
  it('refuses a second server started from another PID namespace; the first keeps serving, its lock intact', async () => {
    // Uploads on this server pause halfway (test-only hook) so the next test can kill it mid-write.
    first = await startServer(await freePort(), { ...env, STORAGE_WRITE_DELAY_MS: '20000' });
    servers.push(first);
    current = first;
    await signUp(first.origin);
    const held = readFileSync(lockFile, 'utf8');
    expect(JSON.parse(held)).toMatchObject({ pid: first.child.pid });

    const intruder = spawnServer(await freePort(), env, OWN_PID_NAMESPACE);
    servers.push(intruder);
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(/está em uso por outro processo \(pid \d+ em /);

    expect(readFileSync(lockFile, 'utf8')).toBe(held);
    expect((await call(first.origin, 'GET', '/api/health')).status).toBe(200);
    await signUp(first.origin);
    await everyAccountSignsIn(first.origin);
  }, 150_000);

  it('kill -9 during an avatar upload: the restart leaves no .tmp, lists nothing half-stored, and the upload can be retried', async () => {
    const [ana] = accounts;
    if (!ana) throw new Error('no account');
    const uploading = uploadAvatar(first.origin, ana.token).then(
      (res) => res.status,
      () => 'cut' as const,
    );
    await until(() => tempFiles().length > 0, 60_000);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await uploading).toBe('cut');
    expect(tempFiles()).toHaveLength(1);

    // Restarted as a container would be: PID 1 of a fresh PID namespace, at once (the kernel freed the lock).
    current = await startServer(await freePort(), env, 120_000, OWN_PID_NAMESPACE);
    servers.push(current);
    expect(tempFiles()).toEqual([]);
    await everyAccountSignsIn(current.origin);
    expect(await avatarOf(current.origin, ana.token)).toBeNull();

    const retried = await uploadAvatar(current.origin, ana.token);
    expect(retried.status).toBe(200);
    const url = await avatarOf(current.origin, ana.token);
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.png$/);
    const image = await fetch(`${current.origin}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(readdirSync(avatarsDir)).toHaveLength(1);
  }, 180_000);

  it('a PID-1 server killed with -9 starts again as PID 1 with everything it acknowledged, and frees the lock on SIGTERM', async () => {
    await signUp(current.origin);
    process.kill(namespacedPid(current), 'SIGKILL');
    await current.exited;

    const again = await startServer(await freePort(), env, 120_000, OWN_PID_NAMESPACE);
    servers.push(again);
    await everyAccountSignsIn(again.origin);
    const [ana] = accounts;
    const url = await avatarOf(again.origin, ana?.token as string);
    expect((await fetch(`${again.origin}${url}`)).status).toBe(200);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: 1 });

    process.kill(namespacedPid(again), 'SIGTERM');
    expect(await again.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});
