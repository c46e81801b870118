import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  type AnexoView,
  FILE_TOO_LARGE_MESSAGE,
  MAX_PDF_BYTES,
  MAX_UPLOAD_BYTES,
  PDF_TOO_LARGE_MESSAGE,
  TIMELINE_MESSAGES,
  type TimelineItemView,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeline_anexos } from '../../db/schema/index.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import type { Storage } from '../../platform/storage.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import {
  anexoCsp,
  anexoUrlExpiry,
  cleanFileName,
  contentDisposition,
  deleteAnexoFiles,
  sniffAnexo,
} from './timeline.anexos.ts';
import {
  type Auth,
  addItem,
  bigJpeg,
  call,
  endTrial,
  exe,
  type FilePart,
  itemFields,
  jpeg,
  multipart,
  pdf,
  png,
  postAnexo,
  postItem,
  webp,
} from './timeline.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const M = TIMELINE_MESSAGES;
const file = (bytes: Buffer, filename: string, field = 'anexos[]', type?: string): FilePart => ({
  field,
  filename,
  bytes,
  ...(type ? { type } : {}),
});
const stored = (key: string) => path.join(t.dataDir, 'files', key);
const storedFiles = () => (existsSync(stored('timeline')) ? readdirSync(stored('timeline')).sort() : []);
const fetchUrl = (url: string, auth?: Auth) => t.app.inject({ url, ...(auth ? { headers: auth } : {}) });
const deleteAnexo = (id: number, auth: Auth) => call(t, 'DELETE', `/api/timeline/item/anexo/${id}`, auth);
const anexoRows = () => t.database.db.select().from(timeline_anexos);

async function signer() {
  return createUrlSigner(await loadFilesUrlSecret(t), 'timeline-anexo');
}

describe('sniffAnexo', () => {
  it('tells JPEG, PNG, WebP and PDF by their bytes and nothing else', async () => {
    expect(sniffAnexo(await jpeg())?.mime).toBe('image/jpeg');
    expect(sniffAnexo(await png())?.mime).toBe('image/png');
    expect(sniffAnexo(await webp())?.mime).toBe('image/webp');
    expect(sniffAnexo(pdf())).toMatchObject({ mime: 'application/pdf', ext: 'pdf', max: MAX_PDF_BYTES });
    expect(sniffAnexo(await jpeg())).toMatchObject({
      max: MAX_UPLOAD_BYTES,
      tooLarge: FILE_TOO_LARGE_MESSAGE,
    });
    for (const other of [
      exe(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF89a'),
      Buffer.alloc(0),
    ]) {
      expect(sniffAnexo(other)).toBeNull();
    }
  });
});

describe('file names and headers', () => {
  it('keeps only the base name, without control characters, up to 255 characters', () => {
    expect(cleanFileName('C:\\fakepath\\exame.pdf')).toBe('exame.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u202ec.pdf')).toBe('abc.pdf');
    expect(cleanFileName(undefined)).toBe('');
    expect(cleanFileName(`${'é'.repeat(300)}.pdf`)).toHaveLength(255);
  });

  it('answers inline with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Exame de sangue "março".pdf', 'pdf')).toBe(
      `inline; filename="Exame de sangue _marco_.pdf"; filename*=UTF-8''Exame%20de%20sangue%20%22mar%C3%A7o%22.pdf`,
    );
    expect(contentDisposition('', 'jpg')).toBe(`inline; filename="anexo.jpg"; filename*=UTF-8''anexo.jpg`);
  });

  it('signs for 15 to 16 minutes, the same URL within a minute', () => {
    expect(anexoUrlExpiry(1_000_020)).toBe(1_000_920);
    expect(anexoUrlExpiry(1_000_021)).toBe(1_000_980);
    expect(anexoUrlExpiry(1_000_079)).toBe(1_000_980);
    for (const now of [1_000_020, 1_000_021, 1_000_079]) {
      expect(anexoUrlExpiry(now) - now).toBeGreaterThanOrEqual(900);
      expect(anexoUrlExpiry(now) - now).toBeLessThan(960);
    }
  });

  it('runs nothing in a served file; images are also sandboxed', () => {
    expect(anexoCsp('application/pdf')).toMatch(/^default-src 'none';/);
    expect(anexoCsp('application/pdf')).not.toContain('sandbox');
    expect(anexoCsp('image/png')).toMatch(/^default-src 'none';.*; sandbox$/);
  });
});

