import {
  FILE_TOO_LARGE_MESSAGE,
  HTTP_MESSAGES,
  MAX_BODY_BYTES,
  MAX_INPUT_DEPTH,
  TIMELINE_MESSAGES,
  ZOD_MESSAGES,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faqs, glicoses, timeline_items, users } from './db/schema/index.ts';
import { createPatient, createStaff, createTimelineItem } from './test/factories.ts';
import { multipartBody } from './test/fuzz/engine.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { subscribe } from './test/telemedicina-factories.ts';

/**
 * Malformed input never answers 5xx and every error speaks pt-BR (issue 15,
 * defects 7 and 8; `docs/validation-and-errors.md`).
 */
let t: TestApp;
let patient: Awaited<ReturnType<typeof createPatient>>;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.reset();
  patient = await createPatient(t.app);
  await subscribe(t.database.db, patient.user.id);
});

const json = (payload: string) => ({ 'content-type': 'application/json', ...patient.auth, payload });

describe('a body of null (defect 7)', () => {
  const routes: [string, string][] = [
    ['POST', '/api/home/glicose'],
    ['POST', '/api/home/pressao'],
    ['POST', '/api/home/imc'],
    ['POST', '/api/home/oxigenacao'],
    ['PATCH', '/api/home/glicose/1'],
  ];

  it.each(routes)('%s %s answers 422 with a pt-BR message, not 500', async (method, url) => {
    for (const payload of ['null', '[]', '"texto"', '7']) {
      const { payload: body, ...headers } = json(payload);
      const res = await t.app.inject({ method: method as 'POST', url, headers, payload: body });
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().message, payload).toBe(ZOD_MESSAGES.shape);
    }
    const empty = await t.app.inject({ method: method as 'POST', url, headers: patient.auth });
    expect(empty.statusCode).toBe(422);
  });
});

describe('numbers past their column (defect 7)', () => {
  it('refuses a timeline valor past numeric(12,2) sent as a number', async () => {
    const id = await createTimelineItem(t.database.db, patient.user.id);
    for (const valor of [1e308, 99999999999, 10_000_000, 1.234, -1]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/timeline/item/${id}`,
        headers: patient.auth,
        payload: { data: '2026-01-05', descricao: 'Consulta', valor },
      });
      expect(res.statusCode, String(valor)).toBe(422);
      expect(res.json().errors.valor, String(valor)).toEqual([TIMELINE_MESSAGES.valor]);
    }
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/timeline/item/${id}`,
      headers: patient.auth,
      payload: { data: '2026-01-05', descricao: 'Consulta', valor: 9_999_999.99 },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(timeline_items).where(eq(timeline_items.id, id));
    expect(row?.valor).toBe('9999999.99');
  });

  it('refuses ids past int4 in paths and queries of the admin area', async () => {
    const admin = await createStaff(t);
    for (const url of [
      '/api/admin/empresas/99999999999/membros/1',
      '/api/admin/empresas/1/membros/2147483648',
      '/api/admin/auditoria?before=99999999999',
      '/api/admin/pedidos?before=99999999999',
      '/api/admin/lotes?before=2147483648',
    ]) {
      const method = url.includes('membros') ? 'DELETE' : 'GET';
      const res = await t.app.inject({ method, url, headers: admin.auth });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message, url).toBe('Identificador inválido.');
    }
  });

  it('answers a card month of 1e308 without the validator text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/payment-methods',
      headers: patient.auth,
      payload: { number: '4242424242424242', exp_month: 1e308, exp_year: 2031, cvc: '123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: ZOD_MESSAGES.tooBig,
      errors: { exp_month: [ZOD_MESSAGES.tooBig] },
    });
  });
});

