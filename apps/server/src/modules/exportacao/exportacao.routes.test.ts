import { createHash } from 'node:crypto';
import { EXPORTACAO_MESSAGES, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data_exports, users } from '../../db/schema/index.ts';
import { readOutbox } from '../../platform/mail.ts';
import { mailIdle } from '../../platform/mail-jobs.ts';
import { PLANOS_PADRAO } from '../../seed/pagamentos.ts';
import { createPatient, fillEmergencyData, pushSubscription } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { indicadoresApi, validBody } from '../indicadores/indicadores.test-support.ts';
import { activeSession, cast, postFile, postText } from '../telemedicina/telemedicina.test-support.ts';
import { addItem, jpeg, multipart, pdf, png } from '../timeline/timeline.test-support.ts';
import { exportRunsIdle } from './exportacao.job.ts';
import { runExportJob } from './index.ts';

// docs/data-export.md: the ZIP's JSON holds what the API shows, every file with its hash, nothing secret;
// only the owner downloads it, for 24 hours; one request at a time.

let t: TestApp;
let world: Awaited<ReturnType<typeof cast>>;
let atendimento: number;
const silent = { info() {}, warn() {}, error() {} };
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const post = (auth: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/exportacao', headers: auth });
const state = (auth: Record<string, string>) => t.app.inject({ url: '/api/exportacao', headers: auth });
const download = (id: number, auth: Record<string, string>) =>
  t.app.inject({ url: `/api/exportacao/${id}/arquivo`, headers: auth });
const get = async (url: string, auth: Record<string, string>) => {
  const res = await t.app.inject({ url, headers: auth });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

/** Asks for the export and waits for the run the request started; answers the ready request's id. */
async function readyExport(auth: Record<string, string>): Promise<number> {
  const asked = await post(auth);
  expect([200, 202]).toContain(asked.statusCode);
  await exportRunsIdle(t.app.ctx);
  const now = (await state(auth)).json().exportacao;
  expect(now.status).toBe('pronto');
  return now.id;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await cast(t);
  const { patient, doctor } = world;
  const auth = patient.auth;
  await fillEmergencyData(t.database.db, patient.user.id);
  // The avatar, a timeline record with a photo and a PDF, a paid plan, indicators, a score, a chat with a file.
  const avatar = multipart({}, [
    { field: 'avatar', filename: 'eu.png', type: 'image/png', bytes: await png() },
  ]);
  const put = await t.app.inject({
    method: 'POST',
    url: '/api/home/avatar',
    payload: avatar.payload,
    headers: { ...avatar.headers, ...auth },
  });
  expect(put.statusCode).toBe(200);
  await addItem(t, auth, { descricao: 'Hemograma completo' }, [
    { field: 'anexos[]', filename: 'exame.jpg', bytes: await jpeg() },
    { field: 'anexos[]', filename: 'laudo.pdf', bytes: pdf() },
  ]);
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/payment-methods',
    headers: auth,
    payload: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
  });
  const paid = await t.app.inject({
    method: 'PUT',
    url: '/api/planos/subscribe',
    headers: auth,
    payload: { stripe_plan: PLANOS_PADRAO[0].stripe_plan, payment_method: card.json().id, preco: 1 },
  });
  expect(paid.statusCode).toBe(200);
  for (const indicador of ['pressao', 'glicose'] as const) {
    expect((await indicadoresApi(t).post(indicador, auth, validBody(indicador))).statusCode).toBe(201);
  }
  const device = await t.app.inject({
    method: 'POST',
    url: '/api/device',
    headers: auth,
    payload: { firebase_token: pushSubscription().json },
  });
  expect(device.statusCode).toBeLessThan(300);
  expect(
    (await t.app.inject({ method: 'PUT', url: '/api/permissoes', headers: auth, payload: { saude: 3 } }))
      .statusCode,
  ).toBe(200);
  atendimento = await activeSession(t, patient, doctor, { pagamento: 'plano' });
  expect((await postText(t, auth, atendimento, 'Doutor, a dor voltou')).statusCode).toBe(201);
  expect(
    (await postFile(t, doctor.auth, atendimento, { filename: 'receita.png', bytes: await png() })).statusCode,
  ).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/exportacao, then the ZIP', () => {
  it('holds in dados.json what the API shows, every file with its hash, and a PDF summary', async () => {
    const { patient } = world;
    const auth = patient.auth;
    const asked = await post(auth);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().exportacao).toMatchObject({ status: 'pendente', bytes: null, expires_at: null });
    await exportRunsIdle(t.app.ctx);
    const ready = (await state(auth)).json().exportacao;
    expect(ready.status).toBe('pronto');
    expect(new Date(ready.expires_at).getTime() - new Date(ready.ready_at).getTime()).toBe(24 * 3600_000);

    const res = await download(ready.id, auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pulso-dados-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.length).toBe(ready.bytes);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const dados = JSON.parse(Buffer.from(zip['dados.json'] ?? []).toString('utf8'));
    expect(
      Buffer.from(zip['resumo.pdf'] ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The account and My Health as the API answers them.
    const { user } = await get('/api/saude', auth);
    for (const key of [
      'id',
      'name',
      'email',
      'code',
      'created_at',
      'updated_at',
      'newsletter',
      'empresarial',
    ]) {
      expect(dados.usuario[key], key).toEqual(user[key]);
    }
    // Each section of the view (pessoal, geral, saude, hospitalar…): every field the row has by that name.
    let compared = 0;
    for (const section of ['pessoal', 'caracteristicas', 'geral', 'outras', 'saude', 'hospitalar']) {
      for (const [key, value] of Object.entries(user[section] as Record<string, unknown>)) {
        if (!(key in dados.usuario) || (value !== null && typeof value === 'object')) continue;
        expect(dados.usuario[key], `${section}.${key}`).toEqual(value);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(dados.usuario.permissoes_saude).toBe((await get('/api/permissoes', auth)).permissoes.saude);

    // The timeline, its attachments and their files.
    const page = await get('/api/timeline/items/all/all', auth);
    expect(dados.timeline_items.map((i: { id: number }) => i.id).sort()).toEqual(
      page.timelineItems.map((i: { id: number }) => i.id).sort(),
    );
    for (const item of page.timelineItems) {
      const row = dados.timeline_items.find((r: { id: number }) => r.id === item.id);
      for (const key of ['tipo', 'data', 'descricao', 'valor', 'medico_name', 'local_dor', 'pendente']) {
        expect(row[key], key).toEqual(item[key]);
      }
      const anexos = dados.timeline_anexos.filter(
        (a: { timeline_item_id: number }) => a.timeline_item_id === item.id,
      );
      expect(
        anexos.map((a: { id: number; name: string; mime: string; size: number }) => [
          a.id,
          a.name,
          a.mime,
          a.size,
        ]),
      ).toEqual(
        item.anexos.map((a: { id: number; name: string; mime: string; size: number }) => [
          a.id,
          a.name,
          a.mime,
          a.size,
        ]),
      );
    }

    // Indicators, messages, consents, plans and payments as listed by their routes.
    const pressoes = (await get('/api/home/pressao', auth)).pressao;
    expect(dados.pressoes.map((p: { sis: number; dia: number }) => [p.sis, p.dia])).toEqual(
      pressoes.map((p: { sis: number; dia: number }) => [p.sis, p.dia]),
    );
    expect(dados.glicoses).toHaveLength(1);
    const mensagens = await get(`/api/telemedicina/atendimento/${atendimento}/mensagens`, auth);
    const ids = (rows: { id: number }[]) => rows.map((m) => m.id).sort();
    expect(mensagens.mensagens).toHaveLength(2);
    expect(ids(dados.mensagens)).toEqual(ids(mensagens.mensagens));
    const texto = dados.mensagens.find((m: { type: string }) => m.type === 'T');
    expect(texto.content).toBe('Doutor, a dor voltou');
    const consentimentos = await get('/api/permissoes/consentimentos', auth);
    expect(dados.consent_events).toHaveLength(consentimentos.total);
    expect(dados.atendimentos.map((a: { id: number }) => a.id)).toEqual([atendimento]);
    expect(dados.atendimentos[0].medico_nome).toBe('Helena Prado');
    expect(dados.subscriptions).toHaveLength(1);
    expect(dados.payments.length).toBeGreaterThan(0);
    expect(dados.devices).toHaveLength(1);

    // Every stored file: in the ZIP at its path, hash equal to the stored bytes and to the JSON's.
    const origens = dados.arquivos.map((a: { origem: string }) => a.origem).sort();
    expect(origens).toEqual([
      'mensagens.file_key',
      'timeline_anexos.path',
      'timeline_anexos.path',
      'usuario.avatar',
    ]);
    const refs = [
      dados.usuario.avatar_arquivo,
      ...dados.timeline_anexos.map((a: { arquivo: unknown }) => a.arquivo),
      ...dados.mensagens
        .filter((m: { file_key: string | null }) => m.file_key)
        .map((m: { arquivo: unknown }) => m.arquivo),
    ];
    expect(refs).toHaveLength(4);
    for (const ref of refs) {
      const inZip = zip[ref.caminho];
      expect(inZip, ref.caminho).toBeDefined();
      expect(sha(inZip as Uint8Array)).toBe(ref.sha256);
      const stored = await t.app.ctx.storage.get(ref.caminho.replace(/^arquivos\//, ''));
      expect(sha(stored as Buffer)).toBe(ref.sha256);
    }

    // Nothing that signs in, charges or reaches a device.
    const text = Buffer.from(zip['dados.json'] ?? []).toString('utf8');
    for (const secret of [
      'password_hash',
      'token_hash',
      'firebase_token',
      'endpoint',
      'card_last4',
      'customer_id',
      'payment_method_id',
      'idempotency_key',
      '$argon2',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toContain(patient.password);
    expect(text).not.toContain(patient.token);
    expect(text).not.toContain('4242');
    expect(text).not.toContain(pushSubscription().json);

    // The owner was mailed a link to /settings, without health data.
    await mailIdle(t.app.ctx);
    const mail = (await readOutbox(t.config)).find(
      (m) => m.to === patient.user.email && m.subject.includes('dados'),
    );
    expect(mail?.text).toContain('http://pulso.test/settings');
    expect(mail?.text).not.toContain('Hemograma');
  });

  it('makes one request at a time: a second POST answers the pending or ready one', async () => {
    const patient = await createPatient(t.app);
    const first = await post(patient.auth);
    const second = await post(patient.auth);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(200);
    expect(second.json().exportacao.id).toBe(first.json().exportacao.id);
    await exportRunsIdle(t.app.ctx);
    const third = await post(patient.auth);
    expect(third.statusCode).toBe(200);
    expect(third.json().exportacao).toMatchObject({ id: first.json().exportacao.id, status: 'pronto' });
    const rows = await t.database.db
      .select()
      .from(data_exports)
      .where(eq(data_exports.user_id, patient.user.id));
    expect(rows).toHaveLength(1);
  });

  it('makes one request of two clicks at once', async () => {
    const patient = await createPatient(t.app);
    const answers = await Promise.all([post(patient.auth), post(patient.auth), post(patient.auth)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 202]);
    expect(new Set(answers.map((r) => r.json().exportacao.id)).size).toBe(1);
    await exportRunsIdle(t.app.ctx);
  });
});

describe('the job', () => {
  it('makes a pending request no request started, once, even when two runs race', async () => {
    const patient = await createPatient(t.app);
    const [row] = await t.database.db.insert(data_exports).values({ user_id: patient.user.id }).returning();
    expect((await state(patient.auth)).json().exportacao.status).toBe('pendente');
    const [a, b] = await Promise.all([runExportJob(t.app.ctx, silent), runExportJob(t.app.ctx, silent)]);
    expect(a.made + b.made).toBe(1);
    const ready = (await state(patient.auth)).json().exportacao;
    expect(ready).toMatchObject({ id: row?.id, status: 'pronto' });
    const zip = unzipSync(new Uint8Array((await download(ready.id, patient.auth)).rawPayload));
    expect(JSON.parse(Buffer.from(zip['dados.json'] ?? []).toString()).usuario.email).toBe(
      patient.user.email,
    );
    expect((await runExportJob(t.app.ctx, silent)).made).toBe(0);
  });

  it('takes over a claim whose node stopped more than 30 minutes ago, and leaves a recent one alone', async () => {
    const stale = await createPatient(t.app);
    const busy = await createPatient(t.app);
    const [old] = await t.database.db
      .insert(data_exports)
      .values({ user_id: stale.user.id, status: 'gerando', ready_at: new Date(Date.now() - 31 * 60_000) })
      .returning();
    const [recent] = await t.database.db
      .insert(data_exports)
      .values({ user_id: busy.user.id, status: 'gerando', ready_at: new Date(Date.now() - 60_000) })
      .returning();
    expect((await state(busy.auth)).json().exportacao).toMatchObject({ id: recent?.id, status: 'pendente' });
    expect((await runExportJob(t.app.ctx, silent)).made).toBe(1);
    expect((await state(stale.auth)).json().exportacao).toMatchObject({ id: old?.id, status: 'pronto' });
    expect((await state(busy.auth)).json().exportacao.status).toBe('pendente');
    await t.database.db.delete(data_exports).where(eq(data_exports.user_id, busy.user.id));
  });

  it('marks a request failed when storage refuses the ZIP; a new one may then be asked', async () => {
    const patient = await createPatient(t.app);
    await t.database.db.insert(data_exports).values({ user_id: patient.user.id });
    const storage = t.app.ctx.storage;
    const put = storage.put;
    storage.put = async () => {
      throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    };
    try {
      await runExportJob(t.app.ctx, silent);
    } finally {
      storage.put = put;
    }
    expect((await state(patient.auth)).json().exportacao.status).toBe('falhou');
    const [row] = await t.database.db
      .select()
      .from(data_exports)
      .where(eq(data_exports.user_id, patient.user.id));
    expect(row?.error).toBe('Error:ENOSPC');
    expect((await post(patient.auth)).statusCode).toBe(202);
    await exportRunsIdle(t.app.ctx);
  });

  it('refuses the download after 24 hours and deletes the file at its next run', async () => {
    const patient = await createPatient(t.app);
    const id = await readyExport(patient.auth);
    const [row] = await t.database.db.select().from(data_exports).where(eq(data_exports.id, id));
    const key = row?.file_key as string;
    expect(await t.app.ctx.storage.get(key)).not.toBeNull();
    await t.database.db
      .update(data_exports)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(data_exports.id, id));
    const late = await download(id, patient.auth);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: EXPORTACAO_MESSAGES.expired });
    expect((await state(patient.auth)).json().exportacao.status).toBe('expirado');
    expect((await runExportJob(t.app.ctx, silent)).removed).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.storage.get(key)).toBeNull();
    const [after] = await t.database.db.select().from(data_exports).where(eq(data_exports.id, id));
    expect(after?.file_key).toBeNull();
    expect((await download(id, patient.auth)).statusCode).toBe(410);
    // Expired: a new request may be made.
    expect((await post(patient.auth)).statusCode).toBe(202);
    await exportRunsIdle(t.app.ctx);
  });
});

describe('who may see and download it', () => {
  it('answers 401 to a guest and 404 to another patient and to a doctor, the owner downloads', async () => {
    const { patient, other, stranger, doctor } = world;
    const id = await readyExport(patient.auth);
    for (const res of [await post({}), await state({}), await download(id, {})]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    }
    for (const intruder of [other, stranger, doctor]) {
      const res = await download(id, intruder.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: EXPORTACAO_MESSAGES.notFound });
      const theirs = (await state(intruder.auth)).json().exportacao;
      expect(theirs?.id ?? null).not.toBe(id);
    }
    expect((await download(id, patient.auth)).statusCode).toBe(200);
    expect((await download(999_999, patient.auth)).statusCode).toBe(404);
  });

  it('leaves out a closed account’s export once the account is gone from the rows (no owner, no file)', async () => {
    const patient = await createPatient(t.app);
    await t.database.db.insert(data_exports).values({ user_id: patient.user.id });
    await t.database.db.delete(users).where(eq(users.id, patient.user.id));
    // The request went with the account (cascade): nothing to make.
    expect((await runExportJob(t.app.ctx, silent)).made).toBe(0);
  });
});
