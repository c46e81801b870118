import { randomBytes } from 'node:crypto';
import { type StaffRole, staffCan } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from './access.ts';
import type { Db } from './db/client.ts';
import { data_exports, medico_crms, medicos, profissionais, users } from './db/schema/index.ts';
import { createStaffAccount } from './modules/admin/staff.service.ts';
import { hashPassword, issueSession } from './modules/auth/auth.service.ts';
import { drawFreeCode } from './modules/auth/registration.ts';
import { validBody } from './modules/indicadores/indicadores.test-support.ts';
import { insertMensagem } from './modules/telemedicina/telemedicina.test-support.ts';
import { multipart, pdf } from './modules/timeline/timeline.test-support.ts';
import { createTimelineItem, pushSubscription } from './test/factories.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { createAtendimento } from './test/telemedicina-factories.ts';

/**
 * The authorisation matrix (docs/authorization.md): every route of the app,
 * read from Fastify's route table, is called as each kind of caller, and
 * the answer must be the one its `config.access` declares. Each route gets a
 * fresh set of accounts and records, so what one route changes (a closed
 * account, a deleted record) never decides another's answer.
 */

const CALLERS = [
  'guest',
  'owner',
  'otherPatient',
  'doctor',
  'sessionDoctor',
  'professional',
  'support',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];

/** What a caller must get: `allowed` past the guards (a 2xx, or a 4xx of the request itself). */
type Outcome = 'allowed' | 'refused' | 'unauthenticated';

const STAFF_ROLE: Partial<Record<Caller, StaffRole>> = { support: 'support', admin: 'admin' };

/** The declared answer of a route of `access` to `caller`. */
function expected(access: RouteAccess, caller: Caller): Outcome {
  if (access === 'public' || access === 'dev') return 'allowed';
  if (access === 'capability' || access === 'webhook') return 'refused';
  if (caller === 'guest') return 'unauthenticated';
  if (access.startsWith('staff:')) {
    const role = STAFF_ROLE[caller];
    const capability = access.slice('staff:'.length) as Parameters<typeof staffCan>[1];
    return role && staffCan(role, capability) ? 'allowed' : 'refused';
  }
  switch (access) {
    case 'self':
      return 'allowed';
    case 'owner':
      return caller === 'owner' ? 'allowed' : 'refused';
    case 'session':
      return caller === 'owner' || caller === 'sessionDoctor' ? 'allowed' : 'refused';
    case 'session-doctor':
      return caller === 'sessionDoctor' ? 'allowed' : 'refused';
    case 'doctor':
      return caller === 'doctor' || caller === 'sessionDoctor' ? 'allowed' : 'refused';
    default:
      throw new Error(`unknown access ${access}`);
  }
}

/** Kinds where the route names a record: the allowed caller must find it (no 404). */
const NAMES_A_RECORD = new Set<RouteAccess>(['owner', 'session', 'session-doctor']);

/** Whether `status` is the declared answer; a 5xx never is. */
function matches(status: number, outcome: Outcome, access: RouteAccess): boolean {
  if (status >= 500) return false;
  switch (outcome) {
    case 'unauthenticated':
      return status === 401;
    case 'refused':
      return status === 403 || status === 404 || (access === 'webhook' && status === 400);
    case 'allowed':
      return status !== 401 && status !== 403 && !(NAMES_A_RECORD.has(access) && status === 404);
  }
}

/** The accounts and records one route is tried on. */
interface World {
  db: Db;
  userId: Record<Exclude<Caller, 'guest'>, number>;
  auth: Record<Caller, Record<string, string>>;
  ownerCode: string;
  /** The session doctor's `medicos.id`. */
  medicoId: number;
  /** An A (ongoing) care session between the owner and the session doctor. */
  atendimento: number;
}

let sequence = 0;
const passwordHash = hashPassword('matriz-de-acesso-senha-longa');

