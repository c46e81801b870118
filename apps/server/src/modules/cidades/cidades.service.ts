import type { Cidade } from '@pulso/domain';
import { asc, desc, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cidades } from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';

/** Most municipalities one search answers (issue 2 API: ≤ 20). */
export const CIDADES_SEARCH_LIMIT = 20;

// `cidades.busca` is varchar(120): a longer key cannot be part of any name.
const MAX_KEY_LENGTH = 120;

/** Escapes LIKE's wildcards (and its escape character) so the text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * Municipalities whose name contains `text`, ignoring accents and case
 * (`GET /api/cidades/search/:text`, docs/accounts.md "Cities"). Answers `[]`
 * when the text has 1 character or fewer after trimming. Names starting with
 * the text come first, then by name (accent-free, byte order, then UF); at most
 * {@link CIDADES_SEARCH_LIMIT}. `descricao` is `"Nome - UF"`.
 * `busca LIKE '%key%'` is served by the trigram GIN index.
 */
export async function searchCidades(db: Db, text: string): Promise<Cidade[]> {
  const key = searchKey(text);
  if (key.length <= 1 || key.length > MAX_KEY_LENGTH) return [];
  const escaped = escapeLike(key);
  const prefix = like(cidades.busca, `${escaped}%`);
  const rows = await db
    .select({ id: cidades.id, nome: cidades.nome, uf: cidades.uf })
    .from(cidades)
    .where(like(cidades.busca, `%${escaped}%`))
    // "C" collation: the same order on PGlite and on PostgreSQL whatever the server's locale.
    .orderBy(desc(prefix), asc(sql`${cidades.busca} collate "C"`), asc(cidades.uf))
    .limit(CIDADES_SEARCH_LIMIT);
  return rows.map((r) => ({ id: r.id, descricao: `${r.nome} - ${r.uf}` }));
}
