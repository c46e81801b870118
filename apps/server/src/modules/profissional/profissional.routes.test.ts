import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  FILE_TOO_LARGE_MESSAGE,
  PROFISSIONAL_MESSAGES as M,
  MAX_UPLOAD_BYTES,
  type ProfissionalSaved,
  type ProfissionalView,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profissionais, users } from '../../db/schema/index.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import {
  bigJpeg,
  endTrial,
  exe,
  type FilePart,
  jpeg,
  multipart,
  pdf,
  png,
  webp,
} from '../timeline/timeline.test-support.ts';
import { DOCUMENTO_URL_PURPOSE } from './profissional.service.ts';

/**
 * `/api/profissional` through the real HTTP stack (docs/codes.md "Emergency
 * professional"; docs/authorization.md "Who sees what through the code" level
 * 3; issue 7), on PGlite and PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CODE_PER_MINUTE: '10000' });
});
afterAll(async () => {
  await t.close();
});
const documentsDir = () => path.join(t.dataDir, 'files', 'profissionais');
beforeEach(async () => {
  await t.reset();
  // Files outlive the truncated rows: each test counts its own.
  await rm(documentsDir(), { recursive: true, force: true });
});

type Auth = { authorization: string } | undefined;
type Patient = Awaited<ReturnType<typeof createPatient>>;

const get = (auth: Auth) => t.app.inject({ url: '/api/profissional', ...(auth ? { headers: auth } : {}) });
const del = (auth: Auth) =>
  t.app.inject({ method: 'DELETE', url: '/api/profissional', ...(auth ? { headers: auth } : {}) });
const post = (
  auth: Auth,
  fields: Record<string, string | undefined>,
  files: FilePart[] = [],
): ReturnType<typeof get> => {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/profissional',
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
};
const foto = async (bytes?: Buffer, filename = 'documento.jpg', type = 'image/jpeg'): Promise<FilePart> => ({
  field: 'documento',
  filename,
  type,
  bytes: bytes ?? (await jpeg()),
});

/** Registers `p`'s credential through the API; answers the saved credential. */
async function register(p: Patient, fields = { tipo: 'S', numero: 'SAMU 4521' }): Promise<ProfissionalView> {
  const res = await post(p.auth, fields, [await foto()]);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ProfissionalSaved).profissional;
}

const rows = () => t.database.db.select().from(profissionais);
/** Document files in storage. */
async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(documentsDir());
  } catch {
    return [];
  }
}

describe('authorisation', () => {
  it('answers 401 to a guest and a made-up token on GET, POST and DELETE, and stores nothing', async () => {
    const owner = await createPatient(t.app);
    await register(owner);
    for (const auth of [undefined, { authorization: 'Bearer nope' }]) {
      for (const res of [
        await get(auth),
        await post(auth, { tipo: 'M', numero: '123' }, [await foto()]),
        await del(auth),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      }
    }
    expect(await rows()).toHaveLength(1);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('shows each account only its own credential: another patient and an unrelated doctor read null', async () => {
    const owner = await createPatient(t.app);
    const saved = await register(owner);
    const other = await createPatient(t.app);
    const doctor = await createDoctor(t);
    for (const auth of [other.auth, doctor.auth]) {
      const res = await get(auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ profissional: null });
      expect(res.body).not.toContain('SAMU 4521');
    }
    const mine = await get(owner.auth);
    expect(mine.json()).toEqual({ profissional: { ...saved, documento: expect.any(String) } });
  });

  it('another account cannot delete someone else’s credential: it deletes nothing and reads 404', async () => {
    const owner = await createPatient(t.app);
    await register(owner);
    const other = await createPatient(t.app);
    const doctor = await createDoctor(t);
    for (const auth of [other.auth, doctor.auth]) {
      const res = await del(auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: M.notFound });
    }
    expect(await rows()).toHaveLength(1);
    expect((await get(owner.auth)).json().profissional).not.toBeNull();
  });

  it('ignores a user_id in the body: the credential is always the caller’s', async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const res = await post(owner.auth, { tipo: 'M', numero: 'CRM 1', user_id: String(other.user.id) }, [
      await foto(),
    ]);
    expect(res.statusCode).toBe(201);
    const [row] = await rows();
    expect(row?.user_id).toBe(owner.user.id);
  });

  it('marks every answer private and not to be stored by caches', async () => {
    const p = await createPatient(t.app);
    expect((await get(p.auth)).headers['cache-control']).toBe('private, no-store');
    const created = await post(p.auth, { tipo: 'B', numero: 'BM 1' }, [await foto()]);
    expect(created.headers['cache-control']).toBe('private, no-store');
    expect((await del(p.auth)).headers['cache-control']).toBe('private, no-store');
    expect((await get(undefined)).headers['cache-control']).toBe('private, no-store');
  });

  it('is not trial-locked: a user whose free month ended registers too', async () => {
    const p = await createPatient(t.app);
    await endTrial(t.database.db, p.user.id);
    await register(p);
  });
});

