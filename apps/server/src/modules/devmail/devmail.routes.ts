import { isIP } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OutboxMessage, readOutbox } from '../../platform/mail.ts';
import { escapeHtml } from '../../platform/mail-templates.ts';

const OutboxMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  date: z.string(),
});

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

/** Escapes a plain-text body and makes its http(s) links clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p>Para: ${escapeHtml(m.to)}<br>De: ${escapeHtml(m.from)}<br>Data: <time datetime="${escapeHtml(m.date)}">${escapeHtml(dateFormat.format(new Date(m.date)))}</time></p>
<pre>${linkify(m.text)}</pre>
</article>
<hr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Caixa de saída (desenvolvimento) - Pulso</title></head>
<body>
<main>
<h1>Caixa de saída (desenvolvimento)</h1>
<p>E-mails que o Pulso enviaria, do mais recente ao mais antigo. Esta página não existe em produção.</p>
${messages.length === 0 ? '<p>Nenhum e-mail enviado ainda.</p>' : items}
</main>
</body>
</html>
`;
}

/**
 * Whether `address` (a socket's remote address) is this machine: 127.0.0.0/8,
 * `::1`, or 127.x written as an IPv4-mapped IPv6 address.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * The dev outbox (issue 3), registered under `/dev` only outside production:
 * `GET /dev/mail` lists the saved messages as HTML (newest first, everything
 * escaped, links of the text body clickable) and `GET /dev/mail.json` answers
 * them as an array, newest first, for tests. It holds every password-reset
 * and verification link, so it answers only requests from this machine:
 * any other address gets the same 404 as an unknown route
 * (docs/auth-security.md "Dev outbox"). The address is the connection's own,
 * never `X-Forwarded-For`, even with `TRUST_PROXY`.
 */
export const devmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.raw.socket.remoteAddress)) {
      return reply.code(404).send({ message: 'Rota não encontrada' });
    }
  });

  // HTML answer: no response schema (the zod serializer would JSON-encode the page).
  app.get(
    '/mail',
    {
      config: { access: 'dev' },
      schema: { summary: 'Dev outbox as an HTML page (not in production)', tags: ['dev'], hide: true },
    },
    async (_request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(await readOutbox(config));
    },
  );

  app.get(
    '/mail.json',
    {
      config: { access: 'dev' },
      schema: {
        summary: 'Dev outbox messages, newest first (not in production)',
        tags: ['dev'],
        hide: true,
        response: { 200: z.array(OutboxMessageSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readOutbox(config);
    },
  );
};
