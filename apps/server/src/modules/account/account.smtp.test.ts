import type { AddressInfo } from 'node:net';
import { ACCOUNT_MESSAGES } from '@pulso/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailIdle } from '../../platform/mail-jobs.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** One message as the SMTP server received it. */
interface Received {
  envelopeTo: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  // A real SMTP server on loopback. It offers STARTTLS with a self-signed
  // certificate; `?ignoreTLS=true` in SMTP_URL makes nodemailer stay in plain text.
  smtp = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    MAIL_FROM: 'Pulso <ola@pulso.test>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Decodes a quoted-printable body (soft line breaks, `=XX` bytes as UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded parts of a multipart message by content type, and its top-level headers. */
function parseMime(raw: string): { headers: string; parts: Record<string, string> } {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) throw new Error('expected a multipart message (HTML and text)');
  const parts: Record<string, string> = {};
  for (const chunk of body.split(`--${boundary}`)) {
    const [partHeaders = '', ...partBody] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const type = /content-type:\s*([\w/]+)/i.exec(partHeaders)?.[1]?.toLowerCase();
    if (!type) continue;
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(partHeaders)?.[1]?.toLowerCase();
    const content = partBody.join('\n\n');
    parts[type] =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content)
        : encoding === 'base64'
          ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
          : content;
  }
  return { headers, parts };
}

/** The newest message the SMTP server received for `to`, once deliveries in flight are done. */
async function lastMailTo(to: string) {
  await mailIdle(t.app.ctx);
  const mail = received.filter((m) => m.envelopeTo.includes(to)).at(-1);
  if (!mail) throw new Error(`the SMTP server received nothing for ${to}`);
  return parseMime(mail.raw);
}

describe('mail through a real SMTP server', () => {
  it('delivers the verification mail, whose link verifies the e-mail', async () => {
    const p = await createPatient(t.app, { name: 'Joana Prado' });
    const { headers, parts } = await lastMailTo(p.user.email);
    expect(headers).toMatch(/^From: Pulso <ola@pulso\.test>$/m);
    expect(headers).toMatch(/^Subject: /m);
    expect(parts['text/plain']).toContain('Olá, Joana!');
    expect(parts['text/html']).toContain('Confirmar meu e-mail');
    const link = /http:\/\/pulso\.test\/email\/verify\/[\w-]+/.exec(parts['text/plain'] ?? '')?.[0];
    expect(link).toBeDefined();
    expect(parts['text/html']).toContain(`href="${link}"`);

    const url = new URL(link as string);
    const res = await t.app.inject({ method: 'PUT', url: `/api${url.pathname}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.verified });
    const me = await t.app.inject({ url: '/api/user', headers: p.auth });
    expect(me.json().user.email_verified_at).not.toBeNull();
  });

  it('delivers the reset mail, whose link resets the password', async () => {
    const p = await createPatient(t.app);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/password/email',
      payload: { email: p.user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const { parts } = await lastMailTo(p.user.email);
    const link = /http:\/\/pulso\.test\/password\/reset\/\S+/.exec(parts['text/plain'] ?? '')?.[0];
    expect(link).toBeDefined();
    expect(parts['text/html']).toContain((link as string).replaceAll('&', '&amp;'));

    const url = new URL(link as string);
    const token = url.pathname.split('/').pop();
    const email = url.searchParams.get('email');
    expect(email).toBe(p.user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, email, password: 'nova-senha-smtp-1', password_confirmation: 'nova-senha-smtp-1' },
    });
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.user.email, password: 'nova-senha-smtp-1' },
    });
    expect(login.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: p.auth })).statusCode).toBe(401);
  });
});