describe('deleteAnexoFiles', () => {
  it('logs a storage failure by code and carries on', async () => {
    const failing: Storage = {
      put: vi.fn(),
      get: vi.fn(),
      delete: vi.fn(async () => {
        throw Object.assign(new Error('denied timeline/secret.pdf'), { code: 'EACCES' });
      }),
      keys: vi.fn(),
    };
    const warn = vi.fn();
    const keys = [
      'timeline/0123456789abcdef0123456789abcdef.pdf',
      'timeline/fedcba9876543210fedcba9876543210.jpg',
    ];
    await deleteAnexoFiles({ storage: failing, log: { warn } as unknown as FastifyBaseLogger }, [
      ...keys,
      'avatars/not-ours.png',
    ]);
    expect(failing.delete).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith({ code: 'EACCES' }, 'could not delete a timeline attachment file');
  });
});

describe('attachments on POST /api/timeline/item', () => {
  it('stores JPEG, PNG, WebP and PDF under random keys, typed from their bytes', async () => {
    const p = await createPatient(t.app);
    const files = [
      file(await jpeg(), 'foto.jpeg', 'anexos[]', 'application/octet-stream'),
      file(await png(), 'raio-x.png'),
      file(await webp(), 'receita.webp'),
      file(pdf(), 'C:\\fakepath\\Exame de sangue.pdf', 'anexos[]', 'image/png'),
    ];
    const item = await addItem(t, p.auth, {}, files);
    expect(item.anexos.map((a) => [a.name, a.mime, a.size])).toEqual([
      ['foto.jpeg', 'image/jpeg', files[0]?.bytes.length],
      ['raio-x.png', 'image/png', files[1]?.bytes.length],
      ['receita.webp', 'image/webp', files[2]?.bytes.length],
      ['Exame de sangue.pdf', 'application/pdf', files[3]?.bytes.length],
    ]);
    for (const a of item.anexos) {
      expect(a.path).toMatch(/^timeline\/[0-9a-f]{32}\.(jpg|png|webp|pdf)$/);
      expect(a.url).toMatch(new RegExp(`^/api/timeline/anexo/${a.id}/\\d+/[\\w-]{43}$`));
      expect(existsSync(stored(a.path))).toBe(true);
    }
  });

  it('accepts the field named anexos too, and an image of exactly 2 MB', async () => {
    const p = await createPatient(t.app);
    const item = await addItem(t, p.auth, {}, [file(bigJpeg(MAX_UPLOAD_BYTES), 'grande.jpg', 'anexos')]);
    expect(item.anexos).toHaveLength(1);
  });

  it('refuses a renamed executable (.exe sent as .jpg, image/jpeg): 422 errors.anexos, nothing stored', async () => {
    const p = await createPatient(t.app);
    const before = storedFiles();
    const res = await postItem(t, p.auth, itemFields(), [
      file(await jpeg(), 'ok.jpg'),
      file(exe(), 'foto.jpg', 'anexos[]', 'image/jpeg'),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.anexoTipo, errors: { anexos: [M.anexoTipo] } });
    expect(await anexoRows()).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an image over 2 MB and a PDF over 10 MB while they stream', async () => {
    const p = await createPatient(t.app);
    const image = await postItem(t, p.auth, itemFields(), [file(bigJpeg(MAX_UPLOAD_BYTES + 1), 'foto.jpg')]);
    expect(image.statusCode).toBe(422);
    expect(image.json()).toEqual({
      message: FILE_TOO_LARGE_MESSAGE,
      errors: { anexos: [FILE_TOO_LARGE_MESSAGE] },
    });
    const big = await postItem(t, p.auth, itemFields(), [file(pdf(MAX_PDF_BYTES + 1), 'laudo.pdf')]);
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({
      message: PDF_TOO_LARGE_MESSAGE,
      errors: { anexos: [PDF_TOO_LARGE_MESSAGE] },
    });
    expect(await anexoRows()).toHaveLength(0);
  });

  it('accepts a PDF above the image cap (3 MB)', async () => {
    const p = await createPatient(t.app);
    const item = await addItem(t, p.auth, {}, [file(pdf(3 * 1024 * 1024), 'laudo.pdf')]);
    expect(item.anexos[0]).toMatchObject({ mime: 'application/pdf', size: 3 * 1024 * 1024 });
  });

  it('refuses more than 10 files (422 anexosMax) and a text part in their place (422 anexoTipo)', async () => {
    const p = await createPatient(t.app);
    const image = await png();
    const eleven = Array.from({ length: 11 }, (_, i) => file(image, `f${i}.png`));
    const many = await postItem(t, p.auth, itemFields(), eleven);
    expect(many.statusCode).toBe(422);
    expect(many.json()).toEqual({ message: M.anexosMax, errors: { anexos: [M.anexosMax] } });
    const text = await postItem(t, p.auth, itemFields({ 'anexos[]': 'não é arquivo' }));
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ anexos: [M.anexoTipo] });
    const ten = await addItem(t, p.auth, {}, eleven.slice(1));
    expect(ten.anexos).toHaveLength(10);
  });

  it('skips an empty file part (a file input left empty)', async () => {
    const p = await createPatient(t.app);
    const item = await addItem(t, p.auth, {}, [file(Buffer.alloc(0), '')]);
    expect(item.anexos).toEqual([]);
  });
});

