import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  companies,
  company_invitations,
  coupons,
  denuncias,
  devices,
  glicoses,
  medicos,
  mensagens,
  qrcode_orders,
  sessions,
  sticker_batches,
  users,
} from '../../db/schema/index.ts';
import { errorHandler } from '../../error-handler.ts';
import { hashToken, issueSession } from '../../modules/auth/auth.service.ts';
import {
  createPatient,
  createProfissional,
  createStaff,
  createTimelineItem,
  fillEmergencyData,
  verifyEmail,
} from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createAtendimento, createDoctor, createPass, subscribe } from '../telemedicina-factories.ts';
import {
  caseArbitrary,
  type FuzzFailure,
  type FuzzRoute,
  fuzzRoutesOf,
  routeCollector,
  routeSeed,
  runCases,
} from './engine.ts';
import { validExamples } from './examples.ts';

/**
 * Schema fuzzing (`docs/validation-and-errors.md` "Schema fuzzing"): every
 * API route, called with bodies, params and query strings drawn from its zod
 * schemas plus junk, by the kind of caller it serves, must never answer 5xx,
 * must answer every 4xx with a pt-BR `message`, and the server must still
 * answer afterwards. A fixed seed and a bounded run count keep CI's run
 * short; `PULSO_FUZZ_RUNS` (cases per route with a body; half as many for
 * a route with only path or query parameters, 2 for a route without input)
 * and `PULSO_FUZZ_SEED` make a larger or different run.
 */
const RUNS = Number(process.env.PULSO_FUZZ_RUNS ?? 16);
const SEED = Number(process.env.PULSO_FUZZ_SEED ?? 20_260_515);

/** Cases for `route`: a body is the richest input, parameters less so, a route without input needs two callers. */
function runsFor(route: FuzzRoute): number {
  if (route.method !== 'GET' && route.method !== 'DELETE') return RUNS;
  if (route.url.includes(':') || route.querystring) return Math.max(2, Math.ceil(RUNS / 2));
  return 2;
}

/** Routes outside the JSON API: the OpenAPI viewer and the dev outbox. */
const skipped = (route: FuzzRoute) => !route.url.startsWith('/api/') || route.url.startsWith('/api/docs');

/** The caller a route serves: staff for the admin area, the doctor for the doctor's area, else a patient. */
function preferredCaller(route: FuzzRoute): string {
  if (route.url.startsWith('/api/admin/')) return 'admin';
  if (route.url.startsWith('/api/medico/') || /\/(aceitar|recusar)$/.test(route.url)) return 'medico';
  return 'paciente';
}

