import { type AnexoView, INT4_MAX, TIMELINE_ANEXOS_MAX, TIMELINE_MESSAGES } from '@pulso/domain';
import { count, eq } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import { timeline_anexos, timeline_items } from '../../db/schema/index.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../errors.ts';
import { type AnexoUpload, deleteAnexoFiles, storeAnexos, toAnexoView } from './timeline.anexos.ts';
import {
  announceReview,
  assertMayEdit,
  findAccessible,
  findEditable,
  reviewAgain,
  signingNow,
  type TimelineDeps,
} from './timeline.service.ts';

/**
 * The attachments of a record (docs/health-record.md "Attachments";
 * docs/api/timeline.md "Routes"): adding and removing one with the rights of
 * editing the record, and serving one through its signed URL. Reading,
 * storing and signing the files is `timeline.anexos.ts`.
 */

/**
 * `POST /api/timeline/item/anexo` (docs/api/timeline.md "Routes"): attaches one more
 * file to a record, with the rights of editing it (a third party's attachment sends
 * their record back to pending, see `reviewAgain`). Errors: 404 unless owner or author;
 * 403 painImmutable, notAuthor, locked; 422 `errors.anexo` when the record already has
 * {@link TIMELINE_ANEXOS_MAX} files.
 */
export async function addAnexo(
  deps: TimelineDeps,
  actor: Actor,
  itemId: number,
  upload: AnexoUpload,
): Promise<AnexoView> {
  const { row, role } = await findEditable(deps.db, actor, itemId);
  const [stored] = await storeAnexos(deps, [upload]);
  if (!stored) throw new Error('attachment not stored');
  const review = reviewAgain(row, role);
  try {
    const inserted = await deps.db.transaction(async (tx) => {
      // The row lock orders concurrent uploads, so the cap holds.
      await tx
        .select({ id: timeline_items.id })
        .from(timeline_items)
        .where(eq(timeline_items.id, row.id))
        .for('update');
      const [n] = await tx
        .select({ n: count() })
        .from(timeline_anexos)
        .where(eq(timeline_anexos.timeline_item_id, row.id));
      if ((n?.n ?? 0) >= TIMELINE_ANEXOS_MAX) throw fieldError('anexo', TIMELINE_MESSAGES.anexosMax);
      const [anexo] = await tx
        .insert(timeline_anexos)
        .values({ ...stored, timeline_item_id: row.id })
        .returning();
      if (!anexo) throw new Error('attachment not inserted');
      if (review)
        await tx.update(timeline_items).set({ pendente: true }).where(eq(timeline_items.id, row.id));
      return anexo;
    });
    if (review) announceReview(deps, row);
    return toAnexoView(inserted, deps.signer, signingNow(deps));
  } catch (error) {
    await deleteAnexoFiles(deps, [stored.path]);
    throw error;
  }
}

/**
 * `DELETE /api/timeline/item/anexo/:id` (docs/api/timeline.md "Routes"):
 * removes one attachment (row, then file; a storage failure is logged), with
 * the rights of editing its record; not blocked by the trial lock. Errors: 404
 * `anexoNotFound` unless the caller owns or authored the record; 403
 * painImmutable, notAuthor.
 */
export async function removeAnexo(deps: TimelineDeps, actor: Actor, anexoId: number): Promise<void> {
  const [anexo] =
    anexoId <= INT4_MAX
      ? await deps.db
          .select({
            id: timeline_anexos.id,
            item: timeline_anexos.timeline_item_id,
            path: timeline_anexos.path,
          })
          .from(timeline_anexos)
          .where(eq(timeline_anexos.id, anexoId))
          .limit(1)
      : [];
  if (!anexo) throw notFound(TIMELINE_MESSAGES.anexoNotFound);
  const { row, role } = await findAccessible(deps.db, actor, anexo.item).catch((error: unknown) => {
    // Its record hidden from the caller: the attachment is just as unknown to them.
    throw error instanceof HttpError && error.statusCode === 404
      ? notFound(TIMELINE_MESSAGES.anexoNotFound)
      : error;
  });
  assertMayEdit(row, role);
  const deleted = await deps.db
    .delete(timeline_anexos)
    .where(eq(timeline_anexos.id, anexo.id))
    .returning({ path: timeline_anexos.path });
  await deleteAnexoFiles(
    deps,
    deleted.map((d) => d.path),
  );
}

/**
 * The bytes of an attachment behind a signed URL
 * (`GET /api/timeline/anexo/:id/:expires/:signature`). Errors: 403 when the
 * signature is not the server's or the URL expired; 404 when the attachment
 * or its file is gone.
 */
export async function readSignedAnexo(
  deps: TimelineDeps,
  params: { id: string; expires: string; signature: string },
): Promise<{ bytes: Buffer; name: string; mime: string; path: string; expires: number }> {
  const denied = () => forbidden(TIMELINE_MESSAGES.anexoLink);
  if (!/^\d{1,10}$/.test(params.id) || !/^\d{1,12}$/.test(params.expires)) throw denied();
  const id = Number(params.id);
  const expires = Number(params.expires);
  if (!deps.signer.verify(id, expires, params.signature, signingNow(deps))) throw denied();
  const [anexo] =
    id <= INT4_MAX
      ? await deps.db
          .select({ path: timeline_anexos.path, name: timeline_anexos.name, mime: timeline_anexos.mime })
          .from(timeline_anexos)
          .where(eq(timeline_anexos.id, id))
          .limit(1)
      : [];
  const bytes = anexo ? await deps.storage.get(anexo.path) : null;
  if (!anexo || !bytes) throw notFound(TIMELINE_MESSAGES.anexoNotFound);
  return { bytes, name: anexo.name, mime: anexo.mime, path: anexo.path, expires };
}
