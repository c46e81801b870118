import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type AtendimentoChat,
  FILE_TOO_LARGE_MESSAGE,
  TELEMEDICINA_MESSAGES as M,
  MAX_UPLOAD_BYTES,
  MENSAGENS_PAGE_SIZE,
  type MensagemView,
  TIMELINE_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { redactUrl } from '../../app.ts';
import { atendimentos, medicos, mensagens } from '../../db/schema/index.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createAtendimento, subscribe } from '../../test/telemedicina-factories.ts';
import {
  bigJpeg,
  endTrial,
  exe,
  jpeg,
  makeCorporate,
  multipart,
  pdf,
  png,
  webp,
} from '../timeline/timeline.test-support.ts';
import { ARQUIVO_LINK_MESSAGE } from './mensagem.service.ts';
import {
  type Auth,
  activeSession,
  cast,
  insertMensagem,
  postFile,
  postText,
  roomsOf,
  send,
  sessionRow,
  spyRealtime,
} from './telemedicina.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  vi.restoreAllMocks();
  await t.reset();
});

const UNAUTHENTICATED = { message: UNAUTHENTICATED_MESSAGE };
const NOT_FOUND = { message: M.notFound };
const MSG_NOT_FOUND = { message: M.mensagemNotFound };

const getChat = (id: number, auth: Auth) => send(t, 'GET', `/api/telemedicina/atendimento/${id}`, auth);
const markRead = (id: number, auth: Auth) => send(t, 'PUT', `/api/telemedicina/mensagem/${id}`, auth);
const remove = (id: number, auth: Auth) => send(t, 'DELETE', `/api/telemedicina/mensagem/${id}`, auth);
const unreadOf = async (auth: Auth): Promise<number> =>
  (await send(t, 'GET', '/api/user', auth)).json().mensagens;

async function mensagemRows(atendimentoId: number) {
  return t.database.db.select().from(mensagens).where(eq(mensagens.atendimento_id, atendimentoId));
}

/** A cast with an A session between the patient and the doctor, paid by a credit. */
async function withSession(extra: Partial<typeof atendimentos.$inferInsert> = {}) {
  const people = await cast(t);
  const id = await activeSession(t, people.patient, people.doctor, { pagamento: 'credito', ...extra });
  return { ...people, id };
}

/** The chat files on disk (the test storage is `DATA_DIR/files`). */
async function storedChatFiles(): Promise<string[]> {
  return readdir(path.join(t.dataDir, 'files', 'chat')).catch(() => []);
}

/**
 * Makes the patient locked (docs/accounts.md "Trial and locked accounts":
 * trial over, no plan, not corporate).
 */
async function lockPatient(userId: number) {
  await endTrial(t.database.db, userId);
}

