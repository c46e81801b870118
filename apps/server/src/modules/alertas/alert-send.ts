import { type AlertViewer, codeAlertText, locationAlertText, mapHref, type ViewerKind } from '@pulso/domain';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { code_access_logs, medicos, users } from '../../db/schema/index.ts';
import { codeAlertMail } from '../../platform/mail-templates.ts';

/** Where an alert's button and notification lead: the access log ('Quem acessou meus dados'). */
export const ACCESS_LOG_PATH = '/permissoes/acessos';

/**
 * The openings an alert tells (docs/code-alerts.md "Alerts"): by anyone but the patient, that served data —
 * not an attempt with a replaced code (no tabs), not a further page of the Timeline tab (logged as
 * `emergencia,timeline`, which no opening serves: the Timeline tab comes only with My Health), not the opening
 * of a shared summary link (`resumo`; docs/smart-health-links.md).
 */
export const ALERTABLE = sql`(${code_access_logs.viewer_kind} <> 'self' and ${code_access_logs.tabs} <> ''
  and ${code_access_logs.tabs} <> 'emergencia,timeline' and ${code_access_logs.tabs} <> 'resumo'
  and ${code_access_logs.codigo_substituido} is null)`;

const viewers = alias(users, 'viewer');

/** The patient an alert goes to, with their switches; null for a closed account. */
async function recipient(ctx: AppContext, userId: number) {
  const [row] = await ctx.database.db
    .select({
      name: users.name,
      email: users.email,
      push: users.alertas_push,
      mail: users.alertas_email,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.is_active, true)))
    .limit(1);
  return row ?? null;
}

/** Sends `text` by the channels the patient left on; never throws (failures are logged without the text). */
async function deliver(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  subject: string,
  text: string,
): Promise<void> {
  const to = await recipient(ctx, userId);
  if (!to) return;
  const link = `${ctx.config.publicOrigin}${ACCESS_LOG_PATH}`;
  await Promise.all([
    to.push
      ? ctx.push.sendToUser(userId, { title: 'Pulso', body: text, url: ACCESS_LOG_PATH }, { log })
      : null,
    to.mail
      ? ctx.mailer
          .send(codeAlertMail({ to: to.email, name: to.name, subject, text, link }))
          .catch((error: Error) =>
            log.error({ err: { type: error.name }, kind: 'code_alert' }, 'mail delivery failed'),
          )
      : null,
  ]);
}

/**
 * Tells a patient the openings of their code from the access-log row `fromId` on (docs/code-alerts.md
 * "Alerts"): the first one by time and viewer, the rest summed. Nothing when none of them is alertable any more.
 */
export async function sendOpeningAlert(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  fromId: number,
): Promise<void> {
  const rows = await ctx.database.db
    .select({
      created_at: code_access_logs.created_at,
      kind: code_access_logs.viewer_kind,
      name: viewers.name,
      doctor: sql<boolean>`${medicos.id} is not null`,
    })
    .from(code_access_logs)
    .leftJoin(viewers, eq(viewers.id, code_access_logs.viewer_id))
    .leftJoin(medicos, eq(medicos.user_id, code_access_logs.viewer_id))
    .where(and(eq(code_access_logs.user_id, userId), gte(code_access_logs.id, fromId), ALERTABLE))
    .orderBy(asc(code_access_logs.id))
    .limit(1000);
  // The page a signed-in viewer opens is logged as a visitor's, then as theirs (the page asks again with the
  // token): a visitor's row followed within a minute by an account's is that one opening.
  const openings = rows.filter((row, index) => {
    const next = rows[index + 1];
    return !(
      row.kind === 'guest' &&
      next &&
      next.kind !== 'guest' &&
      next.created_at.getTime() - row.created_at.getTime() <= 60_000
    );
  });
  const first = openings[0];
  const last = openings.at(-1);
  if (!first || !last) return;
  const viewer: AlertViewer = { kind: first.kind as ViewerKind, name: first.name, doctor: first.doctor };
  const more = openings.length - 1;
  const text = codeAlertText({ at: first.created_at, viewer, more, lastAt: last.created_at });
  await deliver(ctx, log, userId, 'Seu código foi aberto', text);
}

/**
 * Tells a patient where the viewer of one opening was (docs/code-alerts.md "Where"), at once, not held by
 * the 10-minute rule: `at` the opening's time, the place already rounded.
 */
export async function sendLocationAlert(
  ctx: AppContext,
  log: FastifyBaseLogger,
  place: { userId: number; at: Date; latitude: number; longitude: number },
): Promise<void> {
  const text = locationAlertText(place.at, mapHref(place.latitude, place.longitude));
  await deliver(ctx, log, place.userId, 'Localização de quem abriu seu código', text);
}
