import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANOS_PADRAO } from '../../seed/pagamentos.ts';
import {
  createPatient,
  createProfissional,
  createVirginCodes,
  fillEmergencyData,
} from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { drawFreeCode } from '../auth/registration.ts';
import { activeSession, postFile, postText } from '../telemedicina/telemedicina.test-support.ts';
import { addItem, jpeg, pdf, png } from '../timeline/timeline.test-support.ts';
import { runErasure } from './erasure.ts';

// docs/account-deletion.md "What is erased", "What is kept and why": after the job, no row or file of the
// patient remains outside the retained exceptions, table by table — every table of the database must have a
// rule below, so a new table without one fails this test.

let t: TestApp;
const quiet = { info() {}, warn() {}, error() {} };
const DAY = 24 * 3600 * 1000;

async function rows(query: string): Promise<Record<string, unknown>[]> {
  return ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] })
    .rows;
}
const count = async (query: string) => Number((await rows(`select count(*)::int as n from ${query}`))[0]?.n);
const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
async function storedKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const key of t.app.ctx.storage.keys()) keys.add(key);
  return keys;
}

/** The patient under erasure, as the rules name them. */
interface Victim {
  id: number;
  email: string;
  name: string;
  code: string;
  replaced: string;
  customer: string;
  emailHash: string;
  atendimentos: number[];
  items: number[];
  profissional: number;
}

/**
 * Where each table keeps the patient's rows: a SQL condition on the table's row `x` that must match nothing
 * after the job, or `null` with why the table holds no patient data. Retained rows are checked apart below.
 */
const RULES: Record<string, ((v: Victim) => string) | { none: string }> = {
  'drizzle.__drizzle_migrations': { none: 'migrations applied' },
  'public.account_tokens': (v) => `x.user_id = ${v.id}`,
  'public.app_secrets': { none: 'server keys' },
  'public.app_settings': { none: 'prices and texts staff set' },
  'public.atendimentos': (v) => `x.user_id = ${v.id} or x.id in (${v.atendimentos.join(',')})`,
  'public.audit_log': (v) =>
    `x.actor_user_id = ${v.id} or (x.entidade = 'profissional' and x.entidade_id = '${v.profissional}' and (x.antes is not null or x.depois is not null))`,
  'public.cidades': { none: 'reference data' },
  'public.clinicas': { none: 'reference data' },
  'public.code_access_logs': (v) => `x.user_id = ${v.id} or x.viewer_id = ${v.id}`,
  'public.code_alerts': (v) => `x.user_id = ${v.id}`,
  'public.companies': { none: 'companies' },
  'public.company_invitations': (v) => `x.used_by = ${v.id} or lower(x.email) = ${q(v.email)}`,
  'public.consent_events': (v) => `x.user_id = ${v.id}`,
  'public.content_pages': { none: 'terms and policy' },
  'public.coupons': { none: 'coupons' },
  'public.creditos': (v) => `x.user_id = ${v.id}`,
  'public.data_exports': (v) => `x.user_id = ${v.id}`,
  'public.denuncias': (v) => `x.user_id = ${v.id}`,
  'public.devices': (v) => `x.user_id = ${v.id}`,
  'public.dicas': { none: 'content' },
  'public.doencas': { none: 'reference data' },
  'public.especialidades': { none: 'reference data' },
  'public.faqs': { none: 'content' },
  'public.glicoses': (v) => `x.user_id = ${v.id}`,
  'public.imcs': (v) => `x.user_id = ${v.id}`,
  'public.job_cursors': { none: 'job positions' },
  'public.login_failures': (v) => `x.email_hash = ${q(v.emailHash)}`,
  'public.medico_bloqueios': (v) => `x.user_id = ${v.id}`,
  'public.medico_clinicas': { none: "doctors' data" },
  'public.medico_crms': { none: "doctors' data" },
  'public.medico_especialidades': { none: "doctors' data" },
  'public.medicos': (v) => `x.user_id = ${v.id}`,
  'public.mensagens': (v) => `x.atendimento_id in (${v.atendimentos.join(',')})`,
  'public.oxigenacoes': (v) => `x.user_id = ${v.id}`,
  'public.passes': (v) => `x.used_by = ${v.id}`,
  'public.payment_customers': (v) => `x.user_id = ${v.id}`,
  // Retained unlinked (checked below): no row may point at the patient any more.
  'public.payments': (v) =>
    `x.user_id = ${v.id} or x.idempotency_key like '%${v.id}%' or x.compra is not null`,
  'public.planos': { none: 'plans on sale' },
  'public.pressoes': (v) => `x.user_id = ${v.id}`,
  'public.profissionais': (v) => `x.user_id = ${v.id}`,
  'public.qrcode_orders': (v) => `x.user_id = ${v.id}`,
  'public.replaced_codes': (v) => `x.user_id = ${v.id} or x.code in (${q(v.code)}, ${q(v.replaced)})`,
  // Retained (checked below).
  'public.retained_record_files': { none: 'retained: the doctors’ files, checked below' },
  'public.retained_records': { none: 'retained: the doctors’ records, checked below' },
  'public.retired_codes': { none: 'retained: codes never drawn again, checked below' },
  'public.sandbox_charges': (v) => `x.customer_id = ${q(v.customer)}`,
  'public.sandbox_payment_methods': (v) => `x.customer_id = ${q(v.customer)}`,
  'public.shl_links': (v) => `x.user_id = ${v.id}`,
  'public.score_questions': { none: 'content' },
  'public.score_quizzes': { none: 'content' },
  'public.score_results': (v) => `x.user_id = ${v.id}`,
  'public.sessions': (v) => `x.user_id = ${v.id}`,
  'public.staff': (v) => `x.user_id = ${v.id}`,
  'public.sticker_batches': (v) => `x.created_by = ${v.id}`,
  'public.storage_deletions': () => 'true',
  'public.subscriptions': (v) => `x.user_id = ${v.id}`,
  'public.timeline_anexos': (v) => `x.timeline_item_id in (${v.items.join(',')})`,
  'public.timeline_daily_adds': (v) => `x.user_id = ${v.id} or x.terceiro_id = ${v.id}`,
  'public.timeline_items': (v) => `x.user_id = ${v.id} or x.terceiro_id = ${v.id}`,
  'public.timeline_totals': (v) => `x.user_id = ${v.id}`,
  'public.user_doencas': (v) => `x.user_id = ${v.id}`,
  'public.users': (v) => `x.id = ${v.id}`,
  // The sticker's code stays printed and undrawable; only its owner goes.
  'public.virgin_codes': (v) => `x.claimed_by = ${v.id}`,
  'public.webhook_events': { none: 'provider event ids' },
};