async function account(db: Db, name: string): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(users)
    .values({
      name,
      email: `matriz${sequence}.${randomBytes(3).toString('hex')}@pulso.test`,
      password_hash: await passwordHash,
      code: await drawFreeCode(db),
      terms_accepted_at: new Date(),
    })
    .returning({ id: users.id, code: users.code });
  if (!row) throw new Error('account not created');
  return row.id;
}

async function doctor(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .insert(medicos)
    .values({ user_id: userId, busca: 'medico da matriz', status: 2 })
    .returning({ id: medicos.id });
  if (!row) throw new Error('doctor not created');
  await db.insert(medico_crms).values({ medico_id: row.id, numero: String(200000 + ++sequence), uf: 'SP' });
  return row.id;
}

async function buildWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const userId = {
    owner: await account(db, 'Paciente Dona'),
    otherPatient: await account(db, 'Outra Paciente'),
    doctor: await account(db, 'Médico Sem Vínculo'),
    sessionDoctor: await account(db, 'Médica do Atendimento'),
    professional: await account(db, 'Socorrista Verificado'),
    support: await createStaffAccount(db, {
      name: 'Equipe Suporte',
      email: `suporte${++sequence}@pulso.test`,
      passwordHash: await passwordHash,
      role: 'support',
    }),
    admin: await createStaffAccount(db, {
      name: 'Equipe Admin',
      email: `admin${++sequence}@pulso.test`,
      passwordHash: await passwordHash,
      role: 'admin',
    }),
  };
  await doctor(db, userId.doctor);
  const medicoId = await doctor(db, userId.sessionDoctor);
  await db
    .insert(profissionais)
    .values({ user_id: userId.professional, tipo: 'S', numero: '4321', status: 'verificado' });
  const auth = { guest: {} } as World['auth'];
  for (const [caller, id] of Object.entries(userId)) {
    auth[caller as Caller] = { authorization: `Bearer ${await issueSession(db, id, 'matriz')}` };
  }
  const [owner] = await db.select({ code: users.code }).from(users).where(eq(users.id, userId.owner));
  return {
    db,
    userId,
    auth,
    ownerCode: owner?.code ?? '',
    medicoId,
    atendimento: await createAtendimento(db, userId.owner, medicoId, 'A'),
  };
}

/** A P (asked, unanswered) care session to the session doctor from a new patient. */
async function pedido(w: World): Promise<number> {
  return createAtendimento(w.db, await account(w.db, 'Paciente do Pedido'), w.medicoId, 'P');
}

/** A record the other patient added to the owner's timeline, pending the owner's approval. */
function pendingRecord(w: World): Promise<number> {
  return createTimelineItem(w.db, w.userId.owner, {
    created_by: 'T',
    terceiro_id: w.userId.otherPatient,
    pendente: true,
  });
}

/** One request of a route: path parameters, and a JSON or multipart body. */
interface Call {
  params?: Record<string, string | number>;
  body?: Record<string, unknown>;
  multipart?: () => { payload: Buffer; headers: Record<string, string> };
}

type Scenario = (w: World, t: TestApp) => Promise<Call>;

/** `POST` as the owner through the API; answers the JSON. */
async function asOwner(t: TestApp, w: World, method: 'POST', url: string, payload: object) {
  const res = await t.app.inject({ method, url, payload, headers: w.auth.owner });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, { id: number }>;
}

/**
 * The record each route names, held by the owner (or by the owner's care
 * session), and a valid body where the route reads one: every route whose
 * access names a record must have one here.
 */
