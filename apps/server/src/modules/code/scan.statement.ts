import type { ViewerKind } from '@pulso/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cidades, code_access_logs, doencas, medicos, user_doencas, users } from '../../db/schema/index.ts';
import { batched } from '../../platform/batch.ts';
import { type PublicUserRow, publicRowColumns } from '../users/index.ts';
import { ownDoctorSql, professionalSql, viewerTables } from './viewer-rules.ts';

/** One opening of a code: its canonical form, the viewer's account (`null` a visitor), whether to log it. */
export interface ScanInput {
  code: string;
  viewerId: number | null;
  /** Write the opening to `code_access_logs` with the tabs served (a Timeline page logs its own). */
  log: boolean;
}

/** What a scan found: the patient's row, the viewer's kind, and the checked diseases when the strip shows. */
export interface ScanResult {
  row: PublicUserRow;
  kind: ViewerKind;
  /** The tabs served, as logged (`'emergencia,endereco'`). */
  tabs: string;
  /** Checked diseases by name, only when the Emergency tab's strip or My Health is served; else `[]`. */
  doencas: { id: number; nome: string }[];
  /** Why the opening asked to be logged was not (the log insert failed; the read was made without it). */
  logError: unknown;
  /** The id of the opening's `code_access_logs` row; null when it was not logged. */
  logId: number | null;
}

/** Batches kept small: one statement's rows stay in one network packet or two. */
const MAX_BATCH = 32;
/**
 * Batches on their way at once: on PostgreSQL two of the pool's 10 connections (db/client.ts), the rest
 * for other routes. On PGlite too, one waiting while the other runs: one at a time made smaller batches
 * (bench/README.md "code-lookup.ts").
 */
const MAX_IN_FLIGHT = 2;

/**
 * The paramedic's scan as one statement (docs/performance.md "The scan in
 * one statement"): for a batch of openings made at about the same time
 * (`platform/batch.ts`), it finds each active patient by code, classifies
 * the viewer and picks the tabs served from the domain's decision tables
 * (`viewer-rules.ts`), writes one `code_access_logs` row per opening asked
 * to log, and reads the checked diseases only where the allergies strip is
 * served — one round trip to the database for all of them. A code that
 * opens nothing (unknown, or a closed account) answers `null`; `input.code`
 * must already be canonical (`parseCode`).
 *
 * Should the statement fail while the database answers (the log table
 * refusing a row), the same read runs without the insert and the answers
 * leave unlogged, with the failure in `logError`: a
 * responder's access to vital data outweighs one audit row (docs/authorization.md
 * "Who sees what through the code"). When the read fails too, each opening
 * fails with that error.
 */
export function scanStatement(db: Db): (input: ScanInput) => Promise<ScanResult | null> {
  const withLog = prepare(db, true);
  const readOnly = prepare(db, false);
  return batched(
    async (inputs: ScanInput[]) => {
      const batch = JSON.stringify(inputs.map((input) => [input.code, input.viewerId, input.log]));
      let rows: Awaited<ReturnType<typeof withLog.execute>>;
      let logError: unknown = null;
      try {
        rows = await withLog.execute({ batch });
      } catch (error) {
        if (!inputs.some((input) => input.log)) throw error;
        rows = await readOnly.execute({ batch });
        logError = error;
      }
      // The row keeps the statement's own columns: destructuring 45 properties away cost more than the read.
      const byInput = new Map(
        rows.map((row) => [
          row.n,
          {
            row,
            kind: row.viewer_kind,
            tabs: row.tabs,
            doencas: row.doencas_json ?? [],
            logError,
            logId: logError === null ? row.log_id : null,
          },
        ]),
      );
      return inputs.map((_, index) => byInput.get(index + 1) ?? null);
    },
    { maxBatch: MAX_BATCH, maxInFlight: MAX_IN_FLIGHT },
  );
}

