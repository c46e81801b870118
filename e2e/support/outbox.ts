import { type APIRequestContext, expect } from '@playwright/test';

/** One message of the dev outbox as `GET /dev/mail.json` answers it (newest first). */
export interface OutboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

/**
 * Waits for the newest mail to `to` whose subject starts with `subject`
 * (mail leaves in the background, a moment after the API answers) and
 * answers it.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/mail.json');
        expect(res.status(), 'the dev outbox needs NODE_ENV other than production').toBe(200);
        const mails = (await res.json()) as OutboxMail[];
        found = mails.find((m) => m.to === to && m.subject.startsWith(subject));
        return found !== undefined;
      },
      { message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** The first link of the mail's text body whose path starts with `path` (e.g. `/email/verify/`). */
export function linkIn(mail: OutboxMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(path));
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  return link;
}

/**
 * Confirms the e-mail of a patient registered through the API or the UI, as
 * following the verification mail does: `PUT /api/email/verify/:token` with
 * the token of the link in the newest 'Confirme seu e-mail' mail to `email`.
 */
export async function verifyEmailThroughOutbox(request: APIRequestContext, email: string): Promise<void> {
  const mail = await waitForMail(request, email, 'Confirme seu e-mail');
  const { pathname } = new URL(linkIn(mail, '/email/verify/'));
  const res = await request.put(`/api${pathname}`);
  expect(res.status(), await res.text()).toBe(200);
}
