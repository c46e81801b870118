import type Sharp from 'sharp';

/**
 * Libraries only a few routes use, loaded on their first use rather than at
 * start: pdfkit (the sticker sheet and the wallet card) and sharp (avatars,
 * the QR download, the lock-screen image). Loading both took ~0.8 s of
 * every server start and of every API test file on the 2-core machines.
 * Node's module cache keeps each one loaded after the first call.
 */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}

/** A new pdfkit document with `options`. */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument(options);
}
