import { TIMELINE_PAGE_SIZE, type TimelinePage, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { PLANNED_EACH_RUN } from '../../db/pglite-prepared.ts';
import {
  cidades,
  companies,
  timeline_anexos,
  timeline_items,
  timeline_totals,
  users,
} from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import { toUserView, userRowColumns, userViewExtraColumns } from '../users/index.ts';
import { toAnexoView } from './timeline.anexos.ts';
import { type TimelineSearch, timelineSearch } from './timeline.search.ts';
import {
  type ItemRow,
  itemColumns,
  signingNow,
  type TimelineDeps,
  terceiros,
  toItemView,
} from './timeline.service.ts';

/**
 * A page of the caller's own timeline, `GET /api/timeline/items/:medico/:search[/:offset]`
 * (docs/api/timeline.md "Routes", "Search"), read in one statement: the
 * caller's `UserView` row, the count and the page's records with their
 * attachments (as JSON). With the session lookup of `requireUser`, a page
 * costs two queries (bench/README.md "timeline.ts").
 */

/** Filter of `GET /api/timeline/items/:medico/:search[/:offset]`. */
export interface TimelineListQuery {
  /** `'M'`: only records a doctor account added; `'all'`: every record. */
  medico: 'M' | 'all';
  /** The search term, or `null` for the whole timeline. */
  search: string | null;
  /** Records already loaded (docs/health-record.md "The list"). */
  offset: number;
}

/** An attachment as the page statement answers it. */
type AnexoRow = { id: number; path: string; name: string; mime: string; size: number };
/** A record as the page statement answers it: its {@link ItemRow} and its attachments in upload order. */
type PageItem = ItemRow & { anexos: AnexoRow[] };

const t = timeline_items;
const a = timeline_anexos;

/** `'id', "timeline_items"."id", …` of {@link itemColumns}; `valor` as text, so that '150.00' stays a string. */
const itemFields = sql.join(
  Object.entries(itemColumns).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${key === 'valor' ? sql`${column}::text` : column}`,
  ),
  sql`, `,
);

const anexosJson = sql`coalesce((select json_agg(json_build_object('id', ${a.id}, 'path', ${a.path},
    'name', ${a.name}, 'mime', ${a.mime}, 'size', ${a.size}) order by ${a.id})
  from ${a} where ${a.timeline_item_id} = ${t.id}), '[]'::json)`;

/**
 * The records of `page` (a derived table `"page"` of ids), joined back to
 * their rows by primary key, as one JSON array in `order`: only the page's
 * rows and attachments are read (a "deferred join").
 */
function itemsJson(page: SQL, order: SQL): SQL<PageItem[]> {
  return sql<PageItem[]>`(select coalesce(json_agg(json_build_object(${itemFields}, 'anexos', ${anexosJson})
      order by ${order}), '[]'::json)
    from ${page} join ${t} on ${t.id} = "page"."id"
    left join ${users} as "terceiro" on ${terceiros.id} = ${t.terceiro_id})`;
}

/**
 * The page size written into the statements' text, not sent as a parameter:
 * with `limit $n` PostgreSQL cannot cost a generic plan (it assumes a tenth of
 * the rows) and plans the prepared statement again on every execution, three
 * times a plain page's database time (docs/performance.md "Generic plans").
 */
const PAGE_LIMIT = sql.raw(String(TIMELINE_PAGE_SIZE));

/** The filter of the caller's accepted records (doctor-made only with `M`); pending ones are in `listPendentes`. */
function mine(userId: Placeholder | number, medico: TimelineListQuery['medico']): SQL {
  const doctors = medico === 'M' ? sql` and ${t.created_by} = 'M'` : sql``;
  return sql`${t.user_id} = ${userId} and not ${t.pendente}${doctors}`;
}

/** The statement's answer: the caller's row (as `toUserView` reads it) with `total` and `items` beside it. */
function selectCaller<Extra extends Record<string, SQL>>(db: Db | ReturnType<Db['with']>, extra: Extra) {
  return db
    .select({ ...userRowColumns, ...userViewExtraColumns, ...extra })
    .from(users)
    .leftJoin(cidades, eq(cidades.id, users.cidade_id))
    .leftJoin(companies, eq(companies.id, users.company_id));
}

/**
 * The page without a term, prepared once per database and filter: newest
 * first (`data` desc, then the latest insertion). The page's ids come from
 * the `timeline_items_user_list_idx` index alone, however deep the offset;
 * the count is one row of `timeline_totals`, kept by triggers in step with
 * the records (docs/performance.md "Timeline totals").
 */
function preparePlain(db: Db, medico: TimelineListQuery['medico']) {
  const userId = sql.placeholder('user_id');
  const page = sql`(select ${t.id}, ${t.data} from ${t} where ${mine(userId, medico)}
    order by ${t.data} desc, ${t.id} desc
    limit ${PAGE_LIMIT} offset ${sql.placeholder('offset')}) as "page"`;
  return selectCaller(db, {
    total: sql<number>`coalesce((select ${medico === 'M' ? timeline_totals.medico : timeline_totals.todos}
      from ${timeline_totals} where ${timeline_totals.user_id} = ${userId}), 0)`,
    items: itemsJson(page, sql`"page"."data" desc, "page"."id" desc`),
  })
    .where(eq(users.id, userId))
    .prepare(`timeline_page_${medico}`);
}

const plainStatements = perDatabase((db) => ({ all: preparePlain(db, 'all'), M: preparePlain(db, 'M') }));

/**
 * The page of the matches of `search`, best first, ties newest first, as a
 * statement planned with the term's values on every run: PostgreSQL then
 * finds a rare term's matches through `timeline_items_search_idx` and reads
 * the caller's records through their list index when the term is common
 * or too short for trigrams (docs/api/timeline.md "Search"). `hits`, read
 * twice (count and page), is computed once.
 */
function searchQuery(db: Db, medico: TimelineListQuery['medico'], search: TimelineSearch) {
  const userId = sql.placeholder('user_id');
  const hits = db.$with('hits', {}).as(
    sql`${sql.raw(PLANNED_EACH_RUN)} select ${t.id}, ${t.data}, ${search.rank} as "rank" from ${t}
      where ${mine(userId, medico)} and ${search.where}`,
  );
  const page = sql`(select "id", "data", "rank" from ${hits} order by "rank" desc, "data" desc, "id" desc
    limit ${PAGE_LIMIT} offset ${sql.placeholder('offset')}) as "page"`;
  return selectCaller(db.with(hits), {
    total: sql<number>`(select count(*)::int from ${hits})`,
    items: itemsJson(page, sql`"page"."rank" desc, "page"."data" desc, "page"."id" desc`),
  }).where(eq(users.id, userId));
}

/**
 * Terms of at most this many words run a statement built once per database,
 * filter and {@link TimelineSearch.shape} (at most 2 × 39 of them); longer
 * ones, rare, are built for the request.
 */
const CACHED_WORDS = 3;
/**
 * The statement name of PostgreSQL's unnamed statement: a statement "prepared"
 * under it keeps its text, built once, but is parsed and planned with its
 * values on every run (pg names nothing with it; PGlite names nothing anyway).
 */
const UNNAMED = '';
const searchStatements = perDatabase(
  () => new Map<string, ReturnType<ReturnType<typeof searchQuery>['prepare']>>(),
);

function searchStatement(db: Db, medico: TimelineListQuery['medico'], search: TimelineSearch) {
  if (search.words > CACHED_WORDS) return searchQuery(db, medico, search);
  const statements = searchStatements(db);
  const key = `${medico}_${search.shape}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = searchQuery(db, medico, search).prepare(UNNAMED);
    statements.set(key, statement);
  }
  return statement;
}