describe('GET /api/profissional', () => {
  it('answers null before a credential is registered', async () => {
    const p = await createPatient(t.app);
    const res = await get(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ profissional: null });
  });
});

describe('POST /api/profissional', () => {
  it('registers the credential with its documented fields, pending review, and keeps the photo', async () => {
    const p = await createPatient(t.app);
    const before = Date.now();
    const res = await post(p.auth, { tipo: 'M', numero: '  CRM-SP   123456 ' }, [await foto()]);
    expect(res.statusCode).toBe(201);
    const body = res.json() as ProfissionalSaved;
    expect(body).toEqual({
      message: 'Cadastro de profissional realizado com sucesso!',
      profissional: {
        id: expect.any(Number),
        tipo: 'M',
        numero: 'CRM-SP 123456',
        documento: expect.stringMatching(
          new RegExp(`^/api/profissional/documento/${body.profissional.id}/\\d+/[\\w-]{43}$`),
        ),
        status: 'pendente',
        created_at: expect.any(String),
      },
    });
    expect(Date.parse(body.profissional.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await get(p.auth)).json()).toEqual({
      profissional: { ...body.profissional, documento: expect.any(String) },
    });
    const [row] = await rows();
    expect(row?.documento).toMatch(/^profissionais\/[0-9a-f]{32}\.jpg$/);
    expect(await storedFiles()).toEqual([path.basename(row?.documento ?? '')]);
  });

  it('accepts each kind M, B and S, and PNG and WebP photos too', async () => {
    const cases: [string, FilePart][] = [
      ['M', await foto()],
      ['B', await foto(await png(), 'doc.png', 'image/png')],
      ['S', await foto(await webp(), 'doc.webp', 'image/webp')],
    ];
    for (const [tipo, file] of cases) {
      const p = await createPatient(t.app);
      const res = await post(p.auth, { tipo, numero: '777' }, [file]);
      expect(res.statusCode, tipo).toBe(201);
      expect(res.json().profissional.tipo).toBe(tipo);
    }
    expect((await rows()).map((r) => path.extname(r.documento ?? '')).sort()).toEqual([
      '.jpg',
      '.png',
      '.webp',
    ]);
  });

  it('gives the three messages of docs/codes.md at once on an empty form, and stores nothing', async () => {
    const p = await createPatient(t.app);
    for (const res of [
      await post(p.auth, {}),
      await post(p.auth, { tipo: '', numero: '   ' }),
      await t.app.inject({ method: 'POST', url: '/api/profissional', payload: {}, headers: p.auth }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        tipo: ['Informe o tipo de profissional'],
        numero: ['Informe seu número de cadastro'],
        documento: ['Anexe uma foto do seu documento'],
      });
      expect(M.tipo).toBe(res.json().message);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a missing photo, an empty file and a text part in its place', async () => {
    const p = await createPatient(t.app);
    for (const res of [
      await post(p.auth, { tipo: 'M', numero: '123' }),
      await post(p.auth, { tipo: 'M', numero: '123' }, [await foto(Buffer.alloc(0))]),
      await post(p.auth, { tipo: 'M', numero: '123', documento: 'foto.jpg' }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: M.documento, errors: { documento: [M.documento] } });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('refuses another kind than M, B or S and a malformed or long number', async () => {
    const p = await createPatient(t.app);
    const tipo = await post(p.auth, { tipo: 'X', numero: '123' }, [await foto()]);
    expect(tipo.statusCode).toBe(422);
    expect(tipo.json().errors).toEqual({ tipo: [M.tipo] });
    const numero = await post(p.auth, { tipo: 'M', numero: '<script>' }, [await foto()]);
    expect(numero.json().errors).toEqual({ numero: [M.numeroInvalido] });
    const longo = await post(p.auth, { tipo: 'M', numero: '1'.repeat(31) }, [await foto()]);
    expect(longo.json().errors).toEqual({ numero: ['Use no máximo 30 caracteres'] });
    expect(await rows()).toHaveLength(0);
    expect(await storedFiles()).toHaveLength(0);
  });

  it('tells the photo by its bytes: a PDF, a text or a program named .jpg is refused', async () => {
    const p = await createPatient(t.app);
    const fakes = [pdf(), Buffer.from('Isto é só um texto, não uma foto do documento.'), exe()];
    for (const bytes of fakes) {
      const res = await post(p.auth, { tipo: 'M', numero: '123' }, [await foto(bytes)]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Envie uma foto do documento (JPEG, PNG ou WebP)',
        errors: { documento: ['Envie uma foto do documento (JPEG, PNG ou WebP)'] },
      });
    }
    expect(await rows()).toHaveLength(0);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("accepts a photo of exactly 2 MB and refuses one byte more with 'O arquivo deve ter no máximo 2MB'", async () => {
    const big = await createPatient(t.app);
    const tooBig = await post(big.auth, { tipo: 'M', numero: '123' }, [
      await foto(bigJpeg(MAX_UPLOAD_BYTES + 1)),
    ]);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toEqual({
      message: 'O arquivo deve ter no máximo 2MB',
      errors: { documento: [FILE_TOO_LARGE_MESSAGE] },
    });
    expect(await rows()).toHaveLength(0);
    const exact = await post(big.auth, { tipo: 'M', numero: '123' }, [await foto(bigJpeg(MAX_UPLOAD_BYTES))]);
    expect(exact.statusCode).toBe(201);
  });

  it('refuses two photos in one request', async () => {
    const p = await createPatient(t.app);
    const res = await post(p.auth, { tipo: 'M', numero: '123' }, [await foto(), await foto()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ documento: [M.documentoUm] });
    expect(await rows()).toHaveLength(0);
  });

  it('answers 409 to a second registration, before reading its upload, and keeps the first', async () => {
    const p = await createPatient(t.app);
    const first = await register(p);
    for (const files of [[await foto()], []]) {
      const res = await post(p.auth, { tipo: 'B', numero: '999' }, files);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: M.exists });
    }
    const [row] = await rows();
    expect(row).toMatchObject({ id: first.id, tipo: 'S', numero: 'SAMU 4521' });
    expect(await storedFiles()).toHaveLength(1);
  });
});

describe('DELETE /api/profissional', () => {
  it('deletes the whole credential and its photo; a new one can then be registered', async () => {
    const p = await createPatient(t.app);
    await register(p);
    const res = await del(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Cadastro de profissional excluído com sucesso!',
      profissional: null,
    });
    expect(await rows()).toHaveLength(0);
    expect(await storedFiles()).toHaveLength(0);
    expect((await get(p.auth)).json()).toEqual({ profissional: null });

    const again = await del(p.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Você não tem cadastro de profissional.' });

    const renewed = await register(p, { tipo: 'B', numero: 'BM 777' });
    expect(renewed).toMatchObject({ tipo: 'B', numero: 'BM 777', status: 'pendente' });
  });

  it('goes with the account: closing the account deletes the credential row', async () => {
    const p = await createPatient(t.app);
    await register(p);
    await t.database.db.delete(users).where(eq(users.id, p.user.id));
    expect(await rows()).toHaveLength(0);
  });
});

describe('GET /api/profissional/documento/:id/:expires/:signature', () => {
  it('serves the owner’s photo bytes, privately, never stored, never sniffed', async () => {
    const p = await createPatient(t.app);
    const bytes = await png();
    const res = await post(p.auth, { tipo: 'M', numero: '123' }, [await foto(bytes, 'doc.png', 'image/png')]);
    const url = res.json().profissional.documento as string;
    // No bearer: an <img> sends none; the signed URL is the capability.
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers['content-disposition']).toBe('inline; filename="documento.png"');
    // GET signs a fresh URL each time, for the same file.
    const again = await t.app.inject({ url: (await get(p.auth)).json().profissional.documento });
    expect(again.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 403 to an expired, tampered, foreign-purpose or other-id signature, and 404 once deleted', async () => {
    const p = await createPatient(t.app);
    const mine = await register(p);
    const other = await createPatient(t.app);
    const theirs = await register(other);
    const secret = await loadFilesUrlSecret(t);
    const signer = createUrlSigner(secret, DOCUMENTO_URL_PURPOSE);
    const now = Math.floor(Date.now() / 1000);
    const [, , , , id, expires, signature] = mine.documento.split('/');
    const base = `/api/profissional/documento`;
    const refused = [
      // Expired a second ago, properly signed.
      `${base}/${mine.id}/${now - 1}/${signer.sign(mine.id, now - 1)}`,
      // One character changed.
      `${base}/${id}/${expires}/${signature?.slice(0, -1)}${signature?.endsWith('A') ? 'B' : 'A'}`,
      // The expiry pushed forward with the old signature.
      `${base}/${id}/${Number(expires) + 3600}/${signature}`,
      // My signature on someone else's id.
      `${base}/${theirs.id}/${expires}/${signature}`,
      // A timeline attachment's or a chat file's signature for the same id and time.
      `${base}/${id}/${expires}/${createUrlSigner(secret, 'timeline-anexo').sign(mine.id, Number(expires))}`,
      `${base}/${id}/${expires}/${createUrlSigner(secret, 'chat-arquivo').sign(mine.id, Number(expires))}`,
      // Malformed parts.
      `${base}/abc/${expires}/${signature}`,
      `${base}/${id}/soon/${signature}`,
    ];
    for (const url of refused) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: M.documentoLink });
    }
    // A valid signature for an id that does not exist.
    const ghost = 2_000_000;
    const missing = await t.app.inject({
      url: `${base}/${ghost}/${expires}/${signer.sign(ghost, Number(expires))}`,
    });
    expect(missing.statusCode).toBe(404);

    // The owner's URL stops working once the credential is deleted.
    expect((await t.app.inject({ url: mine.documento })).statusCode).toBe(200);
    await del(p.auth);
    const gone = await t.app.inject({ url: mine.documento });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: M.documentoNotFound });
    // The other credential's URL still works.
    expect((await t.app.inject({ url: theirs.documento })).statusCode).toBe(200);
  });
});

