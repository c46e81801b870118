import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dicas, faqs } from '../../db/schema/index.ts';
import { SEEDED_DICAS } from '../../seed/conteudo/dicas.ts';
import { seedDicasEFaqs } from '../../seed/conteudo/dicas-faqs.ts';
import { SEEDED_FAQS } from '../../seed/conteudo/faqs.ts';
import { seedReferenceData } from '../../seed/seed.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  // Each test starts from the seeded rows, whatever the previous one changed.
  await t.database.db.delete(dicas);
  await t.database.db.delete(faqs);
  await seedDicasEFaqs(t.database.db);
  auth = (await createPatient(t.app)).auth;
});

type DicaWire = { id: number; title: string; content: string };
type FaqWire = { id: number; question: string; answer: string };

const getDicas = async () => {
  const res = await t.app.inject({ url: '/api/dicas', headers: auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { dicas: DicaWire[] }).dicas;
};

describe('GET /api/dicas', () => {
  it('answers 401 to a guest and to a bad token', async () => {
    expect((await t.app.inject({ url: '/api/dicas' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/dicas', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Sua sessão expirou. Entre novamente.' });
  });

  it('answers at least 20 seeded pt-BR tips in their order, each with id, title and content only', async () => {
    const res = await t.app.inject({ url: '/api/dicas', headers: auth });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const list = (res.json() as { dicas: DicaWire[] }).dicas;
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list.map((d) => d.title)).toEqual(SEEDED_DICAS.map((d) => d.title));
    for (const dica of list) {
      expect(Object.keys(dica).sort()).toEqual(['content', 'id', 'title']);
      expect(dica.title.trim()).not.toBe('');
      expect(dica.content.length).toBeGreaterThan(100);
    }
    expect(new Set(list.map((d) => d.title)).size).toBe(list.length);
  });

  it('covers what the issue asks: hydration, pressure, glucose, sleep, vaccines (SUS), medicines, SAMU 192, 193, CVV 188', async () => {
    const text = (await getDicas()).map((d) => `${d.title}\n${d.content}`).join('\n');
    for (const needle of [
      'Beba água',
      'pressão arterial',
      'mg/dL',
      'Durma bem',
      'Calendário Nacional de Vacinação',
      'SUS',
      'Use os remédios',
      'ligue 192',
      'Bombeiros 193',
      'CVV',
      'ligue 188',
      '150 minutos',
      'Guia Alimentar',
      'protetor solar',
    ]) {
      expect(text, needle).toContain(needle);
    }
  });

  it('follows the staff order (ordem, then id) and hides inactive tips', async () => {
    const before = await getDicas();
    const [first, second] = before as [DicaWire, DicaWire];
    const db = t.database.db;
    await db.update(dicas).set({ ordem: 1000 }).where(eq(dicas.id, first.id));
    await db.update(dicas).set({ ativo: false }).where(eq(dicas.id, second.id));
    const after = await getDicas();
    expect(after).toHaveLength(before.length - 1);
    expect(after.at(-1)?.id).toBe(first.id);
    expect(after.some((d) => d.id === second.id)).toBe(false);
    expect(after[0]?.id).toBe(before[2]?.id);
  });

  it('answers an empty list when there are no tips', async () => {
    await t.database.db.update(dicas).set({ ativo: false });
    expect(await getDicas()).toEqual([]);
  });
});

describe('GET /api/faqs', () => {
  it('answers 401 to a guest', async () => {
    const res = await t.app.inject({ url: '/api/faqs' });
    expect(res.statusCode).toBe(401);
  });

  it('answers the seeded questions in order and the default contact: the support e-mail, no WhatsApp', async () => {
    const res = await t.app.inject({ url: '/api/faqs', headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { faqs: FaqWire[]; contato: unknown };
    expect(body.contato).toEqual({ email: 'suporte@pulso.local', whatsapp: null });
    expect(body.faqs.map((f) => f.question)).toEqual(SEEDED_FAQS.map((f) => f.question));
    for (const faq of body.faqs) expect(Object.keys(faq).sort()).toEqual(['answer', 'id', 'question']);
  });

  it('answers about the code, the stickers, who sees what, the access log, LGPD, plans, telemedicine, support, others’ timelines, professionals and closing', async () => {
    const res = await t.app.inject({ url: '/api/faqs', headers: auth });
    const text = (res.json() as { faqs: FaqWire[] }).faqs.map((f) => `${f.question}\n${f.answer}`).join('\n');
    for (const needle of [
      '123 AB 456',
      'R$ 19,90',
      '4 adesivos',
      'Somente eu',
      'Eu e meus médicos',
      'Eu e qualquer profissional de saúde',
      'Quem acessou meus dados',
      'LGPD',
      'privacidade@pulso.app.br',
      '1 mês',
      'R$ 7,90',
      'Telemedicina',
      'Falar com o suporte',
      'linha do tempo de outra pessoa',
      'Médico, Bombeiro ou SAMU',
      'Encerrar conta',
    ]) {
      expect(text, needle).toContain(needle);
    }
  });

  it('hides inactive questions', async () => {
    const [first] = await t.database.db.select().from(faqs).where(eq(faqs.ordem, 1));
    await t.database.db
      .update(faqs)
      .set({ ativo: false })
      .where(eq(faqs.id, first?.id as number));
    const res = await t.app.inject({ url: '/api/faqs', headers: auth });
    const list = (res.json() as { faqs: FaqWire[] }).faqs;
    expect(list).toHaveLength(SEEDED_FAQS.length - 1);
    expect(list.some((f) => f.id === first?.id)).toBe(false);
  });
});

describe('GET /api/faqs with CONTATO_EMAIL and CONTATO_WHATSAPP set', () => {
  it('answers the configured e-mail and the WhatsApp number as international digits', async () => {
    const other = await createTestApp({
      CONTATO_EMAIL: 'Atendimento@Pulso.app.br',
      CONTATO_WHATSAPP: '(11) 98765-4321',
    });
    try {
      const patient = await createPatient(other.app);
      const res = await other.app.inject({ url: '/api/faqs', headers: patient.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().contato).toEqual({ email: 'atendimento@pulso.app.br', whatsapp: '5511987654321' });
    } finally {
      await other.close();
    }
  });
});

describe('tips and FAQs seed', () => {
  const counts = async () => {
    const [d] = await t.database.db.select({ n: count() }).from(dicas);
    const [f] = await t.database.db.select({ n: count() }).from(faqs);
    return { dicas: d?.n, faqs: f?.n };
  };

  it('adds nothing on later starts, keeps staff edits, and seeds only an empty table', async () => {
    expect(await counts()).toEqual({ dicas: SEEDED_DICAS.length, faqs: SEEDED_FAQS.length });
    const [row] = await t.database.db.select().from(dicas).where(eq(dicas.ordem, 1));
    await t.database.db
      .update(dicas)
      .set({ title: 'Texto revisado pela equipe' })
      .where(eq(dicas.id, row?.id as number));

    // What every start of the server runs (main.ts → seedReferenceData).
    await seedReferenceData(t.database.db);
    await seedReferenceData(t.database.db);
    expect(await counts()).toEqual({ dicas: SEEDED_DICAS.length, faqs: SEEDED_FAQS.length });
    expect((await getDicas())[0]?.title).toBe('Texto revisado pela equipe');

    await t.database.db.delete(faqs);
    await seedReferenceData(t.database.db);
    expect(await counts()).toEqual({ dicas: SEEDED_DICAS.length, faqs: SEEDED_FAQS.length });
    const ordens = (await t.database.db.select({ ordem: faqs.ordem }).from(faqs)).map((r) => r.ordem);
    expect(ordens.sort((a, b) => a - b)).toEqual(SEEDED_FAQS.map((_, i) => i + 1));
  });
});