describe('control characters (defect 7)', () => {
  it('strips NUL, other controls and lone surrogates from a JSON text field before it is saved', async () => {
    const admin = await createStaff(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/conteudo/faqs',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: {
        question: 'Como\u0000 funciona\u0007?',
        answer: 'Linha\ud800 1\r\nLinha\u009f 2\u0000',
        ativo: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(faqs).where(eq(faqs.question, 'Como funciona?'));
    expect(row?.answer).toBe('Linha 1\nLinha 2');
  });

  it('strips them from the sticker order address (the order goes on to its next check)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/qrcode/purchase',
      headers: patient.auth,
      payload: {
        endereco: 'Rua\u0000 A, 1',
        bairro: 'Centro\u0000',
        cidade: { id: 3550308, descricao: 'São Paulo - SP' },
        cep: '01001000',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['payment_method']);
  });

  it('folds line breaks of a single-line field and strips multipart fields too', async () => {
    const geral = await t.app.inject({
      method: 'PUT',
      url: '/api/home/geral',
      headers: patient.auth,
      payload: { endereco: 'Rua A,\r\n\t100\u0000', bairro: 'Centro', cidade_id: 3550308 },
    });
    expect(geral.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, patient.user.id));
    expect(user?.endereco).toBe('Rua A, 100');

    const form = multipartBody({
      tipo: '1',
      data: '2026-01-05',
      descricao: 'Exame\u0000 de\r\nsangue\u001b',
    });
    const item = await t.app.inject({
      method: 'POST',
      url: '/api/timeline/item',
      headers: { ...patient.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(item.statusCode).toBe(201);
    expect(item.json().timelineItem.descricao).toBe('Exame de\nsangue');
  });

  it('strips them from path parameters', async () => {
    const res = await t.app.inject({ url: '/api/qrcode/coupon/a%00b', headers: patient.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Cupom inválido.');
  });

  it('refuses input nested deeper than the limit with 400', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_INPUT_DEPTH + 1; i += 1) deep = [deep];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/glicose',
      headers: patient.auth,
      payload: { value: 95, time_of_day: 1, data_afericao: '2026-01-05', time_afericao: '08:00', x: deep },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.tooDeep });
    expect(await t.database.db.select().from(glicoses)).toEqual([]);
  });
});

describe('honest statuses and pt-BR messages (defect 8)', () => {
  it('answers a JSON body over 1 MB with 413 and its own message, on every route', async () => {
    const big = JSON.stringify({ adicional: 'x'.repeat(MAX_BODY_BYTES) });
    for (const [method, url] of [
      ['PUT', '/api/saude'],
      ['POST', '/api/login'],
      ['POST', '/api/home/glicose'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...patient.auth, 'content-type': 'application/json' },
        payload: big,
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({ message: HTTP_MESSAGES.bodyTooLarge });
    }
  });

  it('keeps the file-too-large 422 for a real upload over the cap', async () => {
    const form = multipartBody({});
    const boundary = form.contentType.split('boundary=')[1];
    const file = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(2 * 1024 * 1024 + 10, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/avatar',
      headers: { ...patient.auth, 'content-type': form.contentType },
      payload: file,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it("answers Fastify's own errors in pt-BR with their statuses", async () => {
    const cases: { status: number; message: string; request: InjectOptions }[] = [
      {
        status: 400,
        message: HTTP_MESSAGES.malformedBody,
        request: {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"a":',
        },
      },
      {
        status: 400,
        message: HTTP_MESSAGES.malformedBody,
        request: {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '',
        },
      },
      {
        status: 400,
        message: HTTP_MESSAGES.malformedBody,
        request: {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"__proto__": {"admin": true}}',
        },
      },
      {
        status: 415,
        message: HTTP_MESSAGES.unsupportedMediaType,
        request: {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
      },
      {
        status: 400,
        message: HTTP_MESSAGES.malformedBody,
        request: {
          method: 'PUT',
          url: '/api/saude',
          headers: { ...patient.auth, 'content-type': 'multipart/form-data' },
          payload: 'sem boundary',
        },
      },
      {
        status: 400,
        message: HTTP_MESSAGES.malformedBody,
        request: {
          method: 'PUT',
          url: '/api/saude',
          headers: { ...patient.auth, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x\r\nquebrado',
        },
      },
      { status: 400, message: HTTP_MESSAGES.badUrl, request: { url: '/api/code/%E0%A4%A' } },
      {
        status: 414,
        message: HTTP_MESSAGES.urlTooLong,
        request: { url: `/api/cidades/search/${'a'.repeat(1300)}` },
      },
    ];
    for (const { status, message, request } of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, JSON.stringify(request).slice(0, 120)).toBe(status);
      expect(res.json(), JSON.stringify(request).slice(0, 120)).toEqual({ message });
    }
  });

  it('answers a missing field with the error map, not the validator text', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/qrcode/purchase',
      headers: patient.auth,
      payload: {
        endereco: 'Rua A, 1',
        bairro: 'Centro',
        cidade: { id: 3550308, descricao: 'São Paulo - SP' },
        cep: '01001000',
        coupon: {},
      },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.errors['coupon.nome']).toEqual([ZOD_MESSAGES.required]);
    expect(JSON.stringify(body)).not.toMatch(/esperava|recebeu|undefined/);
  });
});
