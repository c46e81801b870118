import { TIMELINE_TIPOS, type TimelineTipo } from '@pulso/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import { timeline_items } from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { escapeLike } from '../cidades/index.ts';

/**
 * Timeline search (docs/api/timeline.md "Search"): PostgreSQL full-text in
 * Portuguese over `timeline_items.busca` (type label, description, doctor's
 * name), accent- and case-insensitive, with whole words, prefixes and parts
 * of words found, every word of the term required, ranked. The same SQL runs
 * on PGlite and on PostgreSQL, among the caller's records only.
 */

/**
 * The Portuguese tsquery of the placeholder `name`, as a sub-select: PostgreSQL
 * computes it once per execution. Written inline, a generic plan (which
 * PostgreSQL picks for a prepared statement once it costs no more than the
 * custom ones, as on a small table) would parse and stem the term again for
 * every record: 20.5 ms against 5.8 ms for a search among 10,000 records
 * (bench/README.md "timeline.ts", 29 Nov).
 */
function tsquery(name: string): SQL {
  return sql`(select to_tsquery('portuguese'::regconfig, ${sql.placeholder(name)}))`;
}

/**
 * The text a record is searched by, as the service writes it to `busca` on
 * every insert and update: type label, description, doctor's name and, for a
 * pain record, the body location — lower-case and without accents
 * ({@link searchKey}), so 'Vacinação' is stored 'vacinacao'.
 */
export function buscaOf(item: {
  tipo: number;
  descricao: string;
  medico_name: string | null;
  local_dor?: string | null;
}): string {
  const label = TIMELINE_TIPOS[item.tipo as TimelineTipo] ?? '';
  return searchKey([label, item.descricao, item.medico_name ?? '', item.local_dor ?? ''].join(' '));
}

/**
 * A search term turned into SQL: the filter (every word must match) and the
 * rank (higher first), over the columns of `timeline_items`. The term's
 * values are placeholders, bound from `values`.
 */
export interface TimelineSearch {
  where: SQL;
  rank: SQL;
  /**
   * What the SQL text depends on: per word, a LIKE alone ('l'), with a tsquery ('m') or with a tsquery and
   * its index condition ('q'); then the rank's kind.
   */
  shape: string;
  /** The placeholders' values. */
  values: Record<string, string>;
  /** How many words the term has. */
  words: number;
}

// Runs of two or more letters and digits of an accent-free key: the only text ever put
// into a tsquery. A lone letter as a prefix ('o_f' → 'o:*', 'f:*') would match nearly anything.
const LEXEME = /[a-z0-9]{2,}/g;

/** `a:* & b:*` from safe lexemes (letters and digits only), or '' when there are none. */
function prefixQuery(parts: readonly string[], operator: '&' | '|'): string {
  return parts.map((p) => `${p}:*`).join(` ${operator} `);
}

/**
 * `lexemas LIKE '% <lexeme>%'` for the lexeme Portuguese makes of the
 * placeholder `name` (a run of letters and digits): true of every record whose
 * `search_vector` matches that lexeme as a prefix, so the search index can
 * find them; `@@` stays the exact test. A stop word has no lexeme: null, true
 * of no record, as its tsquery. A run that makes two lexemes ('12e3e4') is
 * tested on its first, still true of every match.
 */
function lexemePrefix(name: string): SQL {
  return sql`${timeline_items.lexemas} like (select '% ' || "lexema" || '%'
    from unnest(tsvector_to_array(to_tsvector('portuguese'::regconfig, ${sql.placeholder(name)}))) as "lexema"
    limit 1)`;
}

/**
 * Builds the search of `term`, or `null` when the term has nothing to search
 * (blank). The term is reduced with {@link searchKey} (accents and case
 * dropped, like `busca`) and split on spaces. Each word matches a record when
 *
 * - its runs of letters and digits (two or more), as Portuguese prefixes, match `search_vector`
 *   (`to_tsquery('portuguese', 'vacina:*')`: whole words, plural and
 *   stemmed forms and prefixes — 'vacina' finds 'Vacinação'), or
 * - the word occurs anywhere in `busca` (`busca LIKE '%cardio%'`: parts of
 *   words — 'cardio' finds 'ecocardiograma'), LIKE's `%`, `_` and `\` taken
 *   literally.
 *
 * Every word must match (AND). A word of one run also carries
 * {@link lexemePrefix}, so that both of its tests can be answered by
 * `timeline_items_search_idx` (docs/api/timeline.md "Search"). The tsquery
 * text is built here from `[a-z0-9]` runs only and bound as a parameter, so
 * no user text reaches `to_tsquery` as syntax ('a & b | !c:*' searches the
 * words a, b, c and the literal '&', '|'). Rank: `ts_rank` of the words as
 * prefixes (OR), plus 1 when `busca` holds the whole term as typed (`LIKE`);
 * the caller breaks ties newest first (docs/api/timeline.md "Search").
 */
export function timelineSearch(term: string): TimelineSearch | null {
  const key = searchKey(term);
  if (!key) return null;
  const words = [...new Set(key.split(' '))];
  const t = timeline_items;
  const values: Record<string, string> = {};
  const shape: string[] = [];
  const conditions = words.map((word, i) => {
    values[`like${i}`] = `%${escapeLike(word)}%`;
    const contains = sql`${t.busca} like ${sql.placeholder(`like${i}`)}`;
    const runs = [...new Set(word.match(LEXEME) ?? [])];
    shape.push(runs.length === 0 ? 'l' : runs.length > 1 ? 'm' : 'q');
    if (runs.length === 0) return contains;
    values[`words${i}`] = prefixQuery(runs, '&');
    const matches = sql`${t.search_vector} @@ ${tsquery(`words${i}`)}`;
    if (runs.length > 1) return sql`(${matches} or ${contains})`;
    values[`run${i}`] = runs[0] as string;
    return sql`((${lexemePrefix(`run${i}`)} and ${matches}) or ${contains})`;
  });
  const all = [...new Set(key.match(LEXEME) ?? [])];
  values.whole = `%${escapeLike(key)}%`;
  const literal = sql`(${t.busca} like ${sql.placeholder('whole')})::int`;
  if (all.length > 0) values.any = prefixQuery(all, '|');
  const rank = all.length > 0 ? sql`(ts_rank(${t.search_vector}, ${tsquery('any')}) + ${literal})` : literal;
  return {
    where: and(...conditions) as SQL,
    rank,
    shape: `${shape.join('')}-${all.length > 0 ? 'r' : 's'}`,
    values,
    words: words.length,
  };
}
