import { randomBytes } from 'node:crypto';
import { EXPORTACAO_MESSAGES, EXPORTACAO_VALIDADE_MS, type ExportacaoView } from '@pulso/domain';
import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { data_exports, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';

/**
 * The requests of "Baixar meus dados" (docs/data-export.md "The API"): one at a time per account,
 * read by their owner only. The ZIP itself is made by `exportacao.job.ts`.
 */

type ExportRow = typeof data_exports.$inferSelect;

/**
 * Status of a request while the job makes it (docs/data-export.md "The job"): set when a node claims
 * a `pendente` row; `ready_at` then holds when it was claimed, so that a claim whose node died is
 * taken again after {@link STALE_CLAIM_MS}. Answered as `pendente`.
 */
export const GERANDO = 'gerando';

/** A claim older than this belongs to a node that stopped mid-build: another takes the request. */
export const STALE_CLAIM_MS = 30 * 60_000;

/** The API's view of a row at `now` (a ready ZIP past `expires_at` is `expirado`). */
export function toView(row: ExportRow, now: Date = new Date()): ExportacaoView {
  const expired = row.status === 'pronto' && row.expires_at !== null && row.expires_at <= now;
  const status =
    row.status === 'pronto'
      ? expired
        ? 'expirado'
        : 'pronto'
      : row.status === 'falhou'
        ? 'falhou'
        : 'pendente';
  return {
    id: row.id,
    status,
    bytes: status === 'pronto' ? row.bytes : null,
    created_at: row.created_at.toISOString(),
    ready_at: status === 'pronto' || status === 'expirado' ? (row.ready_at?.toISOString() ?? null) : null,
    expires_at: status === 'pronto' || status === 'expirado' ? (row.expires_at?.toISOString() ?? null) : null,
  };
}

/** The account's latest request, or `null`. */
async function latest(db: Db, userId: number): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(data_exports)
    .where(eq(data_exports.user_id, userId))
    .orderBy(desc(data_exports.created_at), desc(data_exports.id))
    .limit(1);
  return row ?? null;
}

/** `GET /api/exportacao`: the caller's latest request as {@link toView}, or `null` when there is none. */
export async function latestExport(db: Db, userId: number): Promise<ExportacaoView | null> {
  const row = await latest(db, userId);
  return row ? toView(row) : null;
}

/**
 * `POST /api/exportacao` (docs/data-export.md "One at a time"): a new `pendente` request for `userId`,
 * unless one is pending, being made, or ready and not expired — then that one, `created: false`. The
 * account's row is locked for the check, so two clicks at once make one request.
 */
export async function requestExport(
  db: Db,
  userId: number,
): Promise<{ exportacao: ExportacaoView; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const current = await latest(tx, userId);
    if (current) {
      const view = toView(current);
      if (view.status === 'pendente' || view.status === 'pronto') return { exportacao: view, created: false };
    }
    const [row] = await tx.insert(data_exports).values({ user_id: userId }).returning();
    if (!row) throw new Error('data_exports row not created');
    return { exportacao: toView(row), created: true };
  });
}

/**
 * The ready ZIP `id` of `userId` for `GET /api/exportacao/:id/arquivo`: its storage key, size and when
 * it was made. Errors: 404 {@link EXPORTACAO_MESSAGES.notFound} when it is not the caller's or not
 * ready; 410 {@link EXPORTACAO_MESSAGES.expired} when its 24 hours are over (docs/data-export.md "Download").
 */
export async function readyArchive(
  db: Db,
  userId: number,
  id: number,
  now: Date = new Date(),
): Promise<{ key: string; readyAt: Date }> {
  const [row] = await db
    .select()
    .from(data_exports)
    .where(and(eq(data_exports.id, id), eq(data_exports.user_id, userId)))
    .limit(1);
  if (row?.status !== 'pronto' || !row.ready_at) throw notFound(EXPORTACAO_MESSAGES.notFound);
  if (!row.file_key || (row.expires_at && row.expires_at <= now)) {
    throw new HttpError(410, EXPORTACAO_MESSAGES.expired);
  }
  return { key: row.file_key, readyAt: row.ready_at };
}

