import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_PDF_BYTES,
  MAX_UPLOAD_BYTES,
  PDF_TOO_LARGE_MESSAGE,
  TIMELINE_MESSAGES,
} from '@pulso/domain';
import { anexoKind } from '../../../ui/image/resize-image.ts';

/** What the file picker offers (the server still checks the bytes). */
export const ANEXO_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.pdf';

/** '1,2 MB' / '350 KB': a file's size as a patient reads it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Why a prepared file cannot be sent, with the server's own messages
 * (docs/api/timeline.md "Attachments"): not an image or a PDF
 * ('Envie imagens (JPEG, PNG ou WebP) ou PDF'), an image above
 * `MAX_UPLOAD_BYTES` after resizing or a PDF above `MAX_PDF_BYTES`. Null when fine.
 */
export function anexoProblem(file: File): string | null {
  const kind = anexoKind(file);
  if (kind === null) return TIMELINE_MESSAGES.anexoTipo;
  if (kind === 'pdf') return file.size > MAX_PDF_BYTES ? PDF_TOO_LARGE_MESSAGE : null;
  return file.size > MAX_UPLOAD_BYTES ? FILE_TOO_LARGE_MESSAGE : null;
}
