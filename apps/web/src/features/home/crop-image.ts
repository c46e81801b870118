import { AVATAR_SIZE } from '@pulso/domain';
import type { Area } from 'react-easy-crop';
import { cropImage } from '../../ui/image/crop-image.ts';

/** Side of the avatar sent to the server, in pixels (docs/accounts.md "Profile photo": 350×350). */
export const AVATAR_OUTPUT_SIZE = AVATAR_SIZE;

/**
 * The cropped area (`area`, in pixels of the original image, as
 * react-easy-crop reports it) of the image at `src` on a
 * {@link AVATAR_OUTPUT_SIZE} square, as PNG.
 */
export function cropToPng(src: string, area: Area, size: number = AVATAR_OUTPUT_SIZE): Promise<Blob> {
  return cropImage(src, area, { width: size, height: size, type: 'image/png' });
}
