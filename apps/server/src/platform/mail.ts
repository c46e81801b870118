import type { Config } from '../config.ts';

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

/** Builds the mailer of the configuration. */
export function createMailer(_config: Config): Mailer {
  return {
    async send() {
      throw new Error('Mailer not implemented yet');
    },
  };
}
