import { randomInt } from 'node:crypto';
import { ADESIVO_TAMANHOS_MM, generateCode, LOTE_MESSAGES } from '@pulso/domain';
import { desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { takenCodes } from '../../db/codes.ts';
import { sticker_batches, users, virgin_codes } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import { stickerSheetPdf } from './sticker-sheet.ts';

/**
 * Sticker batches (issue 9 "Sticker batches"; docs/codes.md "Virgin codes"):
 * an admin generates N unclaimed codes at once, lists the batches with how
 * many codes registrations have claimed, and prints a batch as a sheet.
 */

/** A batch as listed: `quantidade` codes, `usados` of them claimed; `created_at` ISO 8601. */
export interface LoteView {
  id: number;
  quantidade: number;
  usados: number;
  criado_por: string | null;
  created_at: string;
}

/** One code of a batch and whether a registration has claimed it. */
export interface LoteCodigo {
  code: string;
  usado: boolean;
}

/** Rounds of drawing before giving up (each round redraws only the codes that collided). */
const MAX_ROUNDS = 20;

/**
 * Draws `quantidade` fresh random codes (domain `generateCode` with
 * `crypto.randomInt`, as `drawFreeCode` does: never sequential) that no
 * account, sticker or replaced code holds (`takenCodes`), and inserts them as
 * unclaimed codes of `loteId`.
 * Collisions with users, stickers or each other are redrawn; the primary key
 * of `virgin_codes` settles a race with another batch.
 */
async function insertFreshCodes(tx: Db, loteId: number, quantidade: number): Promise<void> {
  let missing = quantidade;
  for (let round = 0; round < MAX_ROUNDS && missing > 0; round++) {
    const drawn = new Set<string>();
    while (drawn.size < missing) drawn.add(generateCode(randomInt));
    const candidates = [...drawn];
    const taken = await takenCodes(tx, candidates);
    const free = candidates.filter((c) => !taken.has(c));
    if (free.length === 0) continue;
    const inserted = await tx
      .insert(virgin_codes)
      .values(free.map((code) => ({ code, lote_id: loteId })))
      .onConflictDoNothing()
      .returning({ code: virgin_codes.code });
    missing -= inserted.length;
  }
  if (missing > 0) throw new Error('Could not draw enough free sticker codes');
}

async function loteViews(db: Db, where: SQL | undefined, limit: number): Promise<LoteView[]> {
  const rows = await db
    .select({
      id: sticker_batches.id,
      quantidade: sticker_batches.quantidade,
      criado_por: users.email,
      created_at: sticker_batches.created_at,
      usados:
        sql<number>`(select count(*) from ${virgin_codes} where ${virgin_codes.lote_id} = ${sticker_batches.id} and ${virgin_codes.claimed_at} is not null)`.mapWith(
          Number,
        ),
    })
    .from(sticker_batches)
    .leftJoin(users, eq(users.id, sticker_batches.created_by))
    .where(where)
    .orderBy(desc(sticker_batches.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/**
 * Creates a batch of `quantidade` (1–1000, `LoteCreateSchema`) unclaimed
 * codes by `actor`, and audits it (`lote.criar`, depois `{quantidade}`),
 * all in one transaction. Answers the new batch.
 */
export async function createLote(db: Db, actor: AuditActor, quantidade: number): Promise<LoteView> {
  const id = await db.transaction(async (tx) => {
    const [lote] = await tx
      .insert(sticker_batches)
      .values({ quantidade, created_by: actor.userId })
      .returning({ id: sticker_batches.id });
    if (!lote) throw new Error('batch not created');
    await insertFreshCodes(tx, lote.id, quantidade);
    await audit(tx, actor, {
      acao: 'lote.criar',
      entidade: 'lote',
      entidade_id: lote.id,
      depois: { quantidade },
    });
    return lote.id;
  });
  return getLote(db, id);
}

/** The batches, newest first, `limit` at a time, older than batch `before` when given; `next` is the next page's `before`. */
export async function listLotes(
  db: Db,
  filter: { before?: number; limit: number },
): Promise<{ lotes: LoteView[]; next: number | null }> {
  const rows = await loteViews(
    db,
    filter.before ? lt(sticker_batches.id, filter.before) : undefined,
    filter.limit + 1,
  );
  const page = rows.slice(0, filter.limit);
  return { lotes: page, next: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null };
}

/** One batch. Errors: 404 'Lote não encontrado.'. */
export async function getLote(db: Db, id: number): Promise<LoteView> {
  const [row] = await loteViews(db, eq(sticker_batches.id, id), 1);
  if (!row) throw notFound(LOTE_MESSAGES.naoEncontrado);
  return row;
}

/** The codes of batch `id` in code order, each with whether it was claimed. Errors: 404. */
export async function loteCodigos(db: Db, id: number): Promise<LoteCodigo[]> {
  await getLote(db, id);
  const rows = await db
    .select({ code: virgin_codes.code, claimed_at: virgin_codes.claimed_at })
    .from(virgin_codes)
    .where(eq(virgin_codes.lote_id, id))
    .orderBy(virgin_codes.code);
  return rows.map((r) => ({ code: r.code, usado: r.claimed_at !== null }));
}

/**
 * The print-ready sheet of batch `id` (A4, 40×30 mm stickers, 28 a page, in
 * code order; claimed codes included: the sheet reprints the batch as made).
 * Errors: 404.
 */
export async function lotePdf(db: Db, origin: string, id: number): Promise<Buffer> {
  const codigos = await loteCodigos(db, id);
  const tamanho = ADESIVO_TAMANHOS_MM[1] ?? { largura: 40, altura: 30 };
  return stickerSheetPdf({
    titulo: `Pulso · Lote nº ${id} · ${codigos.length} adesivos`,
    origin,
    stickers: codigos.map((c) => ({ code: c.code, tamanho })),
  });
}
