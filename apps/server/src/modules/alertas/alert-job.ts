import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { code_access_logs, code_alerts, job_cursors } from '../../db/schema/index.ts';
import { ALERTABLE, sendOpeningAlert } from './alert-send.ts';

/** Period of the `code-alerts` job: an opening is told within about this much (docs/code-alerts.md). */
export const CODE_ALERTS_JOB_MS = 15_000;
/** At most one alert per code in this long; what comes in between is summed into the next. */
export const CODE_ALERT_INTERVAL_MS = 10 * 60_000;
/**
 * Access-log rows younger than this are left for the next run: a row's id is drawn before its insert
 * commits, so a younger row might still be joined by one with a smaller id.
 */
const SETTLE_MS = 5_000;
const CURSOR = 'code-alerts';
/** Rows read and alerts sent per run at most; a backlog drains over the next runs. */
const ROWS_PER_RUN = 5_000;
const ALERTS_PER_RUN = 200;

/**
 * One run of the `code-alerts` job (docs/code-alerts.md "Alerts"): reads the access log after its cursor
 * (`job_cursors`), marks each patient with a new alertable opening (`code_alerts.pendente_desde`, the first
 * one not yet told), then sends the alerts of the patients whose last one is {@link CODE_ALERT_INTERVAL_MS}
 * old or more, each claimed first by one `UPDATE … RETURNING` (an alert goes out at most once, even should
 * two nodes overlap). The first run of an installation starts at the newest row: history is not alerted.
 * `now` for tests. Returns how many alerts were sent.
 */
export async function runCodeAlerts(
  ctx: AppContext,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const { db } = ctx.database;
  const settled = new Date(now.getTime() - SETTLE_MS).toISOString();
  // Both drivers answer `{ rows }`.
  const started = (await db.execute(sql`insert into ${job_cursors} (name, last_id)
    select ${CURSOR}, coalesce(max(id), 0) from ${code_access_logs}
    on conflict (name) do nothing returning last_id`)) as unknown as { rows: unknown[] };
  if (started.rows.length > 0) return 0;
  await db.execute(sql`with cursor as (
        select last_id from ${job_cursors} where name = ${CURSOR} for update
      ), fresh as (
        select ${code_access_logs.id} as id, ${code_access_logs.user_id} as user_id, ${ALERTABLE} as alertable
        from ${code_access_logs}, cursor
        where ${code_access_logs.id} > cursor.last_id and ${code_access_logs.created_at} < ${settled}::timestamptz
        order by ${code_access_logs.id} limit ${ROWS_PER_RUN}
      ), marked as (
        insert into ${code_alerts} (user_id, pendente_desde)
        select user_id, min(id) from fresh where alertable group by user_id
        on conflict (user_id) do update
          set pendente_desde = coalesce(${code_alerts.pendente_desde}, excluded.pendente_desde)
      )
      update ${job_cursors} set last_id = (select max(id) from fresh)
      where name = ${CURSOR} and exists (select 1 from fresh)`);
  const due = (await db.execute(sql`with due as (
      select user_id, pendente_desde from ${code_alerts}
      where pendente_desde is not null
        and (enviado_em is null or enviado_em <= ${new Date(now.getTime() - CODE_ALERT_INTERVAL_MS).toISOString()}::timestamptz)
      order by user_id limit ${ALERTS_PER_RUN} for update skip locked
    )
    update ${code_alerts} c set pendente_desde = null, enviado_em = ${now.toISOString()}::timestamptz
    from due where c.user_id = due.user_id
    returning c.user_id, due.pendente_desde`)) as unknown as {
    rows: { user_id: number; pendente_desde: number }[];
  };
  for (const { user_id, pendente_desde } of due.rows) {
    try {
      await sendOpeningAlert(ctx, log, user_id, pendente_desde);
    } catch (error) {
      log.error({ err: { type: (error as Error).name }, job: CURSOR }, 'code alert not sent');
    }
  }
  return due.rows.length;
}
