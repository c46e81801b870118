import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from '@pulso/domain';
import type { Config } from '../config.ts';
import { loadNodemailer } from './lazy-libs.ts';

/** One outgoing e-mail: pt-BR, HTML and plain text (issue 3). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail: the dev outbox by default, SMTP when `SMTP_URL` is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A message saved in the dev outbox (`DATA_DIR/mail/<id>.json`, with `<id>.eml` beside it). */
export interface OutboxMessage extends MailMessage {
  id: string;
  from: string;
  /** ISO instant the message was written. */
  date: string;
}

/** Folder of the dev outbox. */
export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'mail');
}

/**
 * Builds the mailer of the configuration
 * (docs/architecture.md "Embedded default"): with `SMTP_URL`, real SMTP
 * through nodemailer (the URL's query carries transport options, e.g.
 * `smtp://host:25?ignoreTLS=true` for a plain local relay); without it, the
 * dev outbox: each message is rendered by nodemailer (`.eml`) and saved with a
 * `.json` summary under `DATA_DIR/mail`. Bodies are never logged: they carry
 * single-use tokens. nodemailer is loaded with the first message
 * (docs/performance.md "The embedded database's memory").
 */
export function createMailer(config: Config): Mailer {
  const from = config.mail.from;
  const { smtpUrl } = config.mail;
  if (smtpUrl) {
    const transport = once(async () => (await loadNodemailer()).createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail({ from, ...message });
      },
    };
  }
  const dir = outboxDir(config);
  let sequence = 0;
  const render = once(async () =>
    (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const now = new Date();
      // Time, then a per-process sequence: ids sort in sending order even within one millisecond.
      sequence = (sequence + 1) % 1_000_000;
      const id = `${now.getTime()}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const info = await (await render()).sendMail({ from, ...message, date: now });
      await mkdir(dir, { recursive: true });
      const saved: OutboxMessage = { id, from, ...message, date: now.toISOString() };
      await writeFile(path.join(dir, `${id}.eml`), info.message as Buffer);
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(saved, null, 2));
    },
  };
}

/** The dev outbox's messages, newest first (an absent folder is an empty outbox). */
export async function readOutbox(config: Config): Promise<OutboxMessage[]> {
  const dir = outboxDir(config);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((n) => /^\d+-\d+-[0-9a-f]+\.json$/.test(n));
  const messages = await Promise.all(
    files.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxMessage),
  );
  return messages.sort((a, b) => b.id.localeCompare(a.id));
}