/**
 * A page of the caller's own timeline (`GET /timeline/items`,
 * docs/api/timeline.md "Routes"): every record of their timeline, those added
 * by others included (with `terceiro`) once accepted — the pending ones are
 * in `listPendentes` only —, at most {@link TIMELINE_PAGE_SIZE} from
 * `offset`. Without a term newest first (`data` desc, then the latest
 * insertion); with one, the matches of {@link timelineSearch}, best first,
 * ties newest first. `total` counts every record the filter and term match,
 * also past the last page. Records the caller added to other timelines are
 * never listed here. `user` is the caller's `UserView`; attachments' URLs
 * are signed now. Errors: 401 when the account is gone.
 */
export async function listTimeline(
  deps: TimelineDeps,
  actor: Actor,
  query: TimelineListQuery,
): Promise<TimelinePage> {
  const search = query.search ? timelineSearch(query.search) : null;
  const values = { user_id: actor.userId, offset: query.offset };
  const [row] = search
    ? await searchStatement(deps.db, query.medico, search).execute({ ...values, ...search.values })
    : await plainStatements(deps.db)[query.medico].execute(values);
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  const now = signingNow(deps);
  const timelineItems = row.items.map((item) =>
    toItemView(
      item,
      item.anexos.map((anexo) => toAnexoView(anexo, deps.signer, now)),
    ),
  );
  return { user: toUserView(row), timelineItems, total: row.total };
}