describe('GET /api/telemedicina/atendimento/:id', () => {
  it('answers 401 to a guest and 404 to another patient and to an unrelated doctor', async () => {
    const { other, stranger, id } = await withSession();
    expect((await getChat(id, undefined)).json()).toEqual(UNAUTHENTICATED);
    for (const outsider of [other, stranger]) {
      const res = await getChat(id, outsider.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await getChat(999_999, other.auth)).statusCode).toBe(404);
    expect((await getChat('x' as unknown as number, other.auth)).statusCode).toBe(422);
  });

  it('answers the chat to its patient: own user, doctor, patient, session, messages oldest first', async () => {
    const { patient, doctor, id } = await withSession();
    const first = await insertMensagem(t, id, 'U', { content: 'Bom dia, doutora' });
    const second = await insertMensagem(t, id, 'M', { content: 'Bom dia! Como posso ajudar?' });
    const res = await getChat(id, patient.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const chat = res.json() as AtendimentoChat;
    expect(chat).toMatchObject({
      user: { id: patient.user.id },
      medico: {
        id: doctor.medicoId,
        name: 'Helena Prado',
        especialidade: 'Cardiologia',
        cidade: { id: 3550308, descricao: 'São Paulo - SP' },
        cidade_descricao: 'São Paulo - SP',
        mensagens_novas: 1,
      },
      paciente: { id: patient.user.id, name: 'Beatriz Moura', code: patient.user.code },
      atendimento: { id, status: 'A', mensagens_count: 2, mensagens_novas: 1 },
      has_more: false,
      lock: false,
      role: 'paciente',
    });
    expect(chat.mensagens.map((m) => [m.id, m.from, m.content])).toEqual([
      [first, 'U', 'Bom dia, doutora'],
      [second, 'M', 'Bom dia! Como posso ajudar?'],
    ]);
  });

  it('answers the chat to its doctor with role medico and the counts seen from its side', async () => {
    const { patient, doctor, id } = await withSession();
    await insertMensagem(t, id, 'U');
    await insertMensagem(t, id, 'U');
    const chat = (await getChat(id, doctor.auth)).json() as AtendimentoChat;
    expect(chat).toMatchObject({
      user: { id: doctor.user.id },
      role: 'medico',
      lock: false,
      paciente: { id: patient.user.id, bloqueado: false },
      atendimento: { mensagens_count: 2, mensagens_novas: 2 },
      medico: { id: doctor.medicoId, bloqueado: false, mensagens_novas: 0 },
    });
  });

  it('is 404 to the session’s doctor once suspended', async () => {
    const { doctor, id } = await withSession();
    await t.database.db
      .update(medicos)
      .set({ suspended_at: new Date() })
      .where(eq(medicos.id, doctor.medicoId));
    expect((await getChat(id, doctor.auth)).statusCode).toBe(404);
  });

  it('answers the latest 50 messages with has_more, and older pages through ?before=', async () => {
    const { patient, other, id } = await withSession();
    const ids: number[] = [];
    for (let i = 0; i < MENSAGENS_PAGE_SIZE + 5; i += 1)
      ids.push(await insertMensagem(t, id, 'U', { content: `m${i}` }));
    const chat = (await getChat(id, patient.auth)).json() as AtendimentoChat;
    expect(chat.has_more).toBe(true);
    expect(chat.mensagens.map((m) => m.id)).toEqual(ids.slice(5));
    const older = await send(
      t,
      'GET',
      `/api/telemedicina/atendimento/${id}/mensagens?before=${ids[5]}`,
      patient.auth,
    );
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({ has_more: false });
    expect(older.json().mensagens.map((m: MensagemView) => m.id)).toEqual(ids.slice(0, 5));
    const outsider = await send(t, 'GET', `/api/telemedicina/atendimento/${id}/mensagens`, other.auth);
    expect(outsider.statusCode).toBe(404);
    expect(
      (await send(t, 'GET', `/api/telemedicina/atendimento/${id}/mensagens`, undefined)).statusCode,
    ).toBe(401);
    const bad = await send(t, 'GET', `/api/telemedicina/atendimento/${id}/mensagens?before=-1`, patient.auth);
    expect(bad.statusCode).toBe(422);
  });

  it('locks a plan-paid session for a locked patient (dialog to /planos), never for the doctor', async () => {
    const { patient, doctor, id } = await withSession({ pagamento: 'plano' });
    expect((await getChat(id, patient.auth)).json().lock).toBe(false);
    await lockPatient(patient.user.id);
    expect((await getChat(id, patient.auth)).json().lock).toBe(true);
    expect((await getChat(id, doctor.auth)).json().lock).toBe(false);
    // A plan again (or a corporate link) lifts the lock.
    await subscribe(t.database.db, patient.user.id);
    expect((await getChat(id, patient.auth)).json().lock).toBe(false);
  });

  it('never locks a session paid by a credit or a pass, or a support session', async () => {
    const { patient, doctor } = await cast(t);
    await lockPatient(patient.user.id);
    for (const pagamento of ['credito', 'pass', 'suporte']) {
      await t.database.db.delete(atendimentos);
      const id = await activeSession(t, patient, doctor, { pagamento });
      expect((await getChat(id, patient.auth)).json().lock).toBe(false);
    }
  });
});

describe('POST /api/telemedicina/atendimento/:id/mensagem', () => {
  it('answers 401 to a guest and 404 to another patient and an unrelated doctor, storing nothing', async () => {
    const { other, stranger, id } = await withSession();
    expect((await postText(t, undefined, id, 'Oi')).statusCode).toBe(401);
    expect((await postFile(t, undefined, id, { filename: 'a.jpg', bytes: await jpeg() })).statusCode).toBe(
      401,
    );
    for (const outsider of [other, stranger]) {
      const res = await postText(t, outsider.auth, id, 'Oi');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await mensagemRows(id)).toHaveLength(0);
  });

  it('posts the patient’s text (from U), moves last_message_at and tells both sides', async () => {
    const old = new Date(Date.now() - 3600 * 1000);
    const { patient, doctor, id } = await withSession({ last_message_at: old });
    const realtime = spyRealtime(t);
    const res = await postText(t, patient.auth, id, '  Estou com febre desde ontem  ');
    expect(res.statusCode).toBe(201);
    const mensagem = res.json().mensagem as MensagemView;
    expect(mensagem).toEqual({
      id: expect.any(Number),
      atendimento_id: id,
      from: 'U',
      type: 'T',
      content: 'Estou com febre desde ontem',
      url: null,
      size: null,
      created_at: expect.any(String),
      read_at: null,
    });
    // The message and its session move together: one instant for both.
    const [row] = await mensagemRows(id);
    expect(row?.created_at.getTime()).toBeGreaterThan(old.getTime());
    expect((await sessionRow(t, id))?.last_message_at).toEqual(row?.created_at);
    expect(realtime.events()).toEqual([
      {
        rooms: roomsOf(patient, doctor, id),
        event: 'message.sent',
        payload: { atendimento_id: id, mensagem },
      },
    ]);
  });

  it('sends a Web Push without the message’s text to the other side when it has no socket open', async () => {
    const { patient, doctor, id } = await withSession();
    const push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });
    await postText(t, patient.auth, id, 'Minha pressão está 18 por 11');
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    const [userId, payload] = push.mock.calls[0] ?? [];
    expect(userId).toBe(doctor.user.id);
    expect(payload).toEqual({
      title: 'Nova mensagem',
      body: 'Você tem uma nova mensagem de um paciente.',
      url: `/medico/atendimento/${id}`,
    });
    await postText(t, doctor.auth, id, 'Vou ligar para você');
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(2));
    expect(push.mock.calls[1]?.[0]).toBe(patient.user.id);
    expect(push.mock.calls[1]?.[1]).toMatchObject({ url: `/telemedicina/atendimento/${id}` });
  });

  it('posts the doctor’s text as from M', async () => {
    const { doctor, id } = await withSession();
    const res = await postText(t, doctor.auth, id, 'Tome bastante água.');
    expect(res.statusCode).toBe(201);
    expect(res.json().mensagem).toMatchObject({ from: 'M', type: 'T' });
  });

  it.each(['P', 'R', 'E', 'ET'])(
    'answers 409 notActive in %s: nothing is sent or attached',
    async (status) => {
      const { patient, doctor } = await cast(t);
      const before = await storedChatFiles();
      const id = await createAtendimento(t.database.db, patient.user.id, doctor.medicoId, status);
      for (const auth of [patient.auth, doctor.auth]) {
        const text = await postText(t, auth, id, 'Oi');
        expect(text.statusCode).toBe(409);
        expect(text.json()).toEqual({ message: M.notActive });
        expect((await postFile(t, auth, id, { filename: 'a.jpg', bytes: await jpeg() })).statusCode).toBe(
          409,
        );
      }
      expect(await mensagemRows(id)).toHaveLength(0);
      expect(await storedChatFiles()).toEqual(before);
    },
  );

  it('answers 409 notActive when the session ends while the message is on its way, keeping no file', async () => {
    const old = new Date(Date.now() - 3600 * 1000);
    const { patient, id } = await withSession({ last_message_at: old });
    const before = await storedChatFiles();
    // The doctor ends the session after the request found it active, while its file is being stored.
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    vi.spyOn(storage, 'put').mockImplementation(async (key, bytes) => {
      await t.database.db.update(atendimentos).set({ status: 'E' }).where(eq(atendimentos.id, id));
      return put(key, bytes);
    });
    const res = await postFile(t, patient.auth, id, { filename: 'exame.jpg', bytes: await jpeg() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: M.notActive });
    expect(await mensagemRows(id)).toHaveLength(0);
    expect(await storedChatFiles()).toEqual(before);
    expect((await sessionRow(t, id))?.last_message_at).toEqual(old);
  });

  it('answers 403 lockedChat to a locked patient in a plan-paid session; the doctor still writes', async () => {
    const { patient, doctor, id } = await withSession({ pagamento: 'plano' });
    await lockPatient(patient.user.id);
    const res = await postText(t, patient.auth, id, 'Oi');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: M.lockedChat });
    expect((await postText(t, doctor.auth, id, 'Olá')).statusCode).toBe(201);
    await makeCorporate(t.database.db, patient.user.id);
    expect((await postText(t, patient.auth, id, 'Oi de novo')).statusCode).toBe(201);
  });

  it.each([
    ['blank', '   '],
    ['missing', undefined],
    ['too long', 'x'.repeat(4001)],
  ])('refuses a %s text with 422 errors.content', async (_label, content) => {
    const { patient, id } = await withSession();
    const res = await send(t, 'POST', `/api/telemedicina/atendimento/${id}/mensagem`, patient.auth, {
      type: 'T',
      ...(content === undefined ? {} : { content }),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['content']);
    if (content !== 'x'.repeat(4001)) expect(res.json().message).toBe(M.content);
  });

  it('accepts a text of 4000 characters, and a text sent as multipart', async () => {
    const { patient, id } = await withSession();
    expect((await postText(t, patient.auth, id, 'x'.repeat(4000))).statusCode).toBe(201);
    const body = multipart({ type: 'T', content: 'Pelo formulário' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/telemedicina/atendimento/${id}/mensagem`,
      payload: body.payload,
      headers: { ...body.headers, ...patient.auth },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().mensagem).toMatchObject({ type: 'T', content: 'Pelo formulário' });
  });

  it('refuses I or F without a file (a JSON body cannot carry one)', async () => {
    const { patient, id } = await withSession();
    for (const type of ['I', 'F']) {
      const res = await send(t, 'POST', `/api/telemedicina/atendimento/${id}/mensagem`, patient.auth, {
        type,
        content: 'foto.jpg',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: M.fileType, errors: { content: [M.fileType] } });
    }
  });

  it('stores images as I and PDFs as F, told by their bytes, with a signed URL that serves them', async () => {
    const { patient, doctor, id } = await withSession();
    const files = [
      { filename: 'exame.jpg', bytes: await jpeg(), mime: 'image/jpeg', type: 'I' },
      { filename: 'foto.png', bytes: await png(), mime: 'image/png', type: 'I' },
      { filename: 'foto.webp', bytes: await webp(), mime: 'image/webp', type: 'I' },
      // Declared an image: the bytes say PDF.
      { filename: 'laudo.pdf', bytes: pdf(), mime: 'application/pdf', type: 'F', declared: 'I' },
    ];
    for (const file of files) {
      const res = await postFile(
        t,
        doctor.auth,
        id,
        { filename: file.filename, bytes: file.bytes },
        file.declared ?? file.type,
      );
      expect(res.statusCode).toBe(201);
      const mensagem = res.json().mensagem as MensagemView;
      expect(mensagem).toMatchObject({
        from: 'M',
        type: file.type,
        content: file.filename,
        size: file.bytes.length,
      });
      expect(mensagem.url).toMatch(
        new RegExp(`^/api/telemedicina/mensagem/${mensagem.id}/arquivo/\\d+/[\\w-]{43}$`),
      );
      const served = await t.app.inject({ method: 'GET', url: mensagem.url as string });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(file.mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      expect(served.rawPayload.equals(file.bytes)).toBe(true);
    }
    const [row] = await mensagemRows(id);
    expect(row?.file_key).toMatch(/^chat\/[0-9a-f]{32}\.jpg$/);
    // The patient reads the same files.
    const chat = (await getChat(id, patient.auth)).json() as AtendimentoChat;
    expect(chat.mensagens.map((m) => m.type)).toEqual(['I', 'I', 'I', 'F']);
  });

  it('refuses a renamed .exe by its bytes, storing nothing', async () => {
    const { patient, id } = await withSession();
    const before = await storedChatFiles();
    const res = await postFile(t, patient.auth, id, {
      filename: 'foto.jpg',
      type: 'image/jpeg',
      bytes: exe(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.fileType, errors: { content: [M.fileType] } });
    expect(await mensagemRows(id)).toHaveLength(0);
    expect(await storedChatFiles()).toEqual(before);
  });

  it('caps images and PDFs at 2 MB with "O arquivo deve ter no máximo 2MB"', async () => {
    const { patient, id } = await withSession();
    const before = (await storedChatFiles()).length;
    const ok = await postFile(t, patient.auth, id, {
      filename: 'grande.jpg',
      bytes: bigJpeg(MAX_UPLOAD_BYTES),
    });
    expect(ok.statusCode).toBe(201);
    for (const bytes of [bigJpeg(MAX_UPLOAD_BYTES + 1), pdf(MAX_UPLOAD_BYTES + 1)]) {
      const res = await postFile(t, patient.auth, id, { filename: 'grande', bytes });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: FILE_TOO_LARGE_MESSAGE,
        errors: { content: [FILE_TOO_LARGE_MESSAGE] },
      });
    }
    expect(await mensagemRows(id)).toHaveLength(1);
    expect(await storedChatFiles()).toHaveLength(before + 1);
  });

  it('takes one file per message', async () => {
    const { patient, id } = await withSession();
    const bytes = await jpeg();
    const body = multipart({ type: 'I' }, [
      { field: 'content', filename: 'a.jpg', bytes },
      { field: 'content', filename: 'b.jpg', bytes },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/telemedicina/atendimento/${id}/mensagem`,
      payload: body.payload,
      headers: { ...body.headers, ...patient.auth },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ content: [TIMELINE_MESSAGES.anexoUm] });
  });
});

