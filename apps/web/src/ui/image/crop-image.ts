import type { Area } from 'react-easy-crop';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('A imagem não pôde ser lida.'));
    image.src = src;
  });
}

/** How {@link cropImage} exports: size in pixels, type, JPEG quality, a background under transparency. */
export interface CropOutput {
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg';
  /** 0–1, for JPEG. */
  quality?: number;
  /** Painted first: JPEG has no transparency, so a transparent PNG would turn black. */
  background?: string;
}

/**
 * Draws the cropped `area` (pixels of the original image, as react-easy-crop
 * reports it) of the image at `src` scaled to `output` and exports it as a
 * Blob. Errors (pt-BR): the image cannot be read, or the browser cannot draw
 * or encode it.
 */
export async function cropImage(src: string, area: Area, output: CropOutput): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('O navegador não conseguiu preparar a imagem.');
  if (output.background) {
    context.fillStyle = output.background;
    context.fillRect(0, 0, output.width, output.height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('O navegador não conseguiu gerar a imagem.'))),
      output.type,
      output.quality,
    );
  });
}
