import { randomBytes } from 'node:crypto';
import {
  AVATAR_MESSAGES,
  AVATAR_SIZE,
  type Caracteristicas,
  type Geral,
  type HomeUserView,
  INT4_MAX,
  type Pessoal,
  PROFILE_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
  type UserView,
} from '@pulso/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cidades, users } from '../../db/schema/index.ts';
import { fieldError, HttpError, notFound } from '../../errors.ts';
import { loadSharp } from '../../platform/lazy-libs.ts';
import type { Storage } from '../../platform/storage.ts';
import { indicadoresRecentes } from '../indicadores/index.ts';
import { selectUserRow, toUserView } from '../users/index.ts';

/** Answer of a saved card (docs/accounts.md "The /home screen"). */
export const SAVED_MESSAGE = 'Salvo com sucesso';

/**
 * Largest decoded image accepted, in pixels. A 2 MB file can declare a huge
 * canvas (decompression bomb); 50 MP covers any phone photo that fits in 2 MB.
 */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

/** `users.avatar` values and `GET /api/avatars/:file` names: 128 random bits, hex, `.png`. */
export const AVATAR_FILE = /^[0-9a-f]{32}\.png$/;

/** Storage key of an avatar file name (`<hex>.png` → `avatars/<hex>.png`). */
export function avatarKey(file: string): string {
  return `avatars/${file}`;
}

async function loadView(db: Db, userId: number): Promise<UserView> {
  const row = await selectUserRow(db, { id: userId });
  // Sessions cascade with their user: a live session without a user means it was just closed.
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  return toUserView(row);
}

/**
 * Writes `values` to the actor's own row only and stamps `updated_at` with the
 * database clock (the "last edited" date of /home;
 * docs/accounts.md "The signed-in user"). The actor's id comes from the
 * session, never from the request, so no patient can reach another's row.
 */
async function updateOwnRow(
  db: Db,
  actor: Actor,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserView> {
  const updated = await db
    .update(users)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(users.id, actor.userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  return loadView(db, actor.userId);
}

/**
 * The signed-in patient's `UserView` with their recent indicator readings
 * (`GET /api/home`, docs/accounts.md "The signed-in user"): `pressao`,
 * `indice_massa_corporal`, `oxigenacao`, `glicose`, the newest 10 of each,
 * latest first (`HomeUserView`). Errors: 401 if the user is gone.
 */
export async function getHome(db: Db, actor: Actor): Promise<HomeUserView> {
  const [user, indicadores] = await Promise.all([
    loadView(db, actor.userId),
    indicadoresRecentes(db, actor.userId),
  ]);
  return { ...user, ...indicadores };
}

/**
 * Replaces the personal card (`pessoal`,
 * docs/accounts.md "Personal information"): `telefone` (mobile, 11 digits),
 * `contato`, `contato_telefone` (10 or 11 digits), `contato_relacao`. Absent
 * optional fields are cleared (PUT replaces the card). Answers the updated
 * `UserView`.
 */
export function updatePessoal(db: Db, actor: Actor, input: Pessoal): Promise<UserView> {
  return updateOwnRow(db, actor, {
    telefone: input.telefone,
    contato: input.contato,
    contato_telefone: input.contato_telefone,
    contato_relacao: input.contato_relacao,
  });
}

/**
 * Replaces the physical-characteristics card (`caracteristicas`,
 * docs/accounts.md "Physical characteristics"): `peso` in kg (10–400,
 * 1 decimal), `altura` in metres (0.40–2.50, 2 decimals), `cor`, `olhos`,
 * `sinal`. Answers the updated `UserView`.
 */
export function updateCaracteristicas(db: Db, actor: Actor, input: Caracteristicas): Promise<UserView> {
  return updateOwnRow(db, actor, {
    peso: input.peso,
    altura: input.altura,
    cor: input.cor,
    olhos: input.olhos,
    sinal: input.sinal,
  });
}

/**
 * Replaces the general card (`geral`, docs/accounts.md "General information").
 * Only `cidade.id` is stored; the answer's `cidade.descricao` (`"Nome - UF"`)
 * is read from `cidades`, whatever description the client sent. Errors: 422
 * `errors.cidade` (`PROFILE_MESSAGES.cidade`) when the id is no municipality.
 */
export async function updateGeral(db: Db, actor: Actor, input: Geral): Promise<UserView> {
  let cidadeId: number | null = null;
  if (input.cidade) {
    const { id } = input.cidade;
    const [cidade] =
      id <= INT4_MAX
        ? await db.select({ id: cidades.id }).from(cidades).where(eq(cidades.id, id)).limit(1)
        : [];
    if (!cidade) throw fieldError('cidade', PROFILE_MESSAGES.cidade);
    cidadeId = cidade.id;
  }
  // Municipalities are reference data that is never deleted, so the check above cannot go stale.
  return updateOwnRow(db, actor, {
    nascimento: input.nascimento,
    sexo: input.sexo,
    sangue: input.sangue,
    endereco: input.endereco,
    bairro: input.bairro,
    cidade_id: cidadeId,
    complemento: input.complemento,
  });
}

// Storage errors name the file, and an avatar's name is the capability to see the photo: log the code only.
function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function hasImageSignature(bytes: Buffer): boolean {
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const webp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return png || jpeg || webp;
}

/**
 * Checks that `bytes` are a PNG, JPEG or WebP image (by content, never by
 * name or declared type) and re-encodes it as a 350×350 PNG (cover crop,
 * EXIF orientation applied, every metadata block dropped: EXIF may carry GPS).
 * Errors: 422 `errors.avatar` with `AVATAR_MESSAGES.type` for anything else
 * or an undecodable file, `AVATAR_MESSAGES.tooManyPixels` above 50 MP.
 */
export async function normalizeAvatar(bytes: Buffer): Promise<Buffer> {
  // Only the three accepted formats reach a decoder: SVG, TIFF, HEIF… never do.
  if (!hasImageSignature(bytes)) throw fieldError('avatar', AVATAR_MESSAGES.type);
  const sharp = await loadSharp();
  // Reading the header decodes no pixels, so the size check below can name the real problem.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw fieldError('avatar', AVATAR_MESSAGES.type);
    });
  if (meta.format !== 'png' && meta.format !== 'jpeg' && meta.format !== 'webp') {
    throw fieldError('avatar', AVATAR_MESSAGES.type);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > AVATAR_MAX_INPUT_PIXELS) {
    throw fieldError('avatar', AVATAR_MESSAGES.tooManyPixels);
  }
  try {
    // sharp writes no metadata unless asked to (keepMetadata/withExif), so the output carries none.
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS })
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .png()
      .toBuffer();
  } catch {
    throw fieldError('avatar', AVATAR_MESSAGES.type);
  }
}

