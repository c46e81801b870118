import type { Area } from 'react-easy-crop';
import { cropImage } from '../../../ui/image/crop-image.ts';

/** JPEG quality of a cropped chat image (docs/telemedicine.md "Files"). */
export const CHAT_JPEG_QUALITY = 0.9;

/** Longest side of an image sent in the chat, in pixels: enough to read a prescription, small enough for 2 MB. */
export const CHAT_IMAGE_MAX_SIDE = 1600;

/** The output size of a crop: the area itself, scaled down so that its longer side is at most `maxSide`. */
export function outputSize(area: Pick<Area, 'width' | 'height'>, maxSide: number = CHAT_IMAGE_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

/**
 * Draws the cropped `area` (pixels of the original image, as react-easy-crop
 * reports it) of the image at `src` and exports it as a JPEG file named after
 * `name` (extension `.jpg`), quality {@link CHAT_JPEG_QUALITY}, at most
 * {@link CHAT_IMAGE_MAX_SIDE} px on its longer side.
 */
export async function cropToJpeg(src: string, area: Area, name: string): Promise<File> {
  const blob = await cropImage(src, area, {
    ...outputSize(area),
    type: 'image/jpeg',
    quality: CHAT_JPEG_QUALITY,
    background: '#ffffff',
  });
  const base = name.replace(/\.[^.]*$/, '') || 'imagem';
  return new File([blob], `${base}.jpg`, { type: 'image/jpeg' });
}