describe('level 3 of the public view (docs/codes.md "Once registered")', () => {
  const ALERGIA = 'Alergia a frutos do mar';

  async function patientAtLevel3(): Promise<Patient> {
    const patient = await createPatient(t.app);
    await t.database.db
      .update(users)
      .set({ permissoes_saude: 3, alergias: ALERGIA })
      .where(eq(users.id, patient.user.id));
    return patient;
  }
  const open = (patient: Patient, auth: Auth) =>
    t.app.inject({ url: `/api/code/${patient.user.code}`, ...(auth ? { headers: auth } : {}) });

  it('a verified professional reads the Saúde tab; a plain patient, a pending and a rejected professional do not', async () => {
    const patient = await patientAtLevel3();
    const profissional = await createPatient(t.app);
    await register(profissional);
    await t.database.db
      .update(profissionais)
      .set({ status: 'verificado' })
      .where(eq(profissionais.user_id, profissional.user.id));
    const pending = await createPatient(t.app);
    await register(pending, { tipo: 'M', numero: 'CRM 2' });
    const plain = await createPatient(t.app);
    const rejected = await createPatient(t.app);
    await register(rejected, { tipo: 'B', numero: 'BM 1' });
    await t.database.db
      .update(profissionais)
      .set({ status: 'rejeitado' })
      .where(eq(profissionais.user_id, rejected.user.id));

    const seen = await open(patient, profissional.auth);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().acesso).toMatchObject({ saude: true, timeline: false });
    expect(seen.json().user.saude).toMatchObject({ alergias: ALERGIA });

    for (const auth of [plain.auth, pending.auth, rejected.auth, undefined]) {
      const res = await open(patient, auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().acesso).toMatchObject({ saude: false, timeline: false });
      expect(res.json().user).not.toHaveProperty('saude');
      expect(res.body).not.toContain(ALERGIA);
    }
  });

  it('a verified professional counts; once the credential is deleted the Saúde tab closes again', async () => {
    const patient = await patientAtLevel3();
    const profissional = await createPatient(t.app);
    await register(profissional);
    await t.database.db.update(profissionais).set({ status: 'verificado' });
    expect((await open(patient, profissional.auth)).json().acesso.saude).toBe(true);
    await del(profissional.auth);
    expect((await open(patient, profissional.auth)).json().acesso.saude).toBe(false);
  });

  it('level 2 stays closed to a verified professional who is not the patient’s doctor', async () => {
    const patient = await patientAtLevel3();
    await t.database.db.update(users).set({ permissoes_saude: 2 }).where(eq(users.id, patient.user.id));
    const profissional = await createPatient(t.app);
    await register(profissional);
    await t.database.db.update(profissionais).set({ status: 'verificado' });
    expect((await open(patient, profissional.auth)).json().acesso.saude).toBe(false);
  });
});
