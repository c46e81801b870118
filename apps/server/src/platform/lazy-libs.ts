import type Nodemailer from 'nodemailer';
import type Pg from 'pg';
import type QRCode from 'qrcode';
import type SanitizeHtml from 'sanitize-html';
import type Sharp from 'sharp';

/**
 * Libraries only a few routes use, loaded on their first use rather than at
 * start: pdfkit (the sticker sheet and the wallet card) and sharp (avatars,
 * the QR download, the lock-screen image). Loading both took ~0.8 s of
 * every server start and of every API test file on the 2-core machines.
 * Also qrcode, sanitize-html, nodemailer (the first e-mail), jose (the first
 * SMART Health Link) and fflate (the first data export): together about 7 MB
 * of an idle embedded server's heap (docs/performance.md "The embedded
 * database's memory").
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

/** qrcode: the QR's matrix, SVG and PNG. */
export async function loadQrCode(): Promise<typeof QRCode> {
  return (await import('qrcode')).default;
}

/** sanitize-html: the legal pages' HTML as stored. */
export async function loadSanitizeHtml(): Promise<typeof SanitizeHtml> {
  return (await import('sanitize-html')).default;
}

/** nodemailer: the SMTP transport and the dev outbox's rendering (`platform/mail.ts`). */
export async function loadNodemailer(): Promise<typeof Nodemailer> {
  return (await import('nodemailer')).default;
}

/** jose: the SMART Health Links' encryption. */
export function loadJose(): Promise<typeof import('jose')> {
  return import('jose');
}

/** fflate: the data export's ZIP. */
export function loadFflate(): Promise<typeof import('fflate')> {
  return import('fflate');
}

/** node-postgres, for what only PostgreSQL needs (the start-up lock, the jobs' leader lock): not on PGlite. */
export async function loadPg(): Promise<typeof Pg> {
  return (await import('pg')).default;
}