describe('GET /api/timeline/anexo/:id/:expires/:signature', () => {
  async function withPdf() {
    const owner = await createPatient(t.app);
    const bytes = pdf();
    const item = await addItem(t, owner.auth, {}, [file(bytes, 'Laudo março.pdf')]);
    return { owner, bytes, item, anexo: item.anexos[0] as AnexoView };
  }

  it('serves the bytes without a bearer: stored type, inline, nosniff, private cache within the validity, no script', async () => {
    const { bytes, anexo } = await withPdf();
    const res = await fetchUrl(anexo.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Laudo marco.pdf"; filename*=UTF-8''Laudo%20mar%C3%A7o.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    const expires = Number(anexo.url.split('/')[5]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(expires - Math.floor(Date.now() / 1000));
  });

  it('serves an image with its type and a sandboxing CSP', async () => {
    const p = await createPatient(t.app);
    const image = await png();
    const item = await addItem(t, p.auth, {}, [file(image, 'foto.png')]);
    const res = await fetchUrl((item.anexos[0] as AnexoView).url);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(image)).toBe(true);
  });

  it('refuses a tampered, re-pointed, expired or malformed URL (403)', async () => {
    const { anexo } = await withPdf();
    const [, , , , , expires, signature] = anexo.url.split('/') as string[];
    const s = await signer();
    const past = Math.floor(Date.now() / 1000) - 1;
    // One character changed (never to itself: a signature may end in 'A').
    const tampered = `${signature?.slice(0, -1)}${signature?.endsWith('A') ? 'B' : 'A'}`;
    const urls = [
      `/api/timeline/anexo/${anexo.id}/${expires}/${tampered}`,
      `/api/timeline/anexo/${anexo.id}/${Number(expires) + 60}/${signature}`,
      `/api/timeline/anexo/${anexo.id + 1}/${expires}/${signature}`,
      `/api/timeline/anexo/${anexo.id}/${past}/${s.sign(anexo.id, past)}`,
      `/api/timeline/anexo/abc/${expires}/${signature}`,
      `/api/timeline/anexo/${anexo.id}/${expires}/x`,
    ];
    for (const url of urls) {
      const res = await fetchUrl(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: M.anexoLink });
    }
    // Another secret's signature is as good as none.
    const foreign = createUrlSigner('x'.repeat(64), 'timeline-anexo');
    expect(
      (
        await fetchUrl(
          `/api/timeline/anexo/${anexo.id}/${expires}/${foreign.sign(anexo.id, Number(expires))}`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('answers 404 once the attachment is gone, even with a valid signature', async () => {
    const { owner, anexo } = await withPdf();
    expect((await deleteAnexo(anexo.id, owner.auth)).statusCode).toBe(200);
    expect((await fetchUrl(anexo.url)).statusCode).toBe(404);
  });

  it('gives no other user a URL to it: the record, the lists and the search answer them nothing', async () => {
    const { owner, item } = await withPdf();
    const other = await createPatient(t.app);
    const doctor = await createDoctor(t);
    for (const auth of [other.auth, doctor.auth]) {
      expect((await call(t, 'GET', `/api/timeline/item/${item.id}`, auth)).statusCode).toBe(404);
      const list = await call(t, 'GET', '/api/timeline/items/all/all', auth);
      expect(list.json().timelineItems).toEqual([]);
    }
    // The owner gets fresh URLs from the record.
    const mine = await call(t, 'GET', `/api/timeline/item/${item.id}`, owner.auth);
    expect(mine.json().timelineItem.anexos).toHaveLength(1);
  });

  it('keeps working after a restart: the generated secret is persisted in DATA_DIR', async () => {
    const { anexo } = await withPdf();
    const again = await loadFilesUrlSecret(t);
    const [, , , , , expires, signature] = anexo.url.split('/') as string[];
    expect(
      createUrlSigner(again, 'timeline-anexo').verify(anexo.id, Number(expires), signature as string),
    ).toBe(true);
  });
});

describe('POST /api/timeline/item/anexo', () => {
  async function cast() {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const item = await addItem(t, owner.auth);
    return { owner, other, doctor, item, image: file(await png(), 'nova.png', 'anexo') };
  }

  it('adds a file to the owner’s record: 201 {anexo} with a signed URL, listed on the record', async () => {
    const { owner, item, image } = await cast();
    const res = await postAnexo(t, owner.auth, item.id, image);
    expect(res.statusCode).toBe(201);
    const { anexo } = res.json() as { anexo: AnexoView };
    expect(anexo).toMatchObject({ name: 'nova.png', mime: 'image/png', size: image.bytes.length });
    expect((await fetchUrl(anexo.url)).statusCode).toBe(200);
    const read = await call(t, 'GET', `/api/timeline/item/${item.id}`, owner.auth);
    expect((read.json().timelineItem as TimelineItemView).anexos.map((a) => a.id)).toEqual([anexo.id]);
  });

  it('answers 401 to a guest and 404 to another patient and to an unrelated doctor', async () => {
    const { other, doctor, item, image } = await cast();
    expect((await postAnexo(t, undefined, item.id, image)).statusCode).toBe(401);
    for (const auth of [other.auth, doctor.auth]) {
      const res = await postAnexo(t, auth, item.id, image);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: M.notFound });
    }
    expect(await anexoRows()).toHaveLength(0);
  });

  it('has the rights of editing: the author yes, the owner of a record others added no, pain records never', async () => {
    const { owner, doctor, image } = await cast();
    const added = await addItem(t, doctor.auth, { user_id: String(owner.user.id) });
    expect((await postAnexo(t, doctor.auth, added.id, image)).statusCode).toBe(201);
    const byOwner = await postAnexo(t, owner.auth, added.id, image);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ message: M.notAuthor });
    const pain = await addItem(t, owner.auth, {
      tipo: '8',
      valor: '0',
      local_dor: 'Pés',
      intensidade_dor: 'Baixo',
    });
    const onPain = await postAnexo(t, owner.auth, pain.id, image);
    expect(onPain.statusCode).toBe(403);
    expect(onPain.json()).toEqual({ message: M.painImmutable });
  });

  it('answers 403 locked after the trial', async () => {
    const { owner, item, image } = await cast();
    await endTrial(t.database.db, owner.user.id);
    const res = await postAnexo(t, owner.auth, item.id, image);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: M.locked });
  });

  it('answers 422 errors.anexo for a wrong type, an oversize file, a missing file or an 11th file', async () => {
    const { owner, item } = await cast();
    const wrong = await postAnexo(t, owner.auth, item.id, file(exe(), 'foto.jpg', 'anexo', 'image/jpeg'));
    expect(wrong.json()).toEqual({ message: M.anexoTipo, errors: { anexo: [M.anexoTipo] } });
    const big = await postAnexo(
      t,
      owner.auth,
      item.id,
      file(bigJpeg(MAX_UPLOAD_BYTES + 1), 'g.jpg', 'anexo'),
    );
    expect(big.json()).toEqual({
      message: FILE_TOO_LARGE_MESSAGE,
      errors: { anexo: [FILE_TOO_LARGE_MESSAGE] },
    });
    const missing = await postAnexo(t, owner.auth, item.id);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ anexo: [M.anexoTipo] });
    const badId = await postAnexo(t, owner.auth, 'abc', file(pdf(), 'a.pdf', 'anexo'));
    expect(badId.json().errors).toEqual({ timeline_item_id: [M.notFound] });

    const image = file(await png(), 'p.png', 'anexo');
    for (let i = 0; i < 10; i += 1)
      expect((await postAnexo(t, owner.auth, item.id, image)).statusCode).toBe(201);
    const eleventh = await postAnexo(t, owner.auth, item.id, image);
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json()).toEqual({ message: M.anexosMax, errors: { anexo: [M.anexosMax] } });
    expect(await anexoRows()).toHaveLength(10);
  });

  it('takes one file per request (422 for two)', async () => {
    const { owner, item } = await cast();
    const image = await png();
    const body = multipart({ timeline_item_id: item.id }, [
      file(image, 'a.png', 'anexo'),
      file(image, 'b.png', 'anexo'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/timeline/item/anexo',
      payload: body.payload,
      headers: { ...body.headers, ...owner.auth },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.anexoUm, errors: { anexo: [M.anexoUm] } });
  });
});

