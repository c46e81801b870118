import { randomInt } from 'node:crypto';
import { PASS_ALPHABET, PASS_LENGTH, type PassView } from '@pulso/domain';
import { desc, eq } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { passes, users } from '../../db/schema/index.ts';
import { isUniqueViolation, requireMedico } from '../telemedicina/index.ts';

/** The passes a doctor issues to patients (docs/api/telemedicina.md "Doctor area"). */

/** Most passes `GET /api/medico/passes` answers, newest first. */
export const PASSES_LIMIT = 100;

type PassRow = {
  id: number;
  code: string;
  created_at: Date;
  used_at: Date | null;
  paciente_id: number | null;
  paciente_name: string | null;
};

function toPassView(row: PassRow): PassView {
  return {
    id: row.id,
    code: row.code,
    created_at: row.created_at.toISOString(),
    used_at: row.used_at?.toISOString() ?? null,
    paciente:
      row.used_at !== null && row.paciente_id !== null && row.paciente_name !== null
        ? { id: row.paciente_id, name: row.paciente_name }
        : null,
  };
}

const passColumns = {
  id: passes.id,
  code: passes.code,
  created_at: passes.created_at,
  used_at: passes.used_at,
  paciente_id: users.id,
  paciente_name: users.name,
};

/**
 * `GET /api/medico/passes`: the doctor's passes, newest first (at most
 * {@link PASSES_LIMIT}), with who used each. Errors: 403 notMedico.
 */
export async function listPasses(db: Db, actor: Actor): Promise<PassView[]> {
  const { medicoId } = await requireMedico(db, actor);
  const rows = await db
    .select(passColumns)
    .from(passes)
    .leftJoin(users, eq(users.id, passes.used_by))
    .where(eq(passes.medico_id, medicoId))
    .orderBy(desc(passes.created_at), desc(passes.id))
    .limit(PASSES_LIMIT);
  return rows.map(toPassView);
}

/**
 * `POST /api/medico/passes` (docs/api/telemedicina.md "Doctor area", "Requests and payment"): a new single-use pass
 * valid for one request to this doctor; its code is drawn at random (a
 * clash with an existing code draws again). Errors: 403 notMedico.
 */
export async function issuePass(db: Db, actor: Actor): Promise<PassView> {
  const { medicoId } = await requireMedico(db, actor);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db.insert(passes).values({ medico_id: medicoId, code: drawPassCode() }).returning({
        id: passes.id,
        code: passes.code,
        created_at: passes.created_at,
        used_at: passes.used_at,
      });
      if (!row) throw new Error('pass not inserted');
      return toPassView({ ...row, paciente_id: null, paciente_name: null });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** A fresh pass code: {@link PASS_LENGTH} characters of {@link PASS_ALPHABET}, drawn at random. */
export function drawPassCode(): string {
  let code = '';
  for (let i = 0; i < PASS_LENGTH; i += 1) code += PASS_ALPHABET[randomInt(PASS_ALPHABET.length)];
  return code;
}
