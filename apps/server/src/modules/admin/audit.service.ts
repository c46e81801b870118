import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audit_log } from '../../db/schema/index.ts';

/**
 * Reading the audit log of the admin area (issue 9 "Access": every admin
 * action is written — who, what, when, before/after — and readable in the
 * area). Writing it: platform/audit.ts.
 */

/** One audit row as `GET /api/admin/auditoria` answers it (`created_at` ISO 8601). */
export interface AuditView {
  id: number;
  actor_email: string;
  acao: string;
  entidade: string;
  entidade_id: string | null;
  antes: unknown;
  depois: unknown;
  created_at: string;
}

/**
 * The newest audit rows first, `limit` at a time, those older than `before`
 * (an id) when given, filtered by `entidade` (and `entidade_id`). Answers
 * the rows and the cursor of the next page (`null` at the end).
 */
export async function listAudit(
  db: Db,
  filter: { entidade?: string; entidade_id?: string; before?: number; limit: number },
): Promise<{ registros: AuditView[]; next: number | null }> {
  const where: SQL[] = [];
  if (filter.entidade) where.push(eq(audit_log.entidade, filter.entidade));
  if (filter.entidade_id) where.push(eq(audit_log.entidade_id, filter.entidade_id));
  if (filter.before) where.push(lt(audit_log.id, filter.before));
  const rows = await db
    .select()
    .from(audit_log)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(audit_log.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  return {
    registros: page.map((r) => ({
      id: r.id,
      actor_email: r.actor_email,
      acao: r.acao,
      entidade: r.entidade,
      entidade_id: r.entidade_id,
      antes: r.antes,
      depois: r.depois,
      created_at: r.created_at.toISOString(),
    })),
    next: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