describe('DELETE /api/timeline/item/anexo/:id', () => {
  async function cast() {
    const owner = await createPatient(t.app);
    const item = await addItem(t, owner.auth, {}, [file(await png(), 'a.png'), file(pdf(), 'b.pdf')]);
    return { owner, item, anexo: item.anexos[0] as AnexoView };
  }

  it('removes the row and then the file: 200 {anexo: {id}}', async () => {
    const { owner, item, anexo } = await cast();
    const res = await deleteAnexo(anexo.id, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ anexo: { id: anexo.id } });
    expect(existsSync(stored(anexo.path))).toBe(false);
    const left = await anexoRows();
    expect(left.map((a) => a.id)).toEqual([item.anexos[1]?.id]);
  });

  it('answers 401 to a guest and 404 to another patient and to an unrelated doctor', async () => {
    const { anexo } = await cast();
    const other = await createPatient(t.app);
    const doctor = await createDoctor(t);
    expect((await deleteAnexo(anexo.id, undefined)).statusCode).toBe(401);
    for (const auth of [other.auth, doctor.auth]) {
      const res = await deleteAnexo(anexo.id, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: M.anexoNotFound });
    }
    expect((await deleteAnexo(999_999, other.auth)).statusCode).toBe(404);
    expect(existsSync(stored(anexo.path))).toBe(true);
  });

  it('is allowed to a locked owner, refused on a pain record and to the owner of a record others added', async () => {
    const { owner, anexo } = await cast();
    await endTrial(t.database.db, owner.user.id);
    expect((await deleteAnexo(anexo.id, owner.auth)).statusCode).toBe(200);

    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const pain = await addItem(
      t,
      patient.auth,
      { tipo: '8', valor: '0', local_dor: 'Peito', intensidade_dor: 'Alta' },
      [file(await png(), 'dor.png')],
    );
    const onPain = await deleteAnexo((pain.anexos[0] as AnexoView).id, patient.auth);
    expect(onPain.statusCode).toBe(403);
    expect(onPain.json()).toEqual({ message: M.painImmutable });

    const added = await addItem(t, doctor.auth, { user_id: String(patient.user.id) }, [file(pdf(), 'l.pdf')]);
    const addedAnexo = (added.anexos[0] as AnexoView).id;
    expect((await deleteAnexo(addedAnexo, patient.auth)).json()).toEqual({ message: M.notAuthor });
    expect((await deleteAnexo(addedAnexo, doctor.auth)).statusCode).toBe(200);
  });
});

