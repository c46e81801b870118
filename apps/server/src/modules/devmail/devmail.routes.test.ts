import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../../platform/mail.ts';
import { mailIdle } from '../../platform/mail-jobs.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('dev outbox', () => {
  it('writes each message as .json and .eml under DATA_DIR/mail', async () => {
    const p = await createPatient(t.app, { name: 'Rita <b>Negrito</b>' });
    await mailIdle(t.app.ctx);
    const names = await readdir(outboxDir(t.config));
    const json = names.filter((n) => n.endsWith('.json'));
    expect(json).toHaveLength(1);
    expect(names).toContain(json[0]?.replace(/\.json$/, '.eml'));
    const saved = JSON.parse(await readFile(path.join(outboxDir(t.config), json[0] ?? ''), 'utf8'));
    expect(saved).toMatchObject({
      to: p.user.email,
      subject: 'Confirme seu e-mail - Pulso',
      from: t.config.mail.from,
    });
    expect(Number.isNaN(Date.parse(saved.date))).toBe(false);
    const eml = await readFile(
      path.join(outboxDir(t.config), (json[0] ?? '').replace(/\.json$/, '.eml')),
      'utf8',
    );
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(eml).toContain(`To: ${p.user.email}`);
  });

  it('lists the messages newest first at /dev/mail.json and /dev/mail, escaped, links clickable', async () => {
    const second = await createPatient(t.app, { name: 'Bia Lopes' });
    await mailIdle(t.app.ctx);
    const list = await t.app.inject({ url: '/dev/mail.json' });
    expect(list.statusCode).toBe(200);
    const messages = list.json() as { to: string; text: string }[];
    expect(messages).toHaveLength(2);
    expect(messages[0]?.to).toBe(second.user.email);

    const page = await t.app.inject({ url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    expect(html.indexOf(second.user.email)).toBeLessThan(html.lastIndexOf('Confirme seu e-mail'));
    expect(html).toContain('Olá, Rita!');
    expect(html).not.toContain('<b>Negrito</b>');
    const link = /http:\/\/pulso\.test\/email\/verify\/[\w-]+/.exec(messages[0]?.text ?? '')?.[0];
    expect(html).toContain(`<a href="${link}">${link}</a>`);
  });

  it('escapes what a name could inject into the listing', async () => {
    await createPatient(t.app, { name: '<script>alert(1)</script> Silva' });
    await mailIdle(t.app.ctx);
    const html = (await t.app.inject({ url: '/dev/mail' })).body;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each(['192.168.0.20', '10.1.2.3', '203.0.113.9', '::ffff:192.168.0.20', '2001:db8::1'])(
    'answers 404 to a request from another machine (%s), as if it did not exist',
    async (remoteAddress) => {
      await createPatient(t.app);
      await mailIdle(t.app.ctx);
      for (const url of ['/dev/mail', '/dev/mail.json']) {
        const res = await t.app.inject({ url, remoteAddress });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('@exemplo.com.br');
        expect(res.json()).toEqual({ message: 'Rota não encontrada' });
      }
    },
  );

  it.each(['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1'])(
    'answers loopback (%s)',
    async (remoteAddress) => {
      expect((await t.app.inject({ url: '/dev/mail.json', remoteAddress })).statusCode).toBe(200);
    },
  );

  it('judges by the connection, not X-Forwarded-For, when TRUST_PROXY is on', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const spoofed = await proxied.app.inject({
        url: '/dev/mail.json',
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode).toBe(404);
      // A proxy on this machine forwarding a remote client: still the socket's loopback address.
      const local = await proxied.app.inject({
        url: '/dev/mail.json',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(local.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
      expect((await prod.app.inject({ url: '/dev/mail.json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
