import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../shared/files.ts';

/** Side of the stored avatar in pixels (docs/accounts.md "Profile photo": 350×350 PNG). */
export const AVATAR_SIZE = 350;

/** Side of the crop viewport in pixels (docs/accounts.md "Profile photo": 250×250). */
export const AVATAR_CROP_SIZE = 250;

/** Image types accepted for the avatar, checked from the bytes on the server. */
export const AVATAR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** pt-BR messages of the avatar (docs/accounts.md "Profile photo"). */
export const AVATAR_MESSAGES = {
  saved: 'Foto alterada com sucesso',
  missing: 'Escolha uma imagem',
  type: 'Envie uma imagem PNG, JPEG ou WebP',
  tooLarge: FILE_TOO_LARGE_MESSAGE,
  tooManyPixels: 'A imagem deve ter no máximo 50 megapixels',
  notFound: 'Imagem não encontrada',
} as const;

/** Checks a chosen file before cropping: the pt-BR message, or `null` when it may be used. */
export function avatarFileProblem(file: { size: number; type: string }): string | null {
  if (!(AVATAR_IMAGE_TYPES as readonly string[]).includes(file.type)) return AVATAR_MESSAGES.type;
  if (file.size > MAX_UPLOAD_BYTES) return AVATAR_MESSAGES.tooLarge;
  return null;
}