const SCENARIOS: Record<string, Scenario> = {
  'PATCH /api/home/glicose/:id': async (w, t) => {
    const { glicose } = await asOwner(t, w, 'POST', '/api/home/glicose', validBody('glicose'));
    return {
      params: { id: glicose?.id ?? 0 },
      body: { index: 2, value: '110', data_afericao: '2025-03-11', time_afericao: '12:30' },
    };
  },
  'DELETE /api/device/:id': async (w, t) => {
    const res = await asOwner(t, w, 'POST', '/api/device', { firebase_token: pushSubscription().json });
    return { params: { id: res.device?.id ?? 0 } };
  },
  'GET /api/timeline/item/:id': async (w) => ({
    params: { id: await createTimelineItem(w.db, w.userId.owner) },
  }),
  'DELETE /api/timeline/item/:id': async (w) => ({
    params: { id: await createTimelineItem(w.db, w.userId.owner) },
  }),
  'PUT /api/timeline/item/:id': async (w) => ({
    params: { id: await createTimelineItem(w.db, w.userId.owner) },
    body: { data: '2026-10-02', valor: null, medico_id: null, medico_name: null, descricao: 'Retorno' },
  }),
  'POST /api/timeline/item/anexo': async (w) => {
    const id = await createTimelineItem(w.db, w.userId.owner);
    return {
      multipart: () =>
        multipart({ timeline_item_id: id }, [
          { field: 'anexo', filename: 'exame.pdf', type: 'application/pdf', bytes: pdf() },
        ]),
    };
  },
  'DELETE /api/timeline/item/anexo/:id': async (w, t) => {
    const id = await createTimelineItem(w.db, w.userId.owner);
    const body = multipart({ timeline_item_id: id }, [
      { field: 'anexo', filename: 'exame.pdf', type: 'application/pdf', bytes: pdf() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/timeline/item/anexo',
      payload: body.payload,
      headers: { ...body.headers, ...w.auth.owner },
    });
    if (res.statusCode !== 201) throw new Error(`anexo: ${res.statusCode} ${res.body}`);
    return { params: { id: (res.json() as { anexo: { id: number } }).anexo.id } };
  },
  // A record another account added, waiting for the owner's approval: only the owner decides.
  'PUT /api/timeline/item/:id/aceitar': async (w) => ({ params: { id: await pendingRecord(w) } }),
  'PUT /api/timeline/item/:id/recusar': async (w) => ({ params: { id: await pendingRecord(w) } }),
  // The owner is the message's recipient (the doctor wrote it): only the recipient marks it read.
  'PUT /api/telemedicina/mensagem/:id': async (w, t) => ({
    params: { id: await insertMensagem(t, w.atendimento, 'M') },
  }),
  // The owner wrote it: only its author deletes it.
  'DELETE /api/telemedicina/mensagem/:id': async (w, t) => ({
    params: { id: await insertMensagem(t, w.atendimento, 'U') },
  }),
  'GET /api/telemedicina/atendimento/:id': async (w) => ({ params: { id: w.atendimento } }),
  'GET /api/telemedicina/atendimento/:id/mensagens': async (w) => ({ params: { id: w.atendimento } }),
  'POST /api/telemedicina/atendimento/:id/mensagem': async (w) => ({
    params: { id: w.atendimento },
    body: { type: 'T', content: 'Bom dia' },
  }),
  // A request (P) to the session doctor, from a third patient (one open session per pair).
  'PUT /api/telemedicina/atendimento/:id/aceitar': async (w) => ({ params: { id: await pedido(w) } }),
  'PUT /api/telemedicina/atendimento/:id/recusar': async (w) => ({
    params: { id: await pedido(w) },
    body: { recusado_motivo: 1, recusado_comentario: null },
  }),
  'PUT /api/medico/atendimento/:id/encerrar': async (w) => ({ params: { id: w.atendimento } }),
  'PUT /api/medico/bloqueio/:userId': async (w) => ({
    params: { userId: w.userId.owner },
    body: { bloqueado: true },
  }),
  'PUT /api/medico/status': async () => ({ body: { status: 1 } }),
  // The owner lets anyone read the timeline: every caller may page it.
  'GET /api/code/:code/timeline/:offset': async (w) => {
    await w.db
      .update(users)
      .set({ permissoes_saude: 4, permissoes_timeline: true })
      .where(eq(users.id, w.userId.owner));
    return {};
  },
  // The owner's ready ZIP (docs/data-export.md "Download"): only the owner downloads it.
  'GET /api/exportacao/:id/arquivo': async (w, t) => {
    const key = `exportacoes/matriz${randomBytes(8).toString('hex')}.zip`;
    await t.app.ctx.storage.put(key, Buffer.from('PK'));
    const [row] = await w.db
      .insert(data_exports)
      .values({
        user_id: w.userId.owner,
        status: 'pronto',
        file_key: key,
        bytes: 2,
        ready_at: new Date(),
        expires_at: new Date(Date.now() + 3600_000),
      })
      .returning({ id: data_exports.id });
    return { params: { id: row?.id ?? 0 } };
  },
  // Never clears or moves the support pseudo-doctor: later worlds have none.
  'PUT /api/admin/medicos/:id/suporte': async (w) => ({ params: { id: w.medicoId }, body: { ativo: false } }),
  // A refused body: the accounts stay open for the callers after this one.
  'PUT /api/settings/account/closed': async () => ({ body: { is_active: true } }),
  'POST /api/settings/excluir': async () => ({
    body: { password: 'matriz-de-acesso-senha-longa', confirmacao: 'nao' },
  }),
  'PUT /api/settings/password': async () => ({
    body: {
      password_current: 'nao-e-a-senha-certa',
      password: 'outra-senha-bem-longa',
      password_confirmation: 'outra-senha-bem-longa',
    },
  }),
};

/** A stand-in for a path parameter no scenario sets: the owner's code, or a value naming nothing. */
function defaultParam(name: string, w: World): string {
  switch (name) {
    case 'code':
      return w.ownerCode;
    case 'offset':
      return '0';
    case 'medico':
      return 'all';
    case 'search':
    case 'text':
      return 'ana';
    case 'slug':
      return 'termos';
    case 'token':
    case 'signature':
    case 'file':
      return `forjado${'x'.repeat(40)}`;
    case 'expires':
      return String(Math.floor(Date.now() / 1000) + 600);
    default:
      return '999999';
  }
}

const t = await createTestApp();
afterAll(() => t.close());

/** The routes to try: one per method and path, HEAD (Fastify's shadow of GET) and the SPA's files left out. */
const routes = t.app.routeTable
  .flatMap((r: RouteOptions) =>
    [r.method]
      .flat()
      .filter((m) => m !== 'HEAD')
      .map((method) => ({ method, url: r.url ?? '', access: r.config?.access as RouteAccess | undefined })),
  )
  .filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/dev/') || /^\/code(\/|$)/.test(r.url))
  .filter((r) => !r.url.startsWith('/api/docs'));

describe('the authorisation matrix', () => {
  it('covers every route, each with a declaration', () => {
    expect(routes.length).toBeGreaterThan(150);
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const named = routes.filter((r) => r.access && NAMES_A_RECORD.has(r.access));
    const missing = named.map((r) => `${r.method} ${r.url}`).filter((key) => !SCENARIOS[key]);
    expect(missing, 'routes that name a record need a scenario holding one').toEqual([]);
  });

  it.each(routes)(
    '$method $url answers as its access ($access) declares',
    async ({ method, url, access }) => {
      if (!access) throw new Error('no access declaration');
      const w = await buildWorld(t);
      const call = (await SCENARIOS[`${method} ${url}`]?.(w, t)) ?? {};
      const path = url.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent(String(call.params?.[name] ?? defaultParam(name, w))),
      );
      const wrong: string[] = [];
      // The owner last: a refused caller must change nothing the owner's call then relies on.
      for (const caller of [...CALLERS.filter((c) => c !== 'owner'), 'owner' as const]) {
        const body = call.multipart?.();
        const res = await t.app.inject({
          method: method as 'GET',
          url: path,
          headers: { ...(body?.headers ?? {}), ...w.auth[caller] },
          ...(body ? { payload: body.payload } : call.body ? { payload: call.body } : {}),
          ...(!body && !call.body && method !== 'GET' && method !== 'DELETE' ? { payload: {} } : {}),
        });
        const outcome = expected(access, caller);
        if (!matches(res.statusCode, outcome, access)) {
          wrong.push(`${caller}: expected ${outcome}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
