import { randomBytes } from 'node:crypto';
import type { TimelineItemView } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { timeline_items, users } from '../../db/schema/index.ts';
import type { createPatient } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';
import { createCompany } from '../empresas/empresas.service.ts';
import { buscaOf } from './timeline.search.ts';

/** Helpers shared by the timeline API tests (not a test file itself). */

export type Patient = Awaited<ReturnType<typeof createPatient>>;
export type Auth = { authorization: string } | undefined;

/** A file part of a hand-built multipart body. */
export interface FilePart {
  field: string;
  filename: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart/form-data body with text `fields` (null/undefined skipped) and `files`. */
export function multipart(
  fields: Record<string, string | number | null | undefined>,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pulso-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 40×30 JPEG. */
export const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
/** A real 20×20 PNG. */
export const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 4, background: '#3c3' } })
    .png()
    .toBuffer();
/** A real 20×20 WebP. */
export const webp = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#33c' } })
    .webp()
    .toBuffer();

/** A minimal one-page PDF, optionally padded (a comment) to `size` bytes. */
export function pdf(size = 0): Buffer {
  const body = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );
  return size > body.length ? Buffer.concat([body, Buffer.alloc(size - body.length, 0x25)]) : body;
}

/** A Windows executable's first bytes ('MZ' header), whatever it is named. */
export const exe = () =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(200)]);

/** A JPEG header followed by padding up to `size` bytes (only the magic number is read). */
export const bigJpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]);

/**
 * Puts the account's creation two months back: its 1-month trial is over (docs/accounts.md "Trial
 * and locked accounts").
 */
export async function endTrial(db: Db, userId: number): Promise<void> {
  const past = new Date();
  past.setUTCMonth(past.getUTCMonth() - 2);
  await db.update(users).set({ created_at: past }).where(eq(users.id, userId));
}

/** Links the account to an active company: corporate, never trial-locked (docs/accounts.md "Corporate accounts"). */
export async function makeCorporate(db: Db, userId: number): Promise<void> {
  const company = await createCompany(db, { nome: 'Construtora Horizonte' });
  await db.update(users).set({ company_id: company.id }).where(eq(users.id, userId));
}

/**
 * Inserts a record straight into the table with its `busca` as the service
 * writes it (for bulk and search fixtures); answers its id.
 */
export async function insertItem(
  db: Db,
  userId: number,
  values: Partial<typeof timeline_items.$inferInsert> = {},
): Promise<number> {
  const item = {
    user_id: userId,
    tipo: 1,
    data: '2025-01-10',
    descricao: 'Consulta de rotina',
    medico_name: null,
    ...values,
  };
  const [row] = await db
    .insert(timeline_items)
    .values({ ...item, busca: buscaOf(item) })
    .returning({ id: timeline_items.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

/** Minimal valid fields of `POST /api/timeline/item`; `overrides` replace or add fields. */
export function itemFields(overrides: Record<string, string | number | null | undefined> = {}) {
  return {
    tipo: '1',
    data: '2025-03-10',
    valor: 'R$ 1.234,56',
    medico_name: 'Dra. Ana Souza',
    descricao: 'Consulta com cardiologista',
    ...overrides,
  };
}

/** `POST /api/timeline/item` as multipart. */
export function postItem(
  t: TestApp,
  auth: Auth,
  fields: Record<string, string | number | null | undefined>,
  files: FilePart[] = [],
) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/timeline/item',
    payload: body.payload,
    headers: { ...body.headers, ...(auth ?? {}) },
  });
}

/**
 * `GET /api/timeline/user/:code` of the account `userId` as the add screen
 * does before saving: the lookup that lets `auth` add to that timeline.
 */
export async function lookUpPatient(t: TestApp, auth: Auth, userId: number) {
  const [row] = await t.database.db.select({ code: users.code }).from(users).where(eq(users.id, userId));
  if (!row?.code) throw new Error(`user ${userId} has no code`);
  return call(t, 'GET', `/api/timeline/user/${row.code}`, auth);
}

/**
 * Adds a record through the API and answers it (fails the test on anything
 * but 201). With another patient's `user_id`, their code is looked up first,
 * as the add screen does.
 */
export async function addItem(
  t: TestApp,
  auth: Auth,
  overrides: Record<string, string | number | null | undefined> = {},
  files: FilePart[] = [],
): Promise<TimelineItemView> {
  if (overrides.user_id != null) await lookUpPatient(t, auth, Number(overrides.user_id));
  const res = await postItem(t, auth, itemFields(overrides), files);
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { timelineItem: TimelineItemView }).timelineItem;
}

/** `POST /api/timeline/item/anexo` as multipart. */
export function postAnexo(t: TestApp, auth: Auth, itemId: number | string, file?: FilePart) {
  const body = multipart({ timeline_item_id: itemId }, file ? [file] : []);
  return t.app.inject({
    method: 'POST',
    url: '/api/timeline/item/anexo',
    payload: body.payload,
    headers: { ...body.headers, ...(auth ?? {}) },
  });
}

/** A request with optional bearer headers. */
export function call(
  t: TestApp,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  auth: Auth,
  payload?: object,
) {
  return t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });
}
