import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import {
  FILE_TOO_LARGE_MESSAGE,
  INT4_MAX,
  PROFISSIONAL_MESSAGES as M,
  MAX_UPLOAD_BYTES,
  type ProfissionalCreate,
  type ProfissionalStatus,
  type ProfissionalTipo,
  type ProfissionalView,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { profissionais } from '../../db/schema/index.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../errors.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import type { Storage } from '../../platform/storage.ts';
import { isUniqueViolation } from '../telemedicina/index.ts';
import {
  type AnexoKind,
  type AnexoUpload,
  anexoUrlExpiry,
  fieldOf,
  readAnexoPart,
} from '../timeline/index.ts';

/**
 * The emergency professional's credential (docs/codes.md "Emergency
 * professional"; docs/api/indicadores-score-profissional.md "Emergency professional";
 * docs/architecture.md "Files"; issue 7). One per account (unique
 * `user_id`); registered once with its document photo and then locked: only
 * the whole record can be deleted, its file with it. The photo's type is
 * told by its bytes (the timeline's reader), capped at 2 MB, kept in the
 * storage adapter under a random key and served only through short-lived
 * signed URLs handed to the owner (and to staff, issue 9).
 */

/** What the credential's operations need. */
export interface ProfissionalDeps {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  log: FastifyBaseLogger;
  /** Current Unix time in seconds (tests move it). */
  now?: () => number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Purpose of the document's signed URLs: a timeline or chat signature never opens a document. */
export const DOCUMENTO_URL_PURPOSE = 'profissional-documento';

/**
 * The `multipartFile` reader of `POST /api/profissional`: the photo as an
 * {@link AnexoUpload} of at most 2 MB whose bytes are a JPEG, PNG or WebP
 * image (never told by the name or the declared type), or `undefined` for an
 * empty part. Errors: 422 under the part's field (`errors.documento`) with
 * {@link M.documentoTipo} for anything else (a PDF, text, an executable) or
 * 'O arquivo deve ter no máximo 2MB'.
 */
export async function readDocumentoPart(part: MultipartFile): Promise<AnexoUpload | undefined> {
  const upload = await readAnexoPart(part, {
    max: MAX_UPLOAD_BYTES,
    tooLarge: FILE_TOO_LARGE_MESSAGE,
    tipo: M.documentoTipo,
  });
  if (upload && !isDocumentoImage(upload.kind)) throw fieldError(fieldOf(part), M.documentoTipo);
  return upload;
}

/** Whether an upload is a photo (JPEG, PNG or WebP): the only kinds a document may be. */
export function isDocumentoImage(kind: AnexoKind): boolean {
  return kind.mime !== 'application/pdf';
}

/** Storage keys of document photos: `profissionais/<128 random bits, hex>.<ext>`; nothing else is read or deleted. */
export const DOCUMENTO_KEY = /^profissionais\/[0-9a-f]{32}\.(jpg|png|webp)$/;

const MIME_OF_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The signed URL of a credential's photo, valid 15–16 minutes from `now` (Unix seconds). */
export function signedDocumentoUrl(signer: UrlSigner, id: number, now: number): string {
  const expires = anexoUrlExpiry(now);
  return `/api/profissional/documento/${id}/${expires}/${signer.sign(id, expires)}`;
}

type Row = typeof profissionais.$inferSelect;

function toView(row: Row, deps: ProfissionalDeps): ProfissionalView {
  return {
    id: row.id,
    tipo: row.tipo as ProfissionalTipo,
    numero: row.numero,
    documento: signedDocumentoUrl(deps.signer, row.id, (deps.now ?? nowSeconds)()),
    status: row.status as ProfissionalStatus,
    created_at: row.created_at.toISOString(),
  };
}

async function findRow(db: Db, userId: number): Promise<Row | undefined> {
  const [row] = await db.select().from(profissionais).where(eq(profissionais.user_id, userId)).limit(1);
  return row;
}

/** Deletes a stored photo; a failure is logged by error code, never thrown (the row is already gone). */
async function deleteDocumentoFile(deps: ProfissionalDeps, key: string | null): Promise<void> {
  if (!key || !DOCUMENTO_KEY.test(key)) return;
  try {
    await deps.storage.delete(key);
  } catch (error) {
    deps.log.warn(
      { code: (error as NodeJS.ErrnoException).code },
      'could not delete a professional document',
    );
  }
}

/** `GET /api/profissional`: the caller's credential with a freshly signed `documento`, or `null`. */
export async function getProfissional(
  deps: ProfissionalDeps,
  actor: Actor,
): Promise<ProfissionalView | null> {
  const row = await findRow(deps.db, actor.userId);
  return row ? toView(row, deps) : null;
}

/** 409 when the caller already holds a credential (checked before the upload is read, and again at insert). */
export async function assertNoProfissional(db: Db, actor: Actor): Promise<void> {
  if (await findRow(db, actor.userId)) throw new HttpError(409, M.exists);
}

/**
 * `POST /api/profissional`: registers the caller's credential — stores the
 * photo under a fresh key, then inserts the row (status `pendente`). When the
 * insert fails the stored file is removed. Errors: 409 {@link M.exists} when
 * the caller already holds one (also when two requests race: the unique
 * `user_id` decides).
 */
export async function registerProfissional(
  deps: ProfissionalDeps,
  actor: Actor,
  input: ProfissionalCreate,
  documento: AnexoUpload,
): Promise<ProfissionalView> {
  await assertNoProfissional(deps.db, actor);
  const key = `profissionais/${randomBytes(16).toString('hex')}.${documento.kind.ext}`;
  await deps.storage.put(key, documento.bytes);
  try {
    const [row] = await deps.db
      .insert(profissionais)
      .values({ user_id: actor.userId, tipo: input.tipo, numero: input.numero, documento: key })
      .returning();
    if (!row) throw new Error('profissional not inserted');
    return toView(row, deps);
  } catch (error) {
    await deleteDocumentoFile(deps, key);
    if (isUniqueViolation(error)) throw new HttpError(409, M.exists);
    throw error;
  }
}

/**
 * `DELETE /api/profissional`: deletes the caller's credential, then its
 * photo from storage. Errors: 404 {@link M.notFound} when there is none.
 */
export async function deleteProfissional(deps: ProfissionalDeps, actor: Actor): Promise<void> {
  const [row] = await deps.db
    .delete(profissionais)
    .where(eq(profissionais.user_id, actor.userId))
    .returning({ documento: profissionais.documento });
  if (!row) throw notFound(M.notFound);
  await deleteDocumentoFile(deps, row.documento);
}

/**
 * The bytes behind a signed document URL (`/api/profissional/documento/:id/
 * :expires/:signature`). Errors: 403 {@link M.documentoLink} for a bad or
 * expired signature; 404 {@link M.documentoNotFound} when the credential or its file
 * is gone (deleted since the URL was handed out).
 */
export async function readSignedDocumento(
  deps: ProfissionalDeps,
  params: { id: string; expires: string; signature: string },
): Promise<{ bytes: Buffer; mime: string; ext: string; expires: number }> {
  const denied = () => forbidden(M.documentoLink);
  if (!/^\d{1,10}$/.test(params.id) || !/^\d{1,12}$/.test(params.expires)) throw denied();
  const id = Number(params.id);
  const expires = Number(params.expires);
  if (!deps.signer.verify(id, expires, params.signature, (deps.now ?? nowSeconds)())) throw denied();
  const [row] =
    id <= INT4_MAX
      ? await deps.db
          .select({ documento: profissionais.documento })
          .from(profissionais)
          .where(eq(profissionais.id, id))
          .limit(1)
      : [];
  const key = row?.documento ?? null;
  const bytes = key && DOCUMENTO_KEY.test(key) ? await deps.storage.get(key) : null;
  if (!key || !bytes) throw notFound(M.documentoNotFound);
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return { bytes, mime: MIME_OF_EXT[ext] ?? 'application/octet-stream', ext, expires };
}