function prepare(db: Db, log: boolean) {
  const viewer = sql`"viewer"`;
  const kind = sql`"kind".viewer_kind`;
  const tabs = viewerTables.tabsSql(kind, {
    saude: sql`${users.permissoes_saude}`,
    timeline: sql`${users.permissoes_timeline}`,
    endereco: sql`${users.permissoes_endereco}`,
    emergencia_saude: sql`${users.permissoes_emergencia_saude}`,
  });
  // One row per opening that found its patient: the viewer's kind (a lateral subquery, so that the tabs
  // read it in the same select) and the tabs served.
  const served = db
    .$with('served', {
      n: sql<number>`n`.as('n'),
      user_id: sql<number>`user_id`.as('user_id'),
      viewer_id: sql<number | null>`viewer_id`.as('viewer_id'),
      log: sql<boolean>`log`.as('log'),
      viewer_kind: sql<ViewerKind>`viewer_kind`.as('viewer_kind'),
      tabs: sql<string>`tabs`.as('tabs'),
      log_id: sql<number | null>`log_id`.as('log_id'),
    })
    .as(
      // The log row's id is drawn here, so that the answer can name it (a shared location goes into that row).
      sql`select opening.n::int as n, ${users.id} as user_id, opening.viewer_id, opening.log,
        ${kind} as viewer_kind, ${tabs} as tabs,
        ${log ? sql`case when opening.log then nextval('code_access_logs_id_seq')::int end` : sql`null::int`} as log_id
      from json_array_elements(${sql.placeholder('batch')}::json) with ordinality as entry(value, n)
      cross join lateral (select entry.n, (entry.value->>0)::bpchar as code,
        (entry.value->>1)::int as viewer_id, (entry.value->>2)::boolean as log) as opening
      join ${users} on ${users.code} = opening.code and ${users.is_active}
      left join ${users} as ${viewer} on ${viewer}.id = opening.viewer_id and ${viewer}.is_active
      left join ${medicos} on ${medicos.user_id} = ${viewer}.id and ${medicos.suspended_at} is null
      cross join lateral (select ${viewerTables.kindSql({
        viewer: sql`opening.viewer_id is not null`,
        self: sql`coalesce(opening.viewer_id = ${users.id}, false)`,
        found: sql`${viewer}.id is not null`,
        ownDoctor: sql`coalesce(${ownDoctorSql(sql`${medicos.id}`, sql`${users.id}`, sql`${users.medico_id}`)}, false)`,
        professional: professionalSql(sql`${medicos.id}`, sql`${viewer}.id`),
      })} as viewer_kind) as "kind"`,
    );
  const logged = db.$with('logged', {}).as(
    sql`insert into ${code_access_logs} (id, user_id, viewer_id, viewer_kind, tabs)
      select ${served.log_id}, ${served.user_id}, ${served.viewer_id}, ${served.viewer_kind}, ${served.tabs}
      from ${served} where ${served.log} order by ${served.n}`,
  );
  // The CTE's columns, named with the CTE: drizzle writes `${served.user_id}` as a bare "user_id", which
  // inside the diseases subquery would be user_doencas' own column and match every patient's rows.
  const servedUserId = sql<number>`"served"."user_id"`;
  const strip = sql`'emergencia_saude' = any(string_to_array("served"."tabs", ','))`;
  return db
    .with(...(log ? [served, logged] : [served]))
    .select({
      ...publicRowColumns,
      n: served.n,
      viewer_kind: served.viewer_kind,
      tabs: served.tabs,
      log_id: served.log_id,
      doencas_json: sql<{ id: number; nome: string }[] | null>`case when ${strip} then (
        select coalesce(json_agg(json_build_object('id', ${doencas.id}, 'nome', ${doencas.nome})
          order by ${doencas.nome}), '[]'::json)
        from ${user_doencas} join ${doencas} on ${doencas.id} = ${user_doencas.doenca_id}
        where ${user_doencas.user_id} = ${servedUserId}) end`,
    })
    .from(served)
    .innerJoin(users, eq(users.id, servedUserId))
    .leftJoin(cidades, eq(cidades.id, users.cidade_id))
    .prepare(log ? 'code_scan' : 'code_scan_unlogged');
}
