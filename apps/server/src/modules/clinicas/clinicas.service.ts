import type { ClinicaView } from '@pulso/domain';
import { asc, desc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cidades, clinicas, especialidades } from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { escapeLike } from '../cidades/index.ts';

/** Most clinics one search answers. */
export const CLINICAS_SEARCH_LIMIT = 20;

// `clinicas.busca` is varchar(255): a longer key cannot be part of any name.
const MAX_KEY_LENGTH = 255;

/**
 * Clinics whose name contains `text`, ignoring accents and case (`GET
 * /api/clinicas/search/:text`, docs/telemedicine.md "Finding a doctor"; the
 * doctor search wizard's clinic step). Answers `[]` when the text has 1
 * character or fewer after trimming (autocomplete "longer than 1 character").
 * Names starting with the text first, then by name (accent-free, byte order),
 * then id; at most {@link CLINICAS_SEARCH_LIMIT}; each with its city
 * ('Nome - UF') or `null`. LIKE's wildcards match literally; served by the
 * trigram GIN index.
 */
export async function searchClinicas(db: Db, text: string): Promise<ClinicaView[]> {
  const key = searchKey(text);
  if (key.length <= 1 || key.length > MAX_KEY_LENGTH) return [];
  const escaped = escapeLike(key);
  const rows = await db
    .select({
      id: clinicas.id,
      nome: clinicas.nome,
      cidade_id: clinicas.cidade_id,
      cidade: cidades.nome,
      uf: cidades.uf,
    })
    .from(clinicas)
    .leftJoin(cidades, eq(cidades.id, clinicas.cidade_id))
    .where(like(clinicas.busca, `%${escaped}%`))
    // "C" collation: the same order on PGlite and on PostgreSQL whatever the server's locale.
    .orderBy(
      desc(like(clinicas.busca, `${escaped}%`)),
      asc(sql`${clinicas.busca} collate "C"`),
      asc(clinicas.id),
    )
    .limit(CLINICAS_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    nome: r.nome,
    cidade:
      r.cidade_id !== null && r.cidade !== null
        ? { id: r.cidade_id, descricao: `${r.cidade} - ${r.uf}` }
        : null,
  }));
}

/** Every CFM specialty (`GET /api/especialidades`), by name. */
export async function listEspecialidades(db: Db): Promise<{ id: number; nome: string }[]> {
  return db
    .select({ id: especialidades.id, nome: especialidades.nome })
    .from(especialidades)
    .orderBy(asc(especialidades.nome));
}
