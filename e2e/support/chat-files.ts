import sharp from 'sharp';

/**
 * Files people send in a care session's chat (issue 6: images, cropped
 * before sending, and PDFs; the server tells the type from the bytes).
 */

/** A small real PDF. */
export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** A 1200×900 PNG photo of a skin spot (shapes, so that it does not compress to nothing). */
export async function photoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#f1c8a8"/>
    <circle cx="600" cy="450" r="120" fill="#8c4a2f"/>
    <circle cx="640" cy="420" r="40" fill="#5c2d1a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
