import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import {
  type AnexoView,
  FILE_TOO_LARGE_MESSAGE,
  MAX_PDF_BYTES,
  MAX_UPLOAD_BYTES,
  PDF_TOO_LARGE_MESSAGE,
  TIMELINE_MESSAGES,
} from '@pulso/domain';
import type { FastifyBaseLogger } from 'fastify';
import { fieldError } from '../../errors.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import type { Storage } from '../../platform/storage.ts';

/**
 * Timeline attachments (docs/health-record.md "Attachments";
 * docs/architecture.md "Files"; issue 5): the type is read from the bytes, the
 * size is capped while the file streams in, files live in the storage adapter
 * under random keys and are read only through short-lived signed URLs.
 */

/** What an attachment may be, told by its first bytes, with its size cap. */
export interface AnexoKind {
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
  /** Largest size in bytes: images 2 MB, PDFs 10 MB (docs/health-record.md "Attachments"). */
  max: number;
  tooLarge: string;
}

const IMAGE = { max: MAX_UPLOAD_BYTES, tooLarge: FILE_TOO_LARGE_MESSAGE };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes {@link sniffAnexo} needs to tell every accepted kind apart (WebP's header is 12). */
export const SNIFF_BYTES = 12;

/**
 * The kind of a file from its first bytes (magic numbers): JPEG `FF D8 FF`,
 * PNG's 8-byte signature, WebP `RIFF....WEBP`, PDF `%PDF-`. Never from the
 * name or the declared type. `null` for anything else.
 */
export function sniffAnexo(head: Buffer): AnexoKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg', ...IMAGE };
  }
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return { mime: 'image/png', ext: 'png', ...IMAGE };
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp', ...IMAGE };
  }
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { mime: 'application/pdf', ext: 'pdf', max: MAX_PDF_BYTES, tooLarge: PDF_TOO_LARGE_MESSAGE };
  }
  return null;
}

/** A received attachment, checked: only {@link readAnexoPart} makes these (a JSON body cannot forge one). */
export class AnexoUpload {
  constructor(
    readonly bytes: Buffer,
    /** The file's name on the sender's device, cleaned (never used as a path). */
    readonly name: string,
    readonly kind: AnexoKind,
  ) {}
}

/** The name a browser sent, without folders, control characters or excess length; '' when none. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return Array.from(base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim())
    .slice(0, 255)
    .join('');
}

/** The form field of a part without the `[]` of `anexos[]`: errors are answered under it. */
export function fieldOf(part: Pick<MultipartFile, 'fieldname'>): string {
  return part.fieldname.replace(/\[\]$/, '');
}

/**
 * What another upload accepts instead of the timeline's defaults: one size
 * cap for every kind (`max` bytes, refused with `tooLarge`) and the message
 * of an unknown kind (`tipo`). The chat (issue 6) caps images and PDFs at 2 MB.
 */
export interface AnexoRules {
  max?: number;
  tooLarge?: string;
  tipo?: string;
}

/**
 * Reads one file part as it streams in (the `multipartFile` reader of the
 * upload routes): decides its kind from the first bytes and stops at once on
 * an unknown kind, then stops as soon as the kind's cap is passed, so at most
 * cap + one chunk is ever held. Answers an {@link AnexoUpload}, or
 * `undefined` for an empty part (a file input left empty).
 * Errors: 422 under the part's field (`anexos` / `anexo`) with
 * `TIMELINE_MESSAGES.anexoTipo`, 'O arquivo deve ter no máximo 2MB' (images)
 * or 'O arquivo deve ter no máximo 10MB' (PDFs) — or what `rules` say.
 */
export async function readAnexoPart(
  part: MultipartFile,
  rules: AnexoRules = {},
): Promise<AnexoUpload | undefined> {
  const field = fieldOf(part);
  const tipo = rules.tipo ?? TIMELINE_MESSAGES.anexoTipo;
  const ruled = (found: AnexoKind | null): AnexoKind | null =>
    found && rules.max !== undefined
      ? { ...found, max: rules.max, tooLarge: rules.tooLarge ?? found.tooLarge }
      : found;
  const chunks: Buffer[] = [];
  let size = 0;
  let kind: AnexoKind | null = null;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (!kind && size >= SNIFF_BYTES) {
      kind = ruled(sniffAnexo(Buffer.concat(chunks)));
      if (!kind) throw fieldError(field, tipo);
    }
    if (kind && size > kind.max) throw fieldError(field, kind.tooLarge);
  }
  if (size === 0) return undefined;
  const bytes = Buffer.concat(chunks);
  kind ??= ruled(sniffAnexo(bytes));
  if (!kind) throw fieldError(field, tipo);
  return new AnexoUpload(bytes, cleanFileName(part.filename), kind);
}

