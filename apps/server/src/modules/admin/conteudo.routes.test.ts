import { ADMIN_MESSAGES, CONTEUDO_ADMIN_MESSAGES as M, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  audit_log,
  content_pages,
  dicas,
  faqs,
  score_questions,
  score_quizzes,
  score_results,
} from '../../db/schema/index.ts';
import { seedDicasEFaqs } from '../../seed/conteudo/dicas-faqs.ts';
import { seedContentPages } from '../../seed/conteudo/index.ts';
import { seedScoreQuestionnaires } from '../../seed/score.ts';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { sanitizeContentPageHtml } from '../conteudo/conteudo-html.ts';

/**
 * The content editor of the admin area (issue 9 "Content"): FAQs, tips,
 * terms of use and privacy policy, score questionnaires; who may use it, its
 * validation, its audit rows, and that patients see the edits.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  // Each test starts from the seeded content, whatever the previous one edited.
  const db = t.database.db;
  await db.delete(faqs);
  await db.delete(dicas);
  await db.delete(content_pages);
  await db.delete(score_quizzes);
  await db.delete(score_questions);
  await seedDicasEFaqs(db);
  await seedContentPages(db);
  await seedScoreQuestionnaires(db);
});

type Auth = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(auth ? { headers: auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const auditRows = (acao: string) =>
  t.database.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entidade, 'conteudo'), eq(audit_log.acao, acao)));

const alt = (texto: string, pontos: number) => ({ texto, pontos });

describe(`admin content access (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest, 403 to a patient and a doctor, and 403 to support on every content route', async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const support = await createStaff(t, 'support');
    const faq = { question: 'Pergunta nova?', answer: 'Resposta.' };
    const dica = { title: 'Dica nova', content: 'Texto.' };
    const question = { questoes: 'Pergunta do score?', alternativas: [alt('Sim', 0), alt('Não', 0)] };
    const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', '/api/admin/conteudo/faqs'],
      ['POST', '/api/admin/conteudo/faqs', faq],
      ['PUT', '/api/admin/conteudo/faqs/1', faq],
      ['PUT', '/api/admin/conteudo/faqs/ordem', { ids: [1] }],
      ['DELETE', '/api/admin/conteudo/faqs/1'],
      ['GET', '/api/admin/conteudo/dicas'],
      ['POST', '/api/admin/conteudo/dicas', dica],
      ['PUT', '/api/admin/conteudo/dicas/1', dica],
      ['PUT', '/api/admin/conteudo/dicas/ordem', { ids: [1] }],
      ['DELETE', '/api/admin/conteudo/dicas/1'],
      ['GET', '/api/admin/conteudo/paginas/termos'],
      ['PUT', '/api/admin/conteudo/paginas/politica', { html: '<p>Oi</p>' }],
      ['GET', '/api/admin/conteudo/score'],
      ['POST', '/api/admin/conteudo/score/questions', { ...question, categoria: 'Saúde Mental' }],
      ['PUT', '/api/admin/conteudo/score/questions/1', question],
      ['PUT', `/api/admin/conteudo/score/${encodeURIComponent('Saúde Mental')}/ordem`, { ids: [1] }],
    ];
    for (const [method, url, payload] of routes) {
      const guest = await call(method, url, undefined, payload);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const refused = await call(method, url, who, payload);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
      const supportRes = await call(method, url, support.auth, payload);
      expect(supportRes.statusCode, `${method} ${url}`).toBe(403);
      expect(supportRes.json()).toEqual({ message: ADMIN_MESSAGES.notAllowed });
    }
    // Nothing was changed by the refused calls.
    expect(await t.database.db.select().from(audit_log)).toEqual([]);
  });
});

describe(`FAQs in the admin area (${TEST_ENGINE})`, () => {
  it('lists every FAQ, edits one and the patient’s /faqs shows the edit; the audit keeps only the changed fields', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const list = await call('GET', '/api/admin/conteudo/faqs', admin.auth);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const first = list.json().faqs[0];
    expect(first).toMatchObject({ ordem: 1, ativo: true });

    const res = await call('PUT', `/api/admin/conteudo/faqs/${first.id}`, admin.auth, {
      question: '  O que é o Pulso, afinal?  ',
      answer: first.answer,
      ativo: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.faqSaved,
      faq: { id: first.id, question: 'O que é o Pulso, afinal?' },
    });

    const publicFaqs = (await call('GET', '/api/faqs', patient.auth)).json().faqs;
    expect(publicFaqs[0]).toEqual({
      id: first.id,
      question: 'O que é o Pulso, afinal?',
      answer: first.answer,
    });

    const [row] = await auditRows('faq.editar');
    expect(row).toMatchObject({
      actor_email: admin.email,
      entidade_id: `faq:${first.id}`,
      antes: { question: first.question },
      depois: { question: 'O que é o Pulso, afinal?' },
    });
  });

  it('hides and publishes again, adds one at the end, reorders, and deletes', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const publicIds = async () =>
      ((await call('GET', '/api/faqs', patient.auth)).json().faqs as { id: number }[]).map((f) => f.id);
    const all = (await call('GET', '/api/admin/conteudo/faqs', admin.auth)).json().faqs as {
      id: number;
      question: string;
      answer: string;
    }[];
    const [a, b] = all as [(typeof all)[0], (typeof all)[0]];

    await call('PUT', `/api/admin/conteudo/faqs/${a.id}`, admin.auth, { ...a, ativo: false });
    expect(await publicIds()).not.toContain(a.id);
    expect((await call('GET', '/api/admin/conteudo/faqs', admin.auth)).json().faqs).toHaveLength(all.length);
    await call('PUT', `/api/admin/conteudo/faqs/${a.id}`, admin.auth, {
      question: a.question,
      answer: a.answer,
    });
    expect(await publicIds()).toContain(a.id);

    const created = await call('POST', '/api/admin/conteudo/faqs', admin.auth, {
      question: 'Posso usar o Pulso no computador?',
      answer: 'Sim, pelo navegador.',
    });
    expect(created.statusCode).toBe(201);
    const newId = created.json().faq.id as number;
    expect(created.json().faq.ordem).toBe(all.length + 1);
    expect((await publicIds()).at(-1)).toBe(newId);

    const order = [newId, b.id, a.id, ...all.slice(2).map((f) => f.id)];
    const reordered = await call('PUT', '/api/admin/conteudo/faqs/ordem', admin.auth, { ids: order });
    expect(reordered.statusCode).toBe(200);
    expect(await publicIds()).toEqual(order);
    const partial = await call('PUT', '/api/admin/conteudo/faqs/ordem', admin.auth, { ids: [a.id, b.id] });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toBe(M.ordem);

    const deleted = await call('DELETE', `/api/admin/conteudo/faqs/${newId}`, admin.auth);
    expect(deleted.json()).toEqual({ message: M.faqDeleted });
    expect(await publicIds()).not.toContain(newId);
    expect((await call('DELETE', `/api/admin/conteudo/faqs/${newId}`, admin.auth)).statusCode).toBe(404);
    expect(await auditRows('faq.excluir')).toHaveLength(1);
    expect(await auditRows('faq.ordenar')).toHaveLength(1);
    expect(await auditRows('faq.criar')).toHaveLength(1);
  });

  it('refuses a short question and an empty answer with pt-BR messages, and an unknown id with 404', async () => {
    const admin = await createStaff(t, 'admin');
    const short = await call('POST', '/api/admin/conteudo/faqs', admin.auth, {
      question: 'Oi?',
      answer: 'x',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.question).toEqual([M.faqQuestion]);
    const empty = await call('POST', '/api/admin/conteudo/faqs', admin.auth, {
      question: 'Pergunta?',
      answer: ' ',
    });
    expect(empty.json().errors.answer).toEqual([M.faqAnswerRequired]);
    const missing = await call('PUT', '/api/admin/conteudo/faqs/999999', admin.auth, {
      question: 'Pergunta?',
      answer: 'Resposta',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: M.faqNotFound });
  });
});

describe(`tips in the admin area (${TEST_ENGINE})`, () => {
  it('edits, hides, adds and deletes a tip, and /dicas follows', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const publicDicas = async () =>
      (await call('GET', '/api/dicas', patient.auth)).json().dicas as { id: number; title: string }[];
    const [first] = (await call('GET', '/api/admin/conteudo/dicas', admin.auth)).json().dicas;
    const edited = await call('PUT', `/api/admin/conteudo/dicas/${first.id}`, admin.auth, {
      title: 'Hidrate-se durante o dia',
      content: first.content,
    });
    expect(edited.statusCode).toBe(200);
    expect((await publicDicas())[0]?.title).toBe('Hidrate-se durante o dia');
    await call('PUT', `/api/admin/conteudo/dicas/${first.id}`, admin.auth, {
      title: 'Hidrate-se durante o dia',
      content: first.content,
      ativo: false,
    });
    expect((await publicDicas()).some((d) => d.id === first.id)).toBe(false);

    const bad = await call('POST', '/api/admin/conteudo/dicas', admin.auth, { title: 'Oi', content: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ title: [M.dicaTitle], content: [M.dicaContentRequired] });
    const created = await call('POST', '/api/admin/conteudo/dicas', admin.auth, {
      title: 'Lave as mãos',
      content: 'Com água e sabão, por 20 segundos.',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().dica.id;
    expect((await publicDicas()).at(-1)).toMatchObject({ id, title: 'Lave as mãos' });
    expect((await call('DELETE', `/api/admin/conteudo/dicas/${id}`, admin.auth)).statusCode).toBe(200);
    expect((await publicDicas()).some((d) => d.id === id)).toBe(false);
    const edits = (await auditRows('dica.editar')).sort((x, y) => x.id - y.id);
    expect(edits.map((r) => [r.antes, r.depois])).toEqual([
      [{ title: first.title }, { title: 'Hidrate-se durante o dia' }],
      [{ ativo: true }, { ativo: false }],
    ]);
    expect(await auditRows('dica.excluir')).toHaveLength(1);
  });
});

describe(`terms of use and privacy policy (${TEST_ENGINE})`, () => {
  const hostile =
    '<h2 style="color:red">Novos termos</h2>' +
    '<p onclick="alert(1)">Texto <strong>importante</strong> e <em>grifado</em>.<script>alert("x")</script></p>' +
    '<img src="x" onerror="alert(2)">' +
    '<p><a href="javascript:alert(3)">perigo</a> <a href="https://www.gov.br/anpd" target="_self" onmouseover="x()">ANPD</a>' +
    ' <a href="mailto:privacidade@pulso.app.br">e-mail</a> <a href="/politica-de-privacidade">política</a></p>' +
    '<style>body{display:none}</style><ol><li>um</li></ol><ul><li>dois<br>três</li></ul><iframe src="https://e.com"></iframe>';

  it('stores the editor’s HTML sanitised and the public page serves it', async () => {
    const admin = await createStaff(t, 'admin');
    const res = await call('PUT', '/api/admin/conteudo/paginas/termos', admin.auth, { html: hostile });
    expect(res.statusCode).toBe(200);
    const expected =
      '<h2>Novos termos</h2><p>Texto <strong>importante</strong> e <em>grifado</em>.</p>' +
      '<p><a>perigo</a> <a href="https://www.gov.br/anpd">ANPD</a> <a href="mailto:privacidade@pulso.app.br">e-mail</a>' +
      ' <a href="/politica-de-privacidade">política</a></p><ol><li>um</li></ol><ul><li>dois<br />três</li></ul>';
    expect(res.json().pagina).toMatchObject({ slug: 'termos', html: expected, updated_by: admin.email });

    const publicPage = await call('GET', '/api/termos');
    expect(publicPage.json().html).toBe(expected);
    for (const needle of [
      '<script',
      'alert',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      'style',
      '<img',
      'iframe',
    ]) {
      expect(publicPage.json().html, needle).not.toContain(needle);
    }
    // The other page is untouched.
    expect((await call('GET', '/api/politica')).json().html).toContain('Lei nº 13.709/2018');

    const [row] = await auditRows('termos.editar');
    expect(row?.entidade_id).toBe('termos');
    expect(row?.depois).toEqual({
      html: { caracteres: expected.length, inicio: expect.stringMatching(/^Novos termos Texto importante/) },
    });
    expect((row?.antes as { html: { caracteres: number } } | undefined)?.html.caracteres).toBeGreaterThan(
      5000,
    );
  });

  it('refuses a page with no visible text left, even after sanitising, and an unknown slug', async () => {
    const admin = await createStaff(t, 'admin');
    const empty = await call('PUT', '/api/admin/conteudo/paginas/politica', admin.auth, { html: '<p> </p>' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.html).toEqual([M.paginaVazia]);
    const onlyScript = await call('PUT', '/api/admin/conteudo/paginas/politica', admin.auth, {
      html: '<script>alert(1)</script>',
    });
    expect(onlyScript.statusCode).toBe(422);
    expect((await call('GET', '/api/politica')).json().html).toContain('Lei nº 13.709/2018');
    expect((await call('GET', '/api/admin/conteudo/paginas/outra', admin.auth)).statusCode).toBe(422);
    const page = await call('GET', '/api/admin/conteudo/paginas/politica', admin.auth);
    expect(page.json()).toMatchObject({
      slug: 'politica',
      titulo: 'Política de privacidade',
      updated_by: null,
    });
  });

  it('sanitises disguised schemes, protocol-relative links and h1', async () => {
    expect(await sanitizeContentPageHtml('<a href=" JaVa&#x09;ScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(await sanitizeContentPageHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
    expect(await sanitizeContentPageHtml('<a href="data:text/html,oi">x</a>')).toBe('<a>x</a>');
    expect(await sanitizeContentPageHtml('<a href="http://exemplo.com" rel="x">x</a>')).toBe(
      '<a href="http://exemplo.com">x</a>',
    );
    expect(await sanitizeContentPageHtml('<h1 class="a">T</h1><textarea>oi</textarea>')).toBe('<h2>T</h2>');
  });
});

describe(`score questionnaires in the admin area (${TEST_ENGINE})`, () => {
  const mental = 'Saúde Mental';
  const questionsOf = async (auth: Auth) =>
    (await call('GET', `/api/questions?categoria=${encodeURIComponent(mental)}`, auth)).json()
      .scoreQuestions as {
      id: number;
      questoes: string;
      alternativas: { texto: string; pontos: number }[];
    }[];

  it('lists the three questionnaires with their maximum of 100 and the draft question', async () => {
    const admin = await createStaff(t, 'admin');
    const res = await call('GET', '/api/admin/conteudo/score', admin.auth);
    expect(res.statusCode).toBe(200);
    const categorias = res.json().categorias as {
      categoria: string;
      maximo: number;
      questions: { ativa: boolean }[];
    }[];
    expect(categorias.map((c) => [c.categoria, c.maximo])).toEqual([
      ['Saúde Mental', 100],
      ['Saúde Física', 100],
      ['Qualidade de Vida', 100],
    ]);
    expect(categorias[2]?.questions.filter((q) => !q.ativa)).toHaveLength(1);
  });

  it('edits a question’s text and points: the patient’s questionnaire shows it and a past result stays as it was', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const before = await questionsOf(patient.auth);
    const target = before[0] as (typeof before)[0];
    const saved = await call('POST', '/api/score/result', patient.auth, {
      categoria: mental,
      respostas: [{ question_id: target.id, alternativa: 0 }],
    });
    expect(saved.json().result.pontuacao).toBe(10);

    const alternativas = [alt('Sempre', 6), alt('Às vezes', 3), alt('Nunca', 0)];
    const res = await call('PUT', `/api/admin/conteudo/score/questions/${target.id}`, admin.auth, {
      questoes: 'Nas últimas duas semanas, você se sentiu bem-humorado(a)?',
      alternativas,
      ativa: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().question).toMatchObject({ id: target.id, ativa: true, alternativas });

    const after = await questionsOf(patient.auth);
    expect(after[0]).toMatchObject({
      id: target.id,
      questoes: 'Nas últimas duas semanas, você se sentiu bem-humorado(a)?',
      alternativas,
    });
    const results = (await call('GET', '/api/score/result', patient.auth)).json().pointsScore;
    expect(results[0]).toMatchObject({ categoria: mental, pontuacao: 10 });
    // A new answer sums the new points.
    const again = await call('POST', '/api/score/result', patient.auth, {
      categoria: mental,
      respostas: [{ question_id: target.id, alternativa: 0 }],
    });
    expect(again.json().result.pontuacao).toBe(6);

    const [row] = await auditRows('score.editar');
    expect(row?.entidade_id).toBe(`score:${target.id}`);
    expect(Object.keys(row?.depois as object).sort()).toEqual(['alternativas', 'questoes']);
  });

  it('deactivates a question (never served again) and serves it again', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const [target] = await questionsOf(patient.auth);
    const body = { questoes: target?.questoes, alternativas: target?.alternativas };
    await call('PUT', `/api/admin/conteudo/score/questions/${target?.id}`, admin.auth, {
      ...body,
      ativa: false,
    });
    const served = await questionsOf(patient.auth);
    expect(served).toHaveLength(9);
    expect(served.some((q) => q.id === target?.id)).toBe(false);
    const listed = (await call('GET', '/api/admin/conteudo/score', admin.auth)).json().categorias[0];
    expect(listed.maximo).toBe(90);
    await call('PUT', `/api/admin/conteudo/score/questions/${target?.id}`, admin.auth, {
      ...body,
      ativa: true,
    });
    expect(await questionsOf(patient.auth)).toHaveLength(10);
    const [row] = await auditRows('score.editar');
    expect(row).toMatchObject({ antes: { ativa: true }, depois: { ativa: false } });
  });

  it('refuses points that take a category past 100 and changes nothing', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const [target] = await questionsOf(patient.auth);
    const res = await call('PUT', `/api/admin/conteudo/score/questions/${target?.id}`, admin.auth, {
      questoes: target?.questoes,
      alternativas: [alt('Sim', 11), alt('Não', 0)],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('seria 101 pontos');
    expect((await questionsOf(patient.auth))[0]).toEqual(target);
    expect(await auditRows('score.editar')).toHaveLength(0);

    const tooMany = await call('POST', '/api/admin/conteudo/score/questions', admin.auth, {
      categoria: mental,
      questoes: 'Você dorme bem?',
      alternativas: [alt('Sim', 5), alt('Não', 0)],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(await questionsOf(patient.auth)).toHaveLength(10);

    const badPoints = await call('POST', '/api/admin/conteudo/score/questions', admin.auth, {
      categoria: mental,
      questoes: 'Você dorme bem?',
      alternativas: [alt('Sim', 101), alt('Não', 0)],
    });
    expect(badPoints.statusCode).toBe(422);
    expect(badPoints.json().message).toBe(M.pontos);
  });

  it('adds a draft question (not served) and reorders the category', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const created = await call('POST', '/api/admin/conteudo/score/questions', admin.auth, {
      categoria: mental,
      questoes: 'Você tem dormido bem?',
      alternativas: [alt('Sim', 10), alt('Não', 0)],
      ativa: false,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().question.id as number;
    expect(created.json().question).toMatchObject({ categoria: mental, ativa: false, ordem: 11 });
    expect((await questionsOf(patient.auth)).some((q) => q.id === id)).toBe(false);

    const ids = (
      (await call('GET', '/api/admin/conteudo/score', admin.auth)).json().categorias[0].questions as {
        id: number;
      }[]
    ).map((q) => q.id);
    const reversed = [...ids].reverse();
    const reordered = await call(
      'PUT',
      `/api/admin/conteudo/score/${encodeURIComponent(mental)}/ordem`,
      admin.auth,
      {
        ids: reversed,
      },
    );
    expect(reordered.statusCode).toBe(200);
    expect((await questionsOf(patient.auth)).map((q) => q.id)).toEqual(reversed.filter((q) => q !== id));
    const wrong = await call(
      'PUT',
      `/api/admin/conteudo/score/${encodeURIComponent(mental)}/ordem`,
      admin.auth,
      {
        ids: reversed.slice(1),
      },
    );
    expect(wrong.statusCode).toBe(422);
    expect(await auditRows('score.criar')).toHaveLength(1);
    expect(await auditRows('score.ordenar')).toHaveLength(1);
  });

  it('keeps the results of every patient when questions change', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    await t.database.db
      .insert(score_results)
      .values({ user_id: patient.user.id, categoria: mental, pontuacao: 72 });
    const [target] = await questionsOf(patient.auth);
    await call('PUT', `/api/admin/conteudo/score/questions/${target?.id}`, admin.auth, {
      questoes: target?.questoes,
      alternativas: [alt('Sim', 0), alt('Não', 0)],
      ativa: false,
    });
    const rows = await t.database.db
      .select()
      .from(score_results)
      .where(eq(score_results.user_id, patient.user.id));
    expect(rows.map((r) => r.pontuacao)).toEqual([72]);
  });
});