let victim: Victim;
let keysOfOthers: Set<string>;
let doctorFiles: string[];
let patientFiles: string[];
let paidPayments: number[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Someone else's data, which must all survive.
  const other = await createPatient(t.app, { name: 'Carlos Nunes' });
  await addItem(t, other.auth, { descricao: 'Raio X' }, [
    { field: 'anexos[]', filename: 'rx.jpg', bytes: await jpeg() },
  ]);
  const doctor = await createDoctor(t, { name: 'Helena Prado', crm: { numero: '123456', uf: 'SP' } });
  keysOfOthers = await storedKeys();

  // The patient: registered with a sticker's code, with data in every kind of table.
  const code = '123AB456';
  await createVirginCodes(t, [code]);
  const patient = await createPatient(t.app, { name: 'Beatriz Moura Zanetti', code });
  const id = patient.user.id;
  await fillEmergencyData(db, id);
  await t.app.ctx.storage.put('avatars/beatriz.png', await png());
  await rows(`update users set avatar = 'beatriz.png', alergias = 'Dipirona' where id = ${id}`);
  const mine = await addItem(t, patient.auth, { descricao: 'Hemograma completo' }, [
    { field: 'anexos[]', filename: 'exame.jpg', bytes: await jpeg() },
    { field: 'anexos[]', filename: 'laudo.pdf', bytes: pdf() },
  ]);
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/payment-methods',
    headers: patient.auth,
    payload: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
  });
  const paid = await t.app.inject({
    method: 'PUT',
    url: '/api/planos/subscribe',
    headers: patient.auth,
    payload: { stripe_plan: PLANOS_PADRAO[0].stripe_plan, payment_method: card.json().id, preco: 1 },
  });
  expect(paid.statusCode).toBe(200);
  await rows(
    `insert into payments (user_id, provider, tipo, descricao, valor, status, idempotency_key, falha)
     values (${id}, 'sandbox', 'atendimento', 'Consulta avulsa', 4990, 'recusado', 'teste:${id}:recusado', 'Cartão recusado')`,
  );
  const atendimento = await activeSession(t, patient, doctor, { pagamento: 'plano', motivo: 'Dor no peito' });
  expect((await postText(t, patient.auth, atendimento, 'Doutor, a dor voltou')).statusCode).toBe(201);
  expect(
    (await postFile(t, patient.auth, atendimento, { filename: 'foto.jpg', bytes: await jpeg() })).statusCode,
  ).toBe(201);
  expect((await postText(t, doctor.auth, atendimento, 'Tome losartana 50 mg ao dia')).statusCode).toBe(201);
  expect(
    (await postFile(t, doctor.auth, atendimento, { filename: 'receita.png', bytes: await png() })).statusCode,
  ).toBe(201);
  const prescription = await addItem(t, doctor.auth, { user_id: id, descricao: 'Prescrição: losartana' }, [
    { field: 'anexos[]', filename: 'receita.pdf', bytes: pdf() },
  ]);
  // What the patient did elsewhere: a record in the other's timeline, an opening of the other's code.
  await rows(
    `insert into timeline_items (user_id, tipo, data, descricao, created_by, terceiro_id) values (${other.user.id}, 1, '2026-10-01', 'Visita', 'T', ${id})`,
  );
  await rows(`insert into timeline_daily_adds values (${other.user.id}, ${id}, '2026-10-01', 1)`);
  expect(
    (await t.app.inject({ url: `/api/code/${other.user.code}`, headers: patient.auth })).statusCode,
  ).toBe(200);
  expect((await t.app.inject({ url: `/api/code/${code}`, headers: other.auth })).statusCode).toBe(200);
  // Straight into the tables: indicators, My Health, devices, credential, export, codes, orders, reports.
  await rows(
    `insert into pressoes (user_id, sis, dia, status, data_afericao, time_afericao) values (${id}, 120, 80, 'normal', '2026-10-01', '08:00')`,
  );
  await rows(
    `insert into imcs (user_id, peso, altura, imc, status, data_afericao, time_afericao) values (${id}, 68.5, 1.65, 25.2, 'sobrepeso', '2026-10-01', '08:00')`,
  );
  await rows(
    `insert into oxigenacoes (user_id, saturacao, bpm, status, data_afericao, time_afericao) values (${id}, 98, 70, 'normal', '2026-10-01', '08:00')`,
  );
  await rows(
    `insert into glicoses (user_id, value, time_of_day, status, data_afericao, time_afericao) values (${id}, 90, 1, 'normal', '2026-10-01', '08:00')`,
  );
  await rows(`insert into user_doencas select ${id}, id from doencas limit 1`);
  await rows(`insert into score_results (user_id, categoria, pontuacao) values (${id}, 'Saúde Mental', 80)`);
  await rows(
    `insert into devices (user_id, firebase_token, endpoint) values (${id}, '{}', 'https://push.test/beatriz')`,
  );
  await rows(`insert into creditos (user_id) values (${id})`);
  await t.app.ctx.storage.put('profissionais/beatriz-doc.pdf', pdf());
  await createProfissional(db, id, {
    documento: 'profissionais/beatriz-doc.pdf',
    motivo_rejeicao: 'Foto ilegível',
  });
  const [prof] = await rows(`select id from profissionais where user_id = ${id}`);
  await rows(
    `insert into audit_log (actor_user_id, actor_email, acao, entidade, entidade_id, antes, depois)
     values (null, 'ana@pulso.test', 'profissional.rejeitar', 'profissional', '${prof?.id}', '{"status":"pendente"}', '{"motivo_rejeicao":"Foto ilegível"}')`,
  );
  await t.app.ctx.storage.put('exports/beatriz.zip', Buffer.from('zip'));
  await rows(
    `insert into data_exports (user_id, status, file_key, bytes) values (${id}, 'pronto', 'exports/beatriz.zip', 3)`,
  );
  await rows(
    `insert into shl_links (user_id, manifest_id, label, expires_at, jwe) values (${id}, 'm-beatriz', 'Viagem', now() + interval '1 day', 'cifrado')`,
  );
  const replaced = await drawFreeCode(db);
  await rows(`insert into replaced_codes (code, user_id) values ('${replaced}', ${id})`);
  await rows(
    `insert into qrcode_orders (user_id, code, endereco, bairro, cidade_id, cep, valor) values (${id}, '${code}', 'Rua das Flores, 100', 'Centro', 3550308, '01001000', 0)`,
  );
  await rows(
    `insert into denuncias (user_id, medico_id, motivo) values (${id}, ${doctor.medicoId}, 'Não respondeu')`,
  );
  await rows(`insert into medico_bloqueios (medico_id, user_id) values (${doctor.medicoId}, ${id})`);
  await rows(
    `insert into passes (medico_id, code, used_at, used_by) values (${doctor.medicoId}, 'PASS1234', now(), ${id})`,
  );
  await rows(`insert into companies (nome) values ('Empresa')`);
  await rows(
    `insert into company_invitations (company_id, token_hash, email, used_at, used_by) select id, repeat('a', 64), ${q(patient.user.email)}, now(), ${id} from companies`,
  );
  await rows(`insert into code_alerts (user_id) values (${id}) on conflict do nothing`);
  const emailHash = createHash('sha256').update(patient.user.email.toLowerCase()).digest('hex');
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: patient.user.email, password: 'errada-000' },
      })
    ).statusCode,
  ).toBe(422);

  const [customer] = await rows(`select customer_id from payment_customers where user_id = ${id}`);
  victim = {
    id,
    email: patient.user.email,
    name: patient.user.name,
    code,
    replaced,
    customer: String(customer?.customer_id),
    emailHash,
    atendimentos: [atendimento],
    items: [mine.id, prescription.id],
    profissional: Number(prof?.id),
  };
  doctorFiles = (
    await rows(
      `select file_key as k from mensagens where "from" = 'M' and file_key is not null
       union select path from timeline_anexos where timeline_item_id = ${prescription.id}`,
    )
  ).map((r) => String(r.k));
  patientFiles = [...(await storedKeys())].filter((k) => !keysOfOthers.has(k) && !doctorFiles.includes(k));
  paidPayments = (await rows(`select id from payments where user_id = ${id} and status <> 'recusado'`)).map(
    (r) => Number(r.id),
  );

  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/settings/excluir',
    headers: patient.auth,
    payload: { password: patient.password, confirmacao: 'EXCLUIR' },
  });
  expect(asked.statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe(`the erasure job on ${TEST_ENGINE} (docs/account-deletion.md)`, () => {
  it('has a rule for every table of the database', async () => {
    const tables = await rows(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE' order by 1`,
    );
    expect(tables.map((r) => String(r.name)).sort()).toEqual(Object.keys(RULES).sort());
  });

  it('starts from a patient with rows in the tables the rules name, and files of each kind', async () => {
    const empty: string[] = [];
    for (const [table, rule] of Object.entries(RULES)) {
      if (typeof rule !== 'function' || table.endsWith('storage_deletions') || table.endsWith('payments'))
        continue;
      if ((await count(`${table} x where ${rule(victim)}`)) === 0) empty.push(table);
    }
    // The patient is no doctor, staff member or batch maker (docs/account-deletion.md "Who").
    expect(empty.sort()).toEqual(['public.medicos', 'public.staff', 'public.sticker_batches']);
    expect(patientFiles.map((k) => k.split('/')[0]).sort()).toEqual(
      ['avatars', 'chat', 'exports', 'profissionais', 'timeline', 'timeline'].sort(),
    );
    expect(doctorFiles).toHaveLength(2);
  });

  it('erases nothing before the 7 days, then everything but the retained exceptions', async () => {
    expect((await runErasure(t.app.ctx, quiet, new Date(Date.now() + 6 * DAY))).erased).toBe(0);
    expect(await count(`users x where x.id = ${victim.id}`)).toBe(1);

    const run = await runErasure(t.app.ctx, quiet, new Date(Date.now() + 7 * DAY + 1000));
    expect(run).toEqual({ erased: 1, purged: 0, files: patientFiles.length });

    const left: Record<string, number> = {};
    for (const [table, rule] of Object.entries(RULES)) {
      if (typeof rule !== 'function') continue;
      const n = await count(`${table} x where ${rule(victim)}`);
      if (n > 0) left[table] = n;
    }
    expect(left).toEqual({});

    // No row anywhere still says who the patient was, outside the retained exceptions.
    const tables = Object.keys(RULES);
    const mentions: Record<string, number> = {};
    for (const needle of [victim.email, victim.name, victim.code, victim.replaced, victim.emailHash]) {
      for (const table of tables) {
        const n = await count(`${table} x where to_jsonb(x)::text ilike ${q(`%${needle}%`)}`);
        if (n > 0) mentions[`${table} ${needle}`] = n;
      }
    }
    expect(mentions).toEqual({
      [`public.retained_records ${victim.name}`]: 1,
      [`public.retired_codes ${victim.code}`]: 1,
      [`public.retired_codes ${victim.replaced}`]: 1,
      [`public.virgin_codes ${victim.code}`]: 1,
    });
  });

  it('keeps exactly the retained exceptions', async () => {
    expect(await rows('select code from retired_codes order by code')).toEqual(
      [victim.code, victim.replaced].sort().map((code) => ({ code })),
    );
    expect(await rows(`select claimed_by, claimed_at is not null as claimed from virgin_codes`)).toEqual([
      { claimed_by: null, claimed: true },
    ]);
    // Payments: amount, date, description, status and the provider's reference, unlinked; the refused one gone.
    const kept = await rows(
      `select id, user_id, valor, status, provider_payment_id is not null as ref, referencia_id, compra, falha,
        idempotency_key from payments order by id`,
    );
    expect(kept.map((p) => Number(p.id))).toEqual(paidPayments);
    for (const p of kept) {
      expect(p).toMatchObject({
        user_id: null,
        status: 'pago',
        ref: true,
        referencia_id: null,
        compra: null,
        falha: null,
      });
      expect(p.idempotency_key).toBe(`excluido:${p.id}`);
    }
    // The doctor's record: identification and what the doctor wrote, nothing the patient wrote.
    const [record] = await rows('select * from retained_records');
    expect(record).toMatchObject({ nome: victim.name, nascimento: '1980-05-17', sexo: 'F' });
    const text = JSON.stringify(record?.registros);
    expect(text).toContain('Tome losartana 50 mg ao dia');
    expect(text).toContain('Prescrição: losartana');
    expect(text).toContain('Helena Prado');
    expect(text).toContain('123456/SP');
    for (const patientWrote of [
      'Doutor, a dor voltou',
      'Dor no peito',
      'Hemograma',
      'Dipirona',
      'Cicatriz',
    ]) {
      expect(text).not.toContain(patientWrote);
    }
    const years =
      (Date.parse(String(record?.guardar_ate)) - Date.parse(String(record?.ultimo_registro_em))) /
      (365.25 * DAY);
    expect(Math.round(years)).toBe(20);
    expect(
      (await rows('select file_key from retained_record_files order by 1')).map((r) => r.file_key),
    ).toEqual([...doctorFiles].sort());
    // The audit row says who acted on the credential, not what it held.
    expect(await rows(`select antes, depois from audit_log where entidade = 'profissional'`)).toEqual([
      { antes: null, depois: null },
    ]);
  });

  it('leaves in storage only the other people’s files and the doctor’s retained ones', async () => {
    expect([...(await storedKeys())].sort()).toEqual([...keysOfOthers, ...doctorFiles].sort());
  });

  it('retries a file the storage failed to delete, and erases the retained record after its 20 years', async () => {
    const storage = t.app.ctx.storage;
    const original = storage.delete;
    let failing = true;
    storage.delete = async (key) => {
      if (failing) throw new Error('storage down');
      return original.call(storage, key);
    };
    try {
      const later = new Date(Date.now() + 21 * 365 * DAY);
      const failed = await runErasure(t.app.ctx, quiet, later);
      expect(failed).toEqual({ erased: 0, purged: 1, files: 0 });
      expect(await count('storage_deletions x')).toBe(doctorFiles.length);
      failing = false;
      expect(await runErasure(t.app.ctx, quiet, later)).toEqual({
        erased: 0,
        purged: 0,
        files: doctorFiles.length,
      });
    } finally {
      storage.delete = original;
    }
    expect(await count('retained_records x')).toBe(0);
    expect(await count('retained_record_files x')).toBe(0);
    expect(await count('storage_deletions x')).toBe(0);
    expect([...(await storedKeys())].sort()).toEqual([...keysOfOthers].sort());
  });
});
