import {
  PERMISSOES_MESSAGES,
  type PublicCodeView,
  type PublicTimelineItem,
  parseCode,
  type SaudeLevel,
  servedTabs,
  showsHealthAlert,
  TIMELINE_PAGE_SIZE,
  type ViewerKind,
  type VisibleTabs,
  visibleTabs,
} from '@pulso/domain';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { code_access_logs, medicos, timeline_items, users } from '../../db/schema/index.ts';
import { safeError } from '../../error-handler.ts';
import { HttpError, notFound } from '../../errors.ts';
import { healthSections, toPublicEmergencyView } from '../users/index.ts';
import { replacedCodeCheck } from './replaced.ts';
import { scanStatement } from './scan.statement.ts';

/** 404 message of `GET /api/code/:code` (docs/codes.md "Opening a code", "Virgin codes"). */
export const CODE_NOT_FOUND_MESSAGE = 'Código não encontrado';

type Log = Pick<FastifyBaseLogger, 'error'>;

/** A page of the Timeline tab serves that tab only (the `emergencia` of the log's list aside). */
const NOTHING_BUT_EMERGENCY: VisibleTabs = {
  saude: false,
  timeline: false,
  endereco: false,
  emergencia_saude: false,
};

/** The public lookups of one database; see {@link codeLookup}. */
export interface CodeLookup {
  /** Opens a patient's code for a viewer (`null` a visitor): the tabs that viewer may read. */
  open(input: string, viewerId: number | null, log: Log): Promise<PublicCodeView>;
  /** {@link CodeLookup.open}, and the id of the opening's access-log row (null when it was not written). */
  openLogged(
    input: string,
    viewerId: number | null,
    log: Log,
  ): Promise<{ view: PublicCodeView; logId: number | null }>;
  /**
   * The Timeline tab's page after `offset` items; 403 when the viewer may
   * not read it, and the same 403 for a code that opens nothing (unknown,
   * malformed, unclaimed, closed), so that this route is no oracle of codes.
   */
  timelinePage(
    input: string,
    viewerId: number | null,
    offset: number,
    log: Log,
  ): Promise<{ timelineItems: PublicTimelineItem[]; total: number }>;
}

/**
 * Builds, once per database, the public lookup of a patient by personal code
 * in any spelling (docs/authorization.md "Who sees what through the code"):
 * - the Emergency tab is always served to anyone holding the code, the
 *   street address when `permissoes_endereco` is on (the city always) and
 *   the allergies strip (`user.alerta`: allergies, medications, checked
 *   diseases) when `permissoes_emergencia_saude` is on or My Health is
 *   served;
 * - the viewer is classified (viewer-rules.ts: guest, the patient, one of
 *   their doctors, any doctor or emergency professional, another user) and
 *   `visibleTabs` decides, from `permissoes`, whether My Health (`saude`,
 *   `hospitalar`, `outras.adicional`, checked diseases) and the Timeline tab
 *   (first {@link TIMELINE_PAGE_SIZE} items, newest first, and `total`) are
 *   served. What may not be read is never selected into the answer;
 * - within the Timeline tab, {@link readableRecords} keeps out the records
 *   no viewer of the code may read (pending ones) and the telemedicine
 *   records of anyone but the patient and that session's doctor
 *   (docs/timeline-privacy.md), from the items and from `total` alike.
 * - every answer is written to `code_access_logs` with the viewer, its kind
 *   and the tabs served.
 *
 * Hot path of a paramedic's scan: one statement (scan.statement.ts) finds
 * the patient, classifies the viewer, picks the tabs, reads the checked
 * diseases when shown and writes the access-log row, batched with the scans
 * made at the same time; the Timeline tab, when served, is one more query.
 * The log row is written before the answer leaves; should the insert fail
 * while the read succeeds, the view is still answered (a responder's access
 * to vital data outweighs one audit row, LGPD art. 11, II, "e") and the
 * failure is logged without personal data.
 *
 * Errors: 404 {@link CODE_NOT_FOUND_MESSAGE} for a malformed code, an unknown
 * one, an unclaimed sticker code or a closed account; `open` 410
 * "Este código foi substituído" for a code its patient replaced (replaced.ts); `timelinePage` 403
 * `PERMISSOES_MESSAGES.denied` when the Timeline tab is not the viewer's
 * and, in place of that 404, for a code that opens nothing (defect 5).
 */
export const codeLookup = perDatabase(buildCodeLookup);