/** Failures grouped by route and problem kind: how many, and the first request of each. */
function summary(failures: FuzzFailure[]): string {
  const groups = new Map<string, { count: number; first: FuzzFailure }>();
  for (const f of failures) {
    const key = `${f.route} → ${f.problem.slice(0, 60)}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { count: 1, first: f });
  }
  return [...groups.entries()]
    .map(([key, g]) => `${g.count}× ${key}\n    ${g.first.request}\n    ${g.first.problem}`)
    .join('\n');
}

describe('schema fuzzing', () => {
  const routes: FuzzRoute[] = [];
  let t: TestApp;
  let ids: Record<string, number>;
  let patientCode: string;
  let userIds: { paciente: number; outro: number; medico: number; admin: number };
  const failures: FuzzFailure[] = [];
  let cases = 0;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '1000000', RATE_LIMIT_CODE_PER_MINUTE: '1000000' });
    routes.push(...t.app.routeTable.flatMap(fuzzRoutesOf));
    const db = t.database.db;
    const paciente = await createPatient(t.app);
    const outro = await createPatient(t.app);
    await fillEmergencyData(db, paciente.user.id);
    await verifyEmail(db, paciente.user.id);
    const plano = await subscribe(db, paciente.user.id);
    const medico = await createDoctor(t, { especialidades: ['Cardiologia'], clinicas: ['Clínica Central'] });
    const admin = await createStaff(t, 'admin');
    await createProfissional(db, outro.user.id);
    const atendimento = await createAtendimento(db, paciente.user.id, medico.medicoId, 'A');
    const [mensagem] = await db
      .insert(mensagens)
      .values({ atendimento_id: atendimento, from: 'U', type: 'T', content: 'Olá, doutor' })
      .returning({ id: mensagens.id });
    const [glicose] = await db
      .insert(glicoses)
      .values({
        user_id: paciente.user.id,
        value: 90,
        time_of_day: 1,
        status: 'normal',
        data_afericao: '2026-01-10',
        time_afericao: '08:00',
      })
      .returning({ id: glicoses.id });
    const [device] = await db
      .insert(devices)
      .values({ user_id: paciente.user.id, firebase_token: '{}', endpoint: 'https://push.example/1' })
      .returning({ id: devices.id });
    const [empresa] = await db
      .insert(companies)
      .values({ nome: 'Empresa Fuzz' })
      .returning({ id: companies.id });
    if (!empresa) throw new Error('company not created');
    await db
      .insert(company_invitations)
      .values({ company_id: empresa.id, token_hash: hashToken('convite-fuzz-1') });
    const [cupom] = await db
      .insert(coupons)
      .values({ nome: 'FUZZ10', desconto: 10 })
      .returning({ id: coupons.id });
    const [pedido] = await db
      .insert(qrcode_orders)
      .values({
        user_id: paciente.user.id,
        code: paciente.user.code,
        endereco: 'Rua A, 1',
        bairro: 'Centro',
        cidade_id: 3550308,
        cep: '01001000',
        valor: 1990,
      })
      .returning({ id: qrcode_orders.id });
    const [lote] = await db
      .insert(sticker_batches)
      .values({ quantidade: 2 })
      .returning({ id: sticker_batches.id });
    const [denuncia] = await db
      .insert(denuncias)
      .values({ user_id: paciente.user.id, medico_id: medico.medicoId, motivo: 'Atendimento ruim' })
      .returning({ id: denuncias.id });
    const pass = await createPass(db, medico.medicoId);
    const timeline = await createTimelineItem(db, paciente.user.id);
    ids = {
      atendimento,
      mensagem: mensagem?.id ?? 1,
      glicose: glicose?.id ?? 1,
      device: device?.id ?? 1,
      empresa: empresa.id,
      cupom: cupom?.id ?? 1,
      pedido: pedido?.id ?? 1,
      lote: lote?.id ?? 1,
      denuncia: denuncia?.id ?? 1,
      pass: pass.id,
      timeline,
      plano,
      medico: medico.medicoId,
    };
    patientCode = paciente.user.code;
    userIds = {
      paciente: paciente.user.id,
      outro: outro.user.id,
      medico: medico.user.id,
      admin: admin.userId,
    };
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Ids of rows that exist, by path parameter, for `route`. */
  function realParams(route: FuzzRoute): Record<string, readonly (string | number)[]> {
    const byPrefix: [RegExp, number[]][] = [
      [/^\/api\/home\/glicose\//, [ids.glicose as number]],
      [/^\/api\/device\//, [ids.device as number]],
      [
        /^\/api\/(denunciar\/medico|telemedicina\/medico|telemedicina\/atendimento\/medico|admin\/medicos)\//,
        [ids.medico as number],
      ],
      [/^\/api\/admin\/empresas\//, [ids.empresa as number]],
      [/^\/api\/admin\/(planos|cupons)\//, [ids.plano as number, ids.cupom as number, 1]],
      [/^\/api\/admin\/pedidos\//, [ids.pedido as number]],
      [/^\/api\/admin\/profissionais\//, [1]],
      [/^\/api\/admin\/lotes\//, [ids.lote as number]],
      [/^\/api\/admin\/denuncias\//, [ids.denuncia as number]],
      [/^\/api\/admin\/conteudo\//, [1, 2]],
      [/^\/api\/timeline\/item/, [ids.timeline as number]],
      [/^\/api\/telemedicina\/mensagem\//, [ids.mensagem as number]],
      [/^\/api\/(telemedicina|medico)\/atendimento\//, [ids.atendimento as number]],
      [/^\/api\/planos\/alterar\//, [ids.plano as number]],
    ];
    const id = byPrefix.find(([re]) => re.test(route.url))?.[1] ?? [1];
    return {
      id,
      userId: [userIds.paciente, userIds.outro],
      code: [patientCode, patientCode.toLowerCase()],
      token: ['convite-fuzz-1'],
      slug: ['termos', 'politica'],
      categoria: ['Saúde Mental', 'Saúde Física', 'Qualidade de Vida'],
      search: ['maria', 'a'],
      text: ['são', 'a'],
      medico: ['M', 'all'],
      offset: [0, 10],
      plano: [ids.plano as number],
    };
  }

  /** Signs the callers in once: their authorization headers by name (a guest has none). */
  async function signIn(): Promise<Record<string, Record<string, string>>> {
    const db = t.database.db;
    const bearer = async (userId: number) => ({
      authorization: `Bearer ${await issueSession(db, userId, 'fuzz')}`,
    });
    return {
      paciente: await bearer(userIds.paciente),
      outro: await bearer(userIds.outro),
      medico: await bearer(userIds.medico),
      admin: await bearer(userIds.admin),
      visitante: {},
    };
  }

  /**
   * Undoes what a fuzzed write may do to the callers themselves (a logout or
   * a password change revokes their sessions, closing an account closes it,
   * an admin suspends the doctor), so every route is fuzzed as its caller.
   */
  async function restoreCallers(): Promise<void> {
    const db = t.database.db;
    const fixtureUsers = Object.values(userIds);
    await db.update(users).set({ is_active: true, closed_at: null }).where(inArray(users.id, fixtureUsers));
    await db.update(sessions).set({ revoked_at: null }).where(inArray(sessions.user_id, fixtureUsers));
    await db
      .update(medicos)
      .set({ suspended_at: null })
      .where(eq(medicos.id, ids.medico as number));
  }

  it('collects the API routes with their schemas', () => {
    const api = routes.filter((r) => !skipped(r));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((r) => r.body).length).toBeGreaterThan(50);
  });

  it('answers junk on every route without a 5xx and with pt-BR messages', async () => {
    const api = routes.filter((r) => !skipped(r));
    const examples = validExamples({ cidade: 3550308, userId: userIds.paciente });
    const callers = await signIn();
    for (const route of api) {
      const example = examples[`${route.method} ${route.url}`];
      const arb = caseArbitrary(route, realParams(route), callers, preferredCaller(route), example);
      const drawn = fc.sample(arb, { seed: routeSeed(SEED, route), numRuns: runsFor(route) });
      cases += drawn.length;
      failures.push(...(await runCases(t.app, route, drawn)));
      if (route.method !== 'GET') await restoreCallers();
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: callers.paciente });
    expect(me.statusCode).toBe(200);
    console.info(
      `schema fuzzing: ${api.length} routes, ${cases} requests, ${failures.length} failures (seed ${SEED})`,
    );
    expect(failures, summary(failures)).toEqual([]);
  }, 600_000);

  it('reports a route that answers 500 on junk', async () => {
    const probe: FuzzRoute[] = [];
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);
    app.addHook('onRoute', routeCollector(probe));
    app.post(
      '/api/quebrada',
      { schema: { body: z.object({ nome: z.string() }).refine((b) => b !== null) } },
      async (request) => ({ tamanho: (request.body as unknown as { extra: { a: string } }).extra.a.length }),
    );
    await app.ready();
    const route = probe[0] as FuzzRoute;
    const drawn = fc.sample(caseArbitrary(route, {}, { visitante: {} }, 'visitante'), {
      seed: SEED,
      numRuns: 20,
    });
    const found = await runCases(app, route, drawn);
    await app.close();
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.problem).toMatch(/^500/);
  });

  it('draws the same requests for the same seed', () => {
    const route: FuzzRoute = {
      method: 'POST',
      url: '/api/x/:id',
      body: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      params: null,
      querystring: null,
      multipart: false,
    };
    const draw = () =>
      fc.sample(caseArbitrary(route, { id: [1] }, { visitante: {} }, 'visitante'), { seed: 7, numRuns: 5 });
    expect(JSON.stringify(draw())).toBe(JSON.stringify(draw()));
  });
});
