import { MEDICO_SEARCH_LIMIT, MEDICO_SEARCH_MIN_LENGTH, type MedicoOption } from '@pulso/domain';
import { and, asc, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { especialidades, medico_crms, medico_especialidades, medicos, users } from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { escapeLike } from '../cidades/index.ts';

// `medicos.busca` is varchar(255): a longer key cannot be part of any name.
const MAX_KEY_LENGTH = 255;

/**
 * A doctor that may be listed and chosen as one's own doctor: not suspended
 * (docs/telemedicine.md "Doctors"), with an open account, and not the support
 * pseudo-doctor (nobody's physician).
 */
const listable = () =>
  and(isNull(medicos.suspended_at), eq(users.is_active, true), eq(medicos.suporte, false));

/**
 * The options of the given doctors, in the order of `ids`: CRMs in
 * registration order (the first is the one `hospitalarDoctorFields` copies),
 * and the first specialty in pt-BR alphabetical order, `null` when none.
 */
async function toOptions(db: Db, rows: { id: number; name: string }[]): Promise<MedicoOption[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const crms = await db
    .select({ medico_id: medico_crms.medico_id, numero: medico_crms.numero, uf: medico_crms.uf })
    .from(medico_crms)
    .where(inArray(medico_crms.medico_id, ids))
    .orderBy(asc(medico_crms.id));
  const specialties = await db
    .select({ medico_id: medico_especialidades.medico_id, nome: especialidades.nome })
    .from(medico_especialidades)
    .innerJoin(especialidades, eq(especialidades.id, medico_especialidades.especialidade_id))
    .where(inArray(medico_especialidades.medico_id, ids));
  const first = new Map<number, string>();
  for (const s of specialties) {
    const current = first.get(s.medico_id);
    if (current === undefined || s.nome.localeCompare(current, 'pt-BR') < 0) first.set(s.medico_id, s.nome);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    especialidade: first.get(r.id) ?? null,
    crms: crms.filter((c) => c.medico_id === r.id).map((c) => ({ numero: c.numero, uf: c.uf })),
  }));
}

/**
 * Registered doctors whose name contains `text`, ignoring accents and case
 * (`GET /api/medicos/search/:text`, docs/telemedicine.md "Doctor autocomplete").
 * Only doctors that are not suspended and whose account is open are listed.
 * Answers `[]` when the text has fewer than {@link MEDICO_SEARCH_MIN_LENGTH}
 * characters after trimming ("longer than 1 character"). Names starting
 * with the text come first, then by name (accent-free, byte order, then id);
 * at most {@link MEDICO_SEARCH_LIMIT}. LIKE's wildcards in the text match
 * literally; `busca LIKE '%key%'` is served by the trigram GIN index.
 */
export async function searchMedicos(db: Db, text: string): Promise<MedicoOption[]> {
  const key = searchKey(text);
  if (key.length < MEDICO_SEARCH_MIN_LENGTH || key.length > MAX_KEY_LENGTH) return [];
  const escaped = escapeLike(key);
  const prefix = like(medicos.busca, `${escaped}%`);
  const rows = await db
    .select({ id: medicos.id, name: users.name })
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(and(listable(), like(medicos.busca, `%${escaped}%`)))
    // "C" collation: the same order on PGlite and on PostgreSQL whatever the server's locale.
    .orderBy(desc(prefix), asc(sql`${medicos.busca} collate "C"`), asc(medicos.id))
    .limit(MEDICO_SEARCH_LIMIT);
  return toOptions(db, rows);
}

/**
 * The doctor a patient may choose in `hospitalar` (docs/telemedicine.md "Doctor
 * autocomplete"): `null` when the id is unknown, the doctor suspended or the
 * account closed.
 */
export async function findChoosableMedico(db: Db, id: number): Promise<MedicoOption | null> {
  const [row] = await db
    .select({ id: medicos.id, name: users.name })
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(and(listable(), eq(medicos.id, id)))
    .limit(1);
  if (!row) return null;
  const [option] = await toOptions(db, [row]);
  return option ?? null;
}