function buildCodeLookup(db: Db): CodeLookup {
  const scan = scanStatement(db);
  const answerReplaced = replacedCodeCheck(db);
  const logAccess = db
    .insert(code_access_logs)
    .values({
      user_id: sql.placeholder('user_id'),
      viewer_id: sql.placeholder('viewer_id'),
      viewer_kind: sql.placeholder('viewer_kind'),
      tabs: sql.placeholder('tabs'),
    })
    .prepare('code_lookup_log');

  async function resolve(input: string, viewerId: number | null, log: Log, logged: boolean) {
    const code = parseCode(input);
    if (!code) throw notFound(CODE_NOT_FOUND_MESSAGE);
    const found = await scan({ code, viewerId, log: logged });
    if (!found) {
      // An opening (logged) of a replaced code is told so, and logged as an attempt; a timeline page is not.
      if (logged) await answerReplaced(code, viewerId);
      throw notFound(CODE_NOT_FOUND_MESSAGE);
    }
    if (logged && found.logError)
      log.error({ err: safeError(found.logError as Error) }, 'code access log not written');
    const { row, kind } = found;
    const tabs = visibleTabs(
      {
        saude: row.permissoes_saude as SaudeLevel,
        timeline: row.permissoes_timeline,
        endereco: row.permissoes_endereco,
        emergencia_saude: row.permissoes_emergencia_saude,
      },
      kind,
    );
    return { ...found, tabs };
  }

  async function openLogged(input: string, viewerId: number | null, logger: Log) {
    const { row, kind, tabs, doencas, logId } = await resolve(input, viewerId, logger, true);
    const emergency = toPublicEmergencyView(row, { endereco: tabs.endereco });
    const view: PublicCodeView = { user: emergency, acesso: tabs };
    if (showsHealthAlert(tabs)) {
      emergency.alerta = {
        alergias: row.alergias,
        medicamentos: row.medicamentos,
        doencas: doencas.map((doenca) => doenca.nome),
      };
    }
    if (tabs.saude) {
      view.user = {
        ...emergency,
        outras: { doador: emergency.outras.doador, adicional: row.adicional },
        ...healthSections(row),
        doencas,
      };
    }
    if (tabs.timeline) {
      Object.assign(view, await timelineItems(db, row.id, readableRecords(viewerId, kind), 0));
    }
    return { view, logId };
  }

  return {
    openLogged,
    async open(input, viewerId, logger) {
      return (await openLogged(input, viewerId, logger)).view;
    },

    async timelinePage(input, viewerId, offset, logger) {
      const denied = () => new HttpError(403, PERMISSOES_MESSAGES.denied);
      // An unknown code answers as a denied timeline: this route does not tell whether a code exists.
      const { row, kind, tabs } = await resolve(input, viewerId, logger, false).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 404 ? denied() : error;
      });
      if (!tabs.timeline) throw denied();
      const page = await timelineItems(db, row.id, readableRecords(viewerId, kind), offset);
      try {
        await logAccess.execute({
          user_id: row.id,
          viewer_id: viewerId,
          viewer_kind: kind,
          tabs: servedTabs({ ...NOTHING_BUT_EMERGENCY, timeline: true }).join(','),
        });
      } catch (error) {
        logger.error({ err: safeError(error as Error) }, 'code access log not written');
      }
      return page;
    },
  };
}

const terceiros = alias(users, 'terceiro');

/**
 * The records of the open timeline a viewer may read through the code
 * (docs/timeline-privacy.md): never a pending one (a third party's record
 * the patient has not accepted, whoever looks); a telemedicine record
 * (`telemedicina`, kept when the session's row goes) only by the patient
 * and by that session's doctor — the viewer's doctor account, not
 * suspended, being the record's `medico_id`. A guest's condition is plain
 * columns, no subquery: the scan's hot path stays one indexed read.
 */
export function readableRecords(viewerId: number | null, kind: ViewerKind): SQL {
  const t = timeline_items;
  const accepted = eq(t.pendente, false);
  if (kind === 'self') return accepted;
  if (viewerId === null || kind === 'guest') return and(accepted, eq(t.telemedicina, false)) as SQL;
  const sessionDoctor = sql`${t.medico_id} in (select ${medicos.id} from ${medicos}
    where ${medicos.user_id} = ${viewerId} and ${medicos.suspended_at} is null)`;
  return and(accepted, or(eq(t.telemedicina, false), sessionDoctor)) as SQL;
}

/**
 * A page of a patient's timeline for the public view, among the records
 * `readable` keeps: newest first (by `data`, then insertion), and their count.
 */
async function timelineItems(db: Db, userId: number, readable: SQL, offset: number) {
  const where = and(eq(timeline_items.user_id, userId), readable);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: timeline_items.id,
        tipo: timeline_items.tipo,
        data: timeline_items.data,
        descricao: timeline_items.descricao,
        valor: timeline_items.valor,
        medico_name: timeline_items.medico_name,
        created_by: timeline_items.created_by,
        terceiro_name: terceiros.name,
        local_dor: timeline_items.local_dor,
        intensidade_dor: timeline_items.intensidade_dor,
      })
      .from(timeline_items)
      .leftJoin(terceiros, eq(terceiros.id, timeline_items.terceiro_id))
      .where(where)
      .orderBy(desc(timeline_items.data), desc(timeline_items.id))
      .limit(TIMELINE_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(timeline_items).where(where),
  ]);
  const timelineItems: PublicTimelineItem[] = rows.map(({ terceiro_name, created_by, ...item }) => {
    const by = created_by === 'M' || created_by === 'T' ? created_by : null;
    return { ...item, created_by: by, terceiro: by && terceiro_name ? { name: terceiro_name } : null };
  });
  return { timelineItems, total: totals[0]?.n ?? 0 };
}
