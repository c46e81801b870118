import { type PublicEmergencyView, parseCode } from '@pulso/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { cidades, code_access_logs, users } from '../../db/schema/index.ts';
import { safeError } from '../../error-handler.ts';
import { notFound } from '../../errors.ts';
import { toPublicEmergencyView, type UserRow, userRowColumns } from '../users/user.presenter.ts';

/** 404 message of `GET /api/code/:code` (spec 2 §7: the web then offers Register with the code). */
export const CODE_NOT_FOUND_MESSAGE = 'Código não encontrado';

/** `code_access_logs.tabs` value when only the Emergency tab was served (RULINGS.md "Who sees what"). */
export const EMERGENCY_TAB = 'emergencia';

/** Opens a patient's Emergency tab; see {@link emergencyLookup}. */
export type OpenEmergencyView = (
  input: string,
  viewerId: number | null,
  log: Pick<FastifyBaseLogger, 'error'>,
) => Promise<PublicEmergencyView>;

/**
 * Builds the public lookup of one database: `open(input, viewerId, log)`
 * answers a patient's Emergency tab by personal code, in any spelling
 * (RULINGS.md "Who sees what": always readable by anyone holding the code),
 * and writes the opening to `code_access_logs` (`viewerId` null for a
 * visitor). The patient's own openings are logged as well, with their id as
 * viewer: the log stays a complete record and the patient's screen can tell
 * "você" apart from others.
 *
 * Hot path of a paramedic's scan: one select (the {@link UserRow} of
 * `selectUserRow`, city joined) and one insert, nothing else. Both are
 * prepared once here: building the 32-column select per request cost more
 * server CPU than running it (bench/README.md). The insert is awaited so that
 * a served view is on the patient's log before the answer leaves; should the
 * insert fail while the read succeeded, the view is still answered (a
 * responder's access to vital data outweighs one audit row, LGPD art. 11,
 * II, "e") and the failure is logged without personal data.
 *
 * Errors of `open`: 404 {@link CODE_NOT_FOUND_MESSAGE} for a malformed code,
 * an unknown one, or an unclaimed sticker code (nobody's data sits behind it).
 */
export function emergencyLookup(db: Db): OpenEmergencyView {
  // One prepared pair per database, shared by the API route and the page a scan opens.
  const built = lookups.get(db);
  if (built) return built;
  const open = buildEmergencyLookup(db);
  lookups.set(db, open);
  return open;
}

const lookups = new WeakMap<Db, OpenEmergencyView>();

function buildEmergencyLookup(db: Db): OpenEmergencyView {
  const byCode = db
    .select(userRowColumns)
    .from(users)
    .leftJoin(cidades, eq(cidades.id, users.cidade_id))
    // A closed account (issue 3) has no public view.
    .where(and(eq(users.code, sql.placeholder('code')), eq(users.is_active, true)))
    .limit(1)
    .prepare('code_lookup_user');
  const logAccess = db
    .insert(code_access_logs)
    .values({
      user_id: sql.placeholder('user_id'),
      viewer_id: sql.placeholder('viewer_id'),
      tabs: EMERGENCY_TAB,
    })
    .prepare('code_lookup_log');

  return async (input, viewerId, log) => {
    const code = parseCode(input);
    if (!code) throw notFound(CODE_NOT_FOUND_MESSAGE);
    const [row]: UserRow[] = await byCode.execute({ code });
    if (!row) throw notFound(CODE_NOT_FOUND_MESSAGE);
    try {
      await logAccess.execute({ user_id: row.id, viewer_id: viewerId });
    } catch (error) {
      log.error({ err: safeError(error as Error) }, 'code access log not written');
    }
    return toPublicEmergencyView(row);
  };
}
