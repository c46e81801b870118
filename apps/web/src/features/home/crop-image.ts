import { AVATAR_SIZE } from '@pulso/domain';
import type { Area } from 'react-easy-crop';

/** Side of the avatar sent to the server, in pixels (spec 1 §9: 350×350). */
export const AVATAR_OUTPUT_SIZE = AVATAR_SIZE;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('A imagem não pôde ser lida.'));
    image.src = src;
  });
}

/**
 * Draws the cropped area (`area`, in pixels of the original image, as
 * react-easy-crop reports it) of the image at `src` onto a
 * {@link AVATAR_OUTPUT_SIZE} square canvas and exports it as PNG.
 */
export async function cropToPng(src: string, area: Area, size: number = AVATAR_OUTPUT_SIZE): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('O navegador não conseguiu preparar a imagem.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('O navegador não conseguiu gerar a imagem.'))),
      'image/png',
    );
  });
}