/**
 * Stores a new avatar for the actor (`POST /api/home/avatar`,
 * docs/accounts.md "Profile photo"): validates and re-encodes `upload`
 * ({@link normalizeAvatar}), stores it under `avatars/<32 hex>.png`, points
 * `users.avatar` at `<32 hex>.png`, stamps `updated_at`, and only after that
 * commits deletes the previous file (a failed deletion is logged; the new photo
 * stays). Answers the `UserView`. Errors: 422 `errors.avatar` as in
 * {@link normalizeAvatar}.
 */
export async function replaceAvatar(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  actor: Actor,
  upload: Buffer,
): Promise<UserView> {
  const { db, storage, log } = deps;
  const png = await normalizeAvatar(upload);
  const file = `${randomBytes(16).toString('hex')}.png`;
  await storage.put(avatarKey(file), png);

  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      // The row lock orders concurrent uploads so each one deletes the file it replaced.
      const [row] = await tx
        .select({ avatar: users.avatar })
        .from(users)
        .where(eq(users.id, actor.userId))
        .for('update');
      if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
      await tx.update(users).set({ avatar: file, updated_at: sql`now()` }).where(eq(users.id, actor.userId));
      return row.avatar;
    });
  } catch (error) {
    // No row points at the new file: remove it rather than leave a stray photo behind.
    await storage.delete(avatarKey(file)).catch((cleanup: unknown) => {
      log.warn({ code: errorCode(cleanup) }, 'could not delete an orphan avatar');
    });
    throw error;
  }

  if (previous && previous !== file && AVATAR_FILE.test(previous)) {
    try {
      await storage.delete(avatarKey(previous));
    } catch (error) {
      log.warn({ code: errorCode(error) }, 'could not delete a replaced avatar');
    }
  }
  return loadView(db, actor.userId);
}

/**
 * The bytes of a stored avatar (`GET /api/avatars/:file`): `file` must be a
 * `<32 hex>.png` name. Errors: 404 when the name is malformed or no file has it.
 */
export async function readAvatar(storage: Storage, file: string): Promise<Buffer> {
  if (!AVATAR_FILE.test(file)) throw notFound(AVATAR_MESSAGES.notFound);
  const bytes = await storage.get(avatarKey(file));
  if (!bytes) throw notFound(AVATAR_MESSAGES.notFound);
  return bytes;
}