/**
 * Claims the oldest request to make (docs/data-export.md "The job"): a `pendente` one, or one claimed
 * more than {@link STALE_CLAIM_MS} ago by a node that stopped. One `UPDATE … RETURNING` with
 * `FOR UPDATE SKIP LOCKED`: two nodes never claim the same row; `ready_at` becomes the claim's instant
 * (milliseconds, so the claimer can name it again in {@link markReady}). `null` when there is none.
 */
export async function claimNext(db: Db): Promise<ExportRow | null> {
  // The database's clock, as the claim's own `now()`: nodes whose clocks differ agree on what is stale.
  const claimable = sql`(${data_exports.status} = 'pendente' or (${data_exports.status} = ${GERANDO}
    and ${data_exports.ready_at} < now() - ${STALE_CLAIM_MS} * interval '1 millisecond'))`;
  const result = (await db.execute(sql`
    update ${data_exports} set status = ${GERANDO}, ready_at = date_trunc('milliseconds', now())
    where ${data_exports.id} = (
      select ${data_exports.id} from ${data_exports} where ${claimable}
      order by ${data_exports.id} limit 1 for update skip locked
    ) and ${claimable}
    returning ${data_exports.id} as id`)) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) return null;
  const [row] = await db
    .select()
    .from(data_exports)
    .where(eq(data_exports.id, Number(id)));
  return row ?? null;
}

/** A fresh storage key for a ZIP: `exportacoes/<128 random bits, hex>.zip`. */
export function newArchiveKey(): string {
  return `exportacoes/${randomBytes(16).toString('hex')}.zip`;
}

/**
 * Marks the claimed request `id` ready: the ZIP at `key`, `bytes` long, downloadable for
 * {@link EXPORTACAO_VALIDADE_MS} from `readyAt`. Answers `false` when the row is no longer this claim's
 * (another node took it over): the caller then deletes its own file.
 */
export async function markReady(
  db: Db,
  id: number,
  claimedAt: Date,
  file: { key: string; bytes: number; readyAt: Date },
): Promise<boolean> {
  const done = await db
    .update(data_exports)
    .set({
      status: 'pronto',
      file_key: file.key,
      bytes: file.bytes,
      ready_at: file.readyAt,
      expires_at: new Date(file.readyAt.getTime() + EXPORTACAO_VALIDADE_MS),
      error: null,
    })
    .where(
      and(eq(data_exports.id, id), eq(data_exports.status, GERANDO), eq(data_exports.ready_at, claimedAt)),
    )
    .returning({ id: data_exports.id });
  return done.length > 0;
}

/**
 * Marks the claimed request `id` failed with `reason` (a short code, never personal data), unless
 * another node has taken the claim over since `claimedAt`.
 */
export async function markFailed(db: Db, id: number, claimedAt: Date, reason: string): Promise<void> {
  await db
    .update(data_exports)
    .set({ status: 'falhou', error: reason.slice(0, 200), ready_at: null })
    .where(
      and(eq(data_exports.id, id), eq(data_exports.status, GERANDO), eq(data_exports.ready_at, claimedAt)),
    );
}

/** Ready requests past `expires_at` whose file is still in storage (the clean-up's work list). */
export async function expiredArchives(
  db: Db,
  now: Date = new Date(),
): Promise<{ id: number; key: string }[]> {
  const rows = await db
    .select({ id: data_exports.id, key: data_exports.file_key })
    .from(data_exports)
    .where(
      and(
        eq(data_exports.status, 'pronto'),
        isNotNull(data_exports.file_key),
        lte(data_exports.expires_at, now),
      ),
    );
  return rows.flatMap((r) => (r.key ? [{ id: r.id, key: r.key }] : []));
}

/** Forgets the file of an expired request once storage deleted it (the row stays: `expirado`). */
export async function forgetArchive(db: Db, id: number): Promise<void> {
  await db.update(data_exports).set({ file_key: null }).where(eq(data_exports.id, id));
}
