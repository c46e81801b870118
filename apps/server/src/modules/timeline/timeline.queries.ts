import {
  TIMELINE_PAGE_SIZE,
  type TimelineActor,
  type TimelineItemView,
  type TimelinePage,
  type UserView,
} from '@pulso/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { timeline_items } from '../../db/schema/index.ts';
import { type TimelineSearch, timelineSearch } from './timeline.search.ts';
import {
  findAccessible,
  type ItemRow,
  itemColumns,
  loadCaller,
  type TimelineDeps,
  terceiros,
  toItemViewOf,
  toItemViews,
} from './timeline.service.ts';

/**
 * Reading the caller's timeline (docs/api/timeline.md "Routes"): a page of
 * it, plain or searched, and one record. The pending records are read in
 * `timeline.pendentes.ts`.
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

/**
 * A page of the caller's own timeline (`GET /timeline/items`,
 * docs/api/timeline.md "Routes"): every record of their timeline, those added
 * by others included (with `terceiro`) once accepted — the pending ones are
 * in `listPendentes` only —, at most {@link TIMELINE_PAGE_SIZE} from
 * `offset`. Without a term newest first (`data` desc, then the latest
 * insertion); with one, the matches of {@link timelineSearch}, best first,
 * ties newest first (see {@link searchPage}). `total` counts every record the
 * filter and term match. Records the caller added to other timelines are
 * never listed here.
 */
export async function listTimeline(
  deps: TimelineDeps,
  actor: Actor,
  query: TimelineListQuery,
): Promise<TimelinePage> {
  const user = await loadCaller(deps.db, actor);
  const search = query.search ? timelineSearch(query.search) : null;
  const { rows, total } = search
    ? await searchPage(deps.db, actor, query, search)
    : await plainPage(deps.db, actor, query);
  return { user, timelineItems: await toItemViews(deps, rows), total };
}

/** The caller's records (doctor-made only with `M`), newest first, and how many there are. */
async function plainPage(
  db: Db,
  actor: Actor,
  query: TimelineListQuery,
): Promise<{ rows: ItemRow[]; total: number }> {
  const t = timeline_items;
  const where = and(
    eq(t.user_id, actor.userId),
    eq(t.pendente, false),
    query.medico === 'M' ? eq(t.created_by, 'M') : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(itemColumns)
      .from(t)
      .leftJoin(terceiros, eq(terceiros.id, t.terceiro_id))
      .where(where)
      .orderBy(desc(t.data), desc(t.id))
      .limit(TIMELINE_PAGE_SIZE)
      .offset(query.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/**
 * A page of matches of `search` among the caller's records, best first, and
 * their count, in one statement. The caller's records are taken first
 * (`MATERIALIZED`, through the `(user_id, data, id)` index) and the term is
 * matched and ranked among them only: the GIN indexes would otherwise match
 * the term across every patient's records before keeping the caller's (on a
 * table of 1,000,000 records, 'cardio' is 166,000 of them: bench/README.md).
 * The CTE is named after the table so that the search's column references
 * apply to it unchanged. Then the page's rows are read by id.
 */
async function searchPage(
  db: Db,
  actor: Actor,
  query: TimelineListQuery,
  search: TimelineSearch,
): Promise<{ rows: ItemRow[]; total: number }> {
  const t = timeline_items;
  const doctors = query.medico === 'M' ? sql`and ${t.created_by} = 'M'` : sql``;
  // Both drivers (node-postgres, PGlite) answer `{rows}`; the shared `Db` type leaves it `unknown`.
  const page = (await db.execute(sql`
    with ${t} as materialized (
      select ${t.id}, ${t.data}, ${t.busca}, ${t.search_vector} from ${t}
      where ${t.user_id} = ${actor.userId} and not ${t.pendente} ${doctors}
    )
    select ${t.id} as id, (count(*) over ())::int as total from ${t}
    where ${search.where}
    order by ${search.rank} desc, ${t.data} desc, ${t.id} desc
    limit ${TIMELINE_PAGE_SIZE} offset ${query.offset}`)) as unknown as {
    rows: { id: number; total: number }[];
  };
  const hits = page.rows.map((r) => ({ id: Number(r.id), total: Number(r.total) }));
  if (hits.length === 0) {
    // Past the last match (or none): the count alone.
    const [counted] = query.offset === 0 ? [{ n: 0 }] : await countMatches(db, actor, query, search);
    return { rows: [], total: counted?.n ?? 0 };
  }
  const found = await db
    .select(itemColumns)
    .from(t)
    .leftJoin(terceiros, eq(terceiros.id, t.terceiro_id))
    .where(
      inArray(
        t.id,
        hits.map((h) => h.id),
      ),
    );
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = hits.flatMap((h) => byId.get(h.id) ?? []);
  return { rows, total: hits[0]?.total ?? 0 };
}

/** How many of the caller's records match `search` (a page past the last match). */
function countMatches(db: Db, actor: Actor, query: TimelineListQuery, search: TimelineSearch) {
  const t = timeline_items;
  return db
    .select({ n: count() })
    .from(t)
    .where(
      and(
        eq(t.user_id, actor.userId),
        eq(t.pendente, false),
        query.medico === 'M' ? eq(t.created_by, 'M') : undefined,
        search.where,
      ),
    );
}

/**
 * `GET /api/timeline/item/:id` (docs/api/timeline.md "Routes"): `{user, timelineItem, role}` —
 * `user` is the caller's own `UserView` (never the patient's when the caller
 * is the author); `role` 'owner' or 'author' (an addition of ours: which buttons
 * `timelineItemActions` shows; docs/timeline-privacy.md "The two doors to a patient's timeline").
 * Errors: 404 unless the caller owns the timeline or added the record.
 */
export async function getTimelineItem(
  deps: TimelineDeps,
  actor: Actor,
  id: number,
): Promise<{ user: UserView; timelineItem: TimelineItemView; role: TimelineActor }> {
  const user = await loadCaller(deps.db, actor);
  const { row, role } = await findAccessible(deps.db, actor, id);
  return { user, timelineItem: await toItemViewOf(deps, row), role };
}