describe('deleting a record deletes its files', () => {
  it('removes rows and files, after the row is gone', async () => {
    const owner = await createPatient(t.app);
    const item = await addItem(t, owner.auth, {}, [file(await png(), 'a.png'), file(pdf(), 'b.pdf')]);
    const res = await call(t, 'DELETE', `/api/timeline/item/${item.id}`, owner.auth);
    expect(res.statusCode).toBe(200);
    for (const a of item.anexos) expect(existsSync(stored(a.path))).toBe(false);
    expect(
      await t.database.db.select().from(timeline_anexos).where(eq(timeline_anexos.timeline_item_id, item.id)),
    ).toEqual([]);
  });
});

describe('a refused upload over real HTTP', () => {
  it('closes its connection, so the next request on a kept-alive connection is not stalled', async () => {
    // The app closes the listener with the test file (t.close()).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createPatient(t.app);
    const send = (parts: FilePart[]) => {
      const body = multipart(itemFields(), parts);
      return fetch(`${address}/api/timeline/item`, {
        method: 'POST',
        headers: { ...body.headers, ...owner.auth },
        body: new Uint8Array(body.payload),
        signal: AbortSignal.timeout(10_000),
      });
    };
    // An executable followed by 3 MB: refused at its first bytes, most of the body unread.
    const refused = await send([file(Buffer.concat([exe(), Buffer.alloc(3 * 1024 * 1024)]), 'foto.jpg')]);
    expect(refused.status).toBe(422);
    expect(refused.headers.get('connection')).toBe('close');
    await refused.text();
    for (let i = 0; i < 3; i += 1) {
      const ok = await send([file(pdf(), 'laudo.pdf')]);
      expect(ok.status).toBe(201);
      expect(ok.headers.get('connection')).not.toBe('close');
      await ok.text();
    }
  });
});