describe('GET /api/telemedicina/mensagem/:id/arquivo/:expires/:signature', () => {
  async function fileMessage() {
    const people = await withSession();
    const res = await postFile(t, people.patient.auth, people.id, {
      filename: 'exame.png',
      bytes: await png(),
    });
    return { ...people, mensagem: res.json().mensagem as MensagemView };
  }

  it('serves the file inline with a private cache no longer than the link lives', async () => {
    const { mensagem } = await fileMessage();
    const res = await t.app.inject({ method: 'GET', url: mensagem.url as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="exame.png"; filename*=UTF-8''exame.png`,
    );
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(14 * 60);
    expect(maxAge).toBeLessThanOrEqual(16 * 60);
    expect(redactUrl(mensagem.url as string)).toMatch(/\/arquivo\/\d+\/\*\*\*$/);
  });

  it('refuses a tampered, expired or timeline-purpose signature with 403', async () => {
    const { mensagem } = await fileMessage();
    const url = mensagem.url as string;
    const [, , , , id, , expires, signature] = url.split('/');
    const tampered = `/api/telemedicina/mensagem/${id}/arquivo/${expires}/${signature?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    const otherId = `/api/telemedicina/mensagem/${Number(id) + 1}/arquivo/${expires}/${signature}`;
    const later = `/api/telemedicina/mensagem/${id}/arquivo/${Number(expires) + 60}/${signature}`;
    const secret = await loadFilesUrlSecret(t);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `/api/telemedicina/mensagem/${id}/arquivo/${past}/${createUrlSigner(secret, 'chat-arquivo').sign(Number(id), past)}`;
    const future = Math.floor(Date.now() / 1000) + 600;
    const timeline = `/api/telemedicina/mensagem/${id}/arquivo/${future}/${createUrlSigner(secret, 'timeline-anexo').sign(Number(id), future)}`;
    for (const bad of [
      tampered,
      otherId,
      later,
      expired,
      timeline,
      `/api/telemedicina/mensagem/x/arquivo/1/y`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ message: ARQUIVO_LINK_MESSAGE });
    }
  });

  it('answers 404 once the message is deleted, and the stored file is gone', async () => {
    const { patient, mensagem } = await fileMessage();
    const [row] = await t.database.db.select().from(mensagens).where(eq(mensagens.id, mensagem.id));
    expect(await t.app.ctx.storage.get(row?.file_key as string)).not.toBeNull();
    expect((await remove(mensagem.id, patient.auth)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: mensagem.url as string });
    expect(res.statusCode).toBe(404);
    expect(await t.app.ctx.storage.get(row?.file_key as string)).toBeNull();
  });
});

describe('PUT /api/telemedicina/mensagem/:id', () => {
  it('answers 401 to a guest, 404 to outsiders and 403 to the author', async () => {
    const { patient, doctor, other, stranger, id } = await withSession();
    const mensagemId = await insertMensagem(t, id, 'M');
    expect((await markRead(mensagemId, undefined)).statusCode).toBe(401);
    for (const outsider of [other, stranger]) {
      const res = await markRead(mensagemId, outsider.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(MSG_NOT_FOUND);
    }
    expect((await markRead(999_999, patient.auth)).statusCode).toBe(404);
    expect((await markRead(mensagemId, doctor.auth)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(mensagens).where(eq(mensagens.id, mensagemId));
    expect(row?.read_at).toBeNull();
  });

  it('marks the recipient’s message read once (idempotent) and tells both sides', async () => {
    const { patient, doctor, id } = await withSession();
    const mensagemId = await insertMensagem(t, id, 'M');
    const realtime = spyRealtime(t);
    const first = await markRead(mensagemId, patient.auth);
    expect(first.statusCode).toBe(200);
    const { read_at } = first.json().mensagem;
    expect(first.json()).toEqual({ mensagem: { id: mensagemId, read_at: expect.any(String) } });
    const again = await markRead(mensagemId, patient.auth);
    expect(again.json()).toEqual({ mensagem: { id: mensagemId, read_at } });
    expect(realtime.events()).toEqual([
      {
        rooms: roomsOf(patient, doctor, id),
        event: 'message.read',
        payload: { atendimento_id: id, id: mensagemId, from: 'M', read_at },
      },
    ]);
  });

  it('lets the doctor mark the patient’s message read, also after the session ended', async () => {
    const { doctor, id } = await withSession();
    const mensagemId = await insertMensagem(t, id, 'U');
    await t.database.db.update(atendimentos).set({ status: 'E' }).where(eq(atendimentos.id, id));
    expect((await markRead(mensagemId, doctor.auth)).statusCode).toBe(200);
  });
});

describe('DELETE /api/telemedicina/mensagem/:id', () => {
  it('answers 401 to a guest, 404 to outsiders and 403 notOwnMessage to the other side', async () => {
    const { patient, doctor, other, stranger, id } = await withSession();
    const mensagemId = await insertMensagem(t, id, 'U');
    expect((await remove(mensagemId, undefined)).statusCode).toBe(401);
    for (const outsider of [other, stranger]) {
      const res = await remove(mensagemId, outsider.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(MSG_NOT_FOUND);
    }
    const res = await remove(mensagemId, doctor.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: M.notOwnMessage });
    expect(await mensagemRows(id)).toHaveLength(1);
    expect((await remove(mensagemId, patient.auth)).json()).toEqual({ mensagem: { id: mensagemId } });
  });

  it('deletes the author’s own message and tells both sides whether it was unread', async () => {
    const { patient, doctor, id } = await withSession();
    const unread = await insertMensagem(t, id, 'M');
    const read = await insertMensagem(t, id, 'M', { read_at: new Date() });
    const realtime = spyRealtime(t);
    expect((await remove(unread, doctor.auth)).statusCode).toBe(200);
    expect((await remove(read, doctor.auth)).statusCode).toBe(200);
    expect(await mensagemRows(id)).toHaveLength(0);
    expect(realtime.events()).toEqual([
      {
        rooms: roomsOf(patient, doctor, id),
        event: 'message.deleted',
        payload: { atendimento_id: id, id: unread, from: 'M', was_unread: true },
      },
      {
        rooms: roomsOf(patient, doctor, id),
        event: 'message.deleted',
        payload: { atendimento_id: id, id: read, from: 'M', was_unread: false },
      },
    ]);
  });

  it.each(['E', 'ET'])('answers 409 notActive in %s: messages stay', async (status) => {
    const { patient, id } = await withSession();
    const mensagemId = await insertMensagem(t, id, 'U');
    await t.database.db.update(atendimentos).set({ status }).where(eq(atendimentos.id, id));
    const res = await remove(mensagemId, patient.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: M.notActive });
    expect(await mensagemRows(id)).toHaveLength(1);
  });
});

describe('unread counter (GET /api/user → mensagens)', () => {
  it('rises with messages to the caller and falls when they are read or deleted, on both sides', async () => {
    const { patient, doctor, id } = await withSession();
    expect(await unreadOf(patient.auth)).toBe(0);
    const a = (await postText(t, doctor.auth, id, 'Primeira')).json().mensagem.id as number;
    const b = (await postText(t, doctor.auth, id, 'Segunda')).json().mensagem.id as number;
    expect(await unreadOf(patient.auth)).toBe(2);
    expect(await unreadOf(doctor.auth)).toBe(0);
    const home = (await send(t, 'GET', '/api/telemedicina', patient.auth)).json();
    expect(home.medicos[0]).toMatchObject({ id: doctor.medicoId, mensagens_novas: 2 });
    await markRead(a, patient.auth);
    expect(await unreadOf(patient.auth)).toBe(1);
    await remove(b, doctor.auth);
    expect(await unreadOf(patient.auth)).toBe(0);
    await postText(t, patient.auth, id, 'Resposta');
    expect(await unreadOf(doctor.auth)).toBe(1);
    expect((await getChat(id, doctor.auth)).json().atendimento.mensagens_novas).toBe(1);
    expect(await unreadOf(patient.auth)).toBe(0);
  });
});