/** A fresh storage key of an attachment: `timeline/<128 random bits, hex>.<ext>`. */
export function anexoKey(kind: AnexoKind): string {
  return `timeline/${randomBytes(16).toString('hex')}.${kind.ext}`;
}

/** Storage keys this module writes; anything else in a row is never read or deleted. */
export const ANEXO_KEY = /^timeline\/[0-9a-f]{32}\.(jpg|png|webp|pdf)$/;

// Storage errors name the file; log the code only.
function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Stores uploads under fresh keys; answers the rows to insert. When one put
 * fails, the files already written are removed before the error goes on.
 */
export async function storeAnexos(
  deps: { storage: Storage; log: FastifyBaseLogger },
  uploads: readonly AnexoUpload[],
): Promise<{ path: string; name: string; mime: string; size: number }[]> {
  const stored: { path: string; name: string; mime: string; size: number }[] = [];
  try {
    for (const upload of uploads) {
      const path = anexoKey(upload.kind);
      await deps.storage.put(path, upload.bytes);
      stored.push({ path, name: upload.name, mime: upload.kind.mime, size: upload.bytes.length });
    }
  } catch (error) {
    await deleteAnexoFiles(
      deps,
      stored.map((s) => s.path),
    );
    throw error;
  }
  return stored;
}

/**
 * Deletes stored files (after their rows are gone, or when no row came to
 * point at them). A failure is logged by error code and never thrown: the
 * record is already deleted and an orphan file is only wasted space.
 */
export async function deleteAnexoFiles(
  deps: { storage: Storage; log: FastifyBaseLogger },
  paths: readonly string[],
): Promise<void> {
  for (const path of paths) {
    if (!ANEXO_KEY.test(path)) continue;
    try {
      await deps.storage.delete(path);
    } catch (error) {
      deps.log.warn({ code: errorCode(error) }, 'could not delete a timeline attachment file');
    }
  }
}

/** How long a signed attachment URL lives: 15 minutes (in seconds). */
export const ANEXO_URL_TTL_SECONDS = 15 * 60;

/**
 * When a URL signed at `now` (Unix seconds) expires: 15 minutes later, rounded
 * up to the minute so the URLs of one minute are the same and the browser's
 * cache serves repeated loads (validity 15–16 minutes).
 */
export function anexoUrlExpiry(now: number): number {
  return Math.ceil((now + ANEXO_URL_TTL_SECONDS) / 60) * 60;
}

/** The signed URL of an attachment: `/api/timeline/anexo/:id/:expires/:signature`. */
export function signedAnexoUrl(signer: UrlSigner, id: number, now: number): string {
  const expires = anexoUrlExpiry(now);
  return `/api/timeline/anexo/${id}/${expires}/${signer.sign(id, expires)}`;
}

/** An attachment row as answered ({@link AnexoView}), with a URL signed at `now` (Unix seconds). */
export function toAnexoView(
  row: { id: number; path: string; name: string; mime: string; size: number },
  signer: UrlSigner,
  now: number,
): AnexoView {
  return {
    id: row.id,
    path: row.path,
    url: signedAnexoUrl(signer, row.id, now),
    name: row.name,
    mime: row.mime,
    size: row.size,
  };
}

/**
 * `content-disposition` of a served attachment: `inline`, an ASCII fallback
 * name (quotes, backslashes and anything outside printable ASCII replaced)
 * and the real name percent-encoded (RFC 6266 / 5987).
 */
export function contentDisposition(name: string, ext: string): string {
  const base = name.trim() || `anexo.${ext}`;
  const ascii = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * CSP of a served attachment: nothing may load or run (`default-src 'none'`);
 * the browser's own image and PDF viewers still show the file, framed only
 * by the app. Images are also sandboxed; PDFs are not, since Chromium's PDF
 * viewer refuses to open in a sandboxed document.
 */
export function anexoCsp(mime: string): string {
  const base = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
  return mime === 'application/pdf' ? base : `${base}; sandbox`;
}
