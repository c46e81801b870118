import type { Db } from '../db/client.ts';
import { audit_log } from '../db/schema/index.ts';

/**
 * The audit log's writing side (issue 9 "Access": every admin action is
 * written — who, what, when, before/after). Below the modules, so that each
 * feature's staff actions record themselves; the admin area reads the log.
 */

/** Who acted: a staff member (`StaffActor` of modules/admin fits). */
export interface AuditActor {
  userId: number;
  email: string;
}

/** One admin action to record: `acao` `<area>.<verb>`, the entity and the changed fields before and after. */
export interface AuditEntry {
  acao: string;
  entidade: string;
  entidade_id?: string | number | null;
  antes?: Record<string, unknown> | null;
  depois?: Record<string, unknown> | null;
}

/**
 * Records `entry` by `actor`. Call it inside the transaction of the change,
 * so the change and its record commit together.
 */
export async function audit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(audit_log).values({
    actor_user_id: actor.userId,
    actor_email: actor.email,
    acao: entry.acao,
    entidade: entry.entidade,
    entidade_id:
      entry.entidade_id === undefined || entry.entidade_id === null ? null : String(entry.entidade_id),
    antes: entry.antes ?? null,
    depois: entry.depois ?? null,
  });
}
