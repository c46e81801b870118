import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, TELEMEDICINA_MESSAGES } from '@pulso/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { UrlSigner } from '../../platform/signed-url.ts';
import type { Storage } from '../../platform/storage.ts';
import { type AnexoUpload, anexoUrlExpiry, readAnexoPart } from '../timeline/index.ts';

/**
 * Files sent in the chat (docs/telemedicine.md "Files"; docs/architecture.md
 * "Files"; issue 6):
 * the timeline's reader tells the type from the bytes (JPEG, PNG, WebP → I;
 * PDF → F) and every kind is capped at 2 MB while it streams in; files live
 * in the storage adapter under random keys and are served only through
 * short-lived signed URLs.
 */

/**
 * The `multipartFile` reader of `POST /api/telemedicina/atendimento/:id/mensagem`:
 * an {@link AnexoUpload} of at most 2 MB, or `undefined` for an empty part.
 * Errors: 422 under the part's field (`content`) with 'Envie uma imagem
 * (JPEG, PNG ou WebP) ou um PDF' or 'O arquivo deve ter no máximo 2MB'.
 */
export function readChatPart(part: MultipartFile): Promise<AnexoUpload | undefined> {
  return readAnexoPart(part, {
    max: MAX_UPLOAD_BYTES,
    tooLarge: FILE_TOO_LARGE_MESSAGE,
    tipo: TELEMEDICINA_MESSAGES.fileType,
  });
}

/** The message type of a file: images I, PDFs F (told by the bytes). */
export function mensagemTypeOf(upload: AnexoUpload): 'I' | 'F' {
  return upload.kind.mime === 'application/pdf' ? 'F' : 'I';
}

/** Storage keys of chat files: `chat/<128 random bits, hex>.<ext>`; nothing else is read or deleted. */
export const CHAT_FILE_KEY = /^chat\/[0-9a-f]{32}\.(jpg|png|webp|pdf)$/;

/** Stores a chat file under a fresh key; answers the key. */
export async function storeChatFile(storage: Storage, upload: AnexoUpload): Promise<string> {
  const key = `chat/${randomBytes(16).toString('hex')}.${upload.kind.ext}`;
  await storage.put(key, upload.bytes);
  return key;
}

/**
 * Deletes a chat file (after its row is gone, or when no row came to point
 * at it). A failure is logged by error code, never thrown.
 */
export async function deleteChatFile(
  deps: { storage: Storage; log: FastifyBaseLogger },
  key: string | null,
): Promise<void> {
  if (!key || !CHAT_FILE_KEY.test(key)) return;
  try {
    await deps.storage.delete(key);
  } catch (error) {
    deps.log.warn({ code: (error as NodeJS.ErrnoException).code }, 'could not delete a chat file');
  }
}

/** Purpose of the chat's signed URLs: a timeline attachment's signature never opens a chat file. */
export const CHAT_URL_PURPOSE = 'chat-arquivo';

/**
 * The signed URL of a message's file, valid 15–16 minutes from `now` (Unix
 * seconds): `/api/telemedicina/mensagem/:id/arquivo/:expires/:signature`.
 */
export function signedArquivoUrl(signer: UrlSigner, id: number, now: number): string {
  const expires = anexoUrlExpiry(now);
  return `/api/telemedicina/mensagem/${id}/arquivo/${expires}/${signer.sign(id, expires)}`;
}
