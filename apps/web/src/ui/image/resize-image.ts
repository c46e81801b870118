import { TIMELINE_MESSAGES } from '@pulso/domain';
import Compressor from 'compressorjs';

/** Widest image sent as a timeline attachment, in pixels (issue 5: at most 800 px wide). */
export const ANEXO_MAX_WIDTH = 800;

/** JPEG quality of attachments chosen on /timeline/add (issue 5). */
export const ANEXO_QUALITY_ADD = 0.5;

/** JPEG quality of attachments added while editing a record (issue 5). */
export const ANEXO_QUALITY_EDIT = 0.9;

/** Image types the browser resizes and the server accepts (issue 5, checked again from the bytes). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** Message when the browser cannot decode an image (a corrupt file, or HEIC on most browsers). */
export const IMAGE_UNREADABLE_MESSAGE = 'A imagem não pôde ser lida.';

/**
 * What a chosen file is as an attachment: `'image'` (JPEG, PNG, WebP),
 * `'pdf'`, or `null` for anything the server refuses. Uses the declared type,
 * or the name's extension when the browser declares none; the server checks
 * the bytes anyway (docs/api/timeline.md "Attachments").
 */
export function anexoKind(file: File): 'image' | 'pdf' | null {
  if (IMAGE_TYPES.includes(file.type)) return 'image';
  if (file.type === 'application/pdf') return 'pdf';
  if (file.type !== '') return null;
  if (IMAGE_EXTENSIONS.test(file.name)) return 'image';
  return /\.pdf$/i.test(file.name) ? 'pdf' : null;
}

/** `name` with its extension replaced by `.jpg` ('foto.png' → 'foto.jpg', '' → 'imagem.jpg'). */
function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim();
  return `${base || 'imagem'}.jpg`;
}

/**
 * Prepares a file chosen as a timeline attachment (issue 5): an image is
 * redrawn with compressorjs to at most `maxWidth` px wide (default
 * {@link ANEXO_MAX_WIDTH}; never enlarged, height in proportion, EXIF
 * orientation applied) and encoded as
 * JPEG at `quality` (0–1: {@link ANEXO_QUALITY_ADD} on add,
 * {@link ANEXO_QUALITY_EDIT} on edit; /profissional's document photo uses
 * its own width and quality), named `<name>.jpg`; it is always
 * re-encoded (`strict: false`), so camera metadata such as the GPS position
 * never leaves the device. A PDF is returned untouched (same object).
 *
 * Rejects with `TIMELINE_MESSAGES.anexoTipo` for other types and with
 * {@link IMAGE_UNREADABLE_MESSAGE} when the browser cannot decode the image.
 * Size caps are the caller's to check on the result (`MAX_UPLOAD_BYTES`,
 * `MAX_PDF_BYTES`).
 */
export function resizeImageForUpload(
  file: File,
  quality: number,
  maxWidth: number = ANEXO_MAX_WIDTH,
): Promise<File> {
  const kind = anexoKind(file);
  if (kind === 'pdf') return Promise.resolve(file);
  if (kind === null) return Promise.reject(new Error(TIMELINE_MESSAGES.anexoTipo));
  return new Promise((resolve, reject) => {
    new Compressor(file, {
      maxWidth,
      quality,
      mimeType: 'image/jpeg',
      strict: false,
      checkOrientation: true,
      retainExif: false,
      success: (result) =>
        resolve(new File([result], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() })),
      error: () => reject(new Error(IMAGE_UNREADABLE_MESSAGE)),
    });
  });
}
