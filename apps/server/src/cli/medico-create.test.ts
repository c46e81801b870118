import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { passwordProblem } from '@pulso/domain/password-strength';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import {
  clinicas,
  especialidades,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  users,
} from '../db/schema/index.ts';
import { LOCK_FILE } from '../lock.ts';
import { createMailer } from '../platform/mail.ts';
import { createPaymentProvider } from '../platform/payment-provider.ts';
import { createPushSender } from '../platform/push.ts';
import { createRealtime } from '../platform/realtime.ts';
import { diskStorage } from '../platform/storage.ts';
import { realtimeAccess } from '../realtime-access.ts';
import { createPatient } from '../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness.ts';
import { CLI_ORIGIN, runInProcess, spawnCli, useDataDir } from '../test/run-cli.ts';
import { runMedicoCreate } from './medico-create.ts';

/** The tool's file, run as its own process where the entry point matters (test/run-cli.ts). */
const CLI = path.join(import.meta.dirname, 'medico-create.ts');
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulso-cli-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// PostgreSQL: a fresh database of the test harness (DATABASE_URL). PGlite: a fresh DATA_DIR per test.
let pg: TestApp | null = null;
beforeAll(async () => {
  if (TEST_ENGINE === 'postgres') pg = await createTestApp();
});
afterAll(async () => {
  await pg?.close();
});

/** Runs the tool in this process (test/run-cli.ts). */
const tool = (args: string[], env: Record<string, string>) => runInProcess(runMedicoCreate, args, env);

/** Where the tool writes: `DATA_DIR` (PGlite under it) or, on PostgreSQL, also `DATABASE_URL`. */
function target(): { env: Record<string, string>; dataDir: string } {
  const dataDir = tempDir();
  return {
    dataDir,
    env: { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.config.databaseUrl as string } : {}) },
  };
}

/** {@link target} on a data directory the server has already used (test/run-cli.ts `useDataDir`). */
async function usedTarget(): Promise<{ env: Record<string, string>; dataDir: string }> {
  const found = target();
  await useDataDir(found.dataDir);
  return found;
}

/**
 * Opens what the tool wrote to, after it exited, with the real app on it (as
 * `npm start` would serve it) for sign-in checks.
 */
async function inspect<T>(dataDir: string, read: (db: Db, app: FastifyInstance) => Promise<T>): Promise<T> {
  if (pg) return read(pg.database.db, pg.app);
  const database: Database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  // A no-op after the tool ran; a fresh directory gets the schema.
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp({
    config,
    database,
    storage: diskStorage(path.join(dataDir, 'files')),
    mailer: createMailer(config),
    push: await createPushSender(config, database),
    payments: await createPaymentProvider(config, database.db),
    realtime: createRealtime({ access: realtimeAccess(database.db) }),
  });
  try {
    return await read(database.db, app);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Signs in through `POST /api/login` and opens the doctor area's guard, `GET /api/medico/me`. */
async function signIn(app: FastifyInstance, email: string, password: string) {
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (login.statusCode !== 200) return { login: login.statusCode, me: null };
  const me = await app.inject({
    url: '/api/medico/me',
    headers: { authorization: `Bearer ${login.json().token}` },
  });
  return {
    login: login.statusCode,
    me: me.json() as { medico: { id: number; name: string; suporte: boolean } },
  };
}

/** The doctor of `email` with its CRMs, specialties and clinics. */
async function doctorOf(db: Db, email: string) {
  const [row] = await db
    .select({
      user_id: users.id,
      name: users.name,
      email_verified_at: users.email_verified_at,
      user_cidade: users.cidade_id,
      medico_id: medicos.id,
      busca: medicos.busca,
      status: medicos.status,
      suporte: medicos.suporte,
      cidade_id: medicos.cidade_id,
      verified_at: medicos.verified_at,
    })
    .from(users)
    .innerJoin(medicos, eq(medicos.user_id, users.id))
    .where(eq(users.email, email));
  if (!row) return null;
  const crms = await db
    .select({ numero: medico_crms.numero, uf: medico_crms.uf })
    .from(medico_crms)
    .where(eq(medico_crms.medico_id, row.medico_id))
    .orderBy(asc(medico_crms.id));
  const specs = await db
    .select({ nome: especialidades.nome })
    .from(medico_especialidades)
    .innerJoin(especialidades, eq(especialidades.id, medico_especialidades.especialidade_id))
    .where(eq(medico_especialidades.medico_id, row.medico_id));
  const clinics = await db
    .select({ nome: clinicas.nome, cidade_id: clinicas.cidade_id })
    .from(medico_clinicas)
    .innerJoin(clinicas, eq(clinicas.id, medico_clinicas.clinica_id))
    .where(eq(medico_clinicas.medico_id, row.medico_id));
  return {
    ...row,
    crms,
    especialidades: specs.map((s) => s.nome).sort(),
    clinicas: clinics.sort((a, b) => a.nome.localeCompare(b.nome)),
  };
}

describe(`npm run medico:create (${TEST_ENGINE})`, () => {
  it('creates a doctor who signs in to the doctor area, then refuses its e-mail and its CRM again', async () => {
    const { dataDir, env } = target();
    const email = `helena.prado.${Date.now()}@exemplo.com.br`;
    const run = await spawnCli(
      CLI,
      [
        '--name',
        '  Helena   Prado  ',
        '--email',
        email.toUpperCase(),
        '--password',
        'senha-do-medico-1',
        '--crm',
        '123456/sp',
        '--crm',
        'CRM 7788-RJ',
        '--especialidade',
        'cardiologia',
        '--especialidade',
        'Clínica Médica',
        '--cidade',
        '3550308',
        '--clinica',
        'Clínica Coração Paulista',
        '--clinica',
        'Hospital Vila Nova',
      ],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^Médico \\d+ criado: Helena Prado <${email.replace(/\./g, '\\.')}>$`),
    );
    expect(lines.slice(1)).toEqual([
      'CRM: CRM/SP 123456, CRM/RJ 7788',
      'Especialidades: Cardiologia, Clínica Médica',
      'Cidade: São Paulo - SP',
      'Clínicas: Clínica Coração Paulista, Hospital Vila Nova',
      `Acesso em ${CLI_ORIGIN}/medico com o e-mail ${email} e a senha informada.`,
    ]);
    // The lock was released: the server (or the next tool) may start.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const emailAgain = await tool(
      ['--name', 'Outra Pessoa', '--email', email, '--password', 'girassol-amarelo-1', '--crm', '999/SP'],
      env,
    );
    expect(emailAgain.code).toBe(1);
    expect(emailAgain.stderr).toContain(`Erro: já existe uma conta com o e-mail ${email}.`);
    const crmAgain = await tool(
      [
        '--name',
        'Outra Pessoa',
        '--email',
        `x.${email}`,
        '--password',
        'girassol-amarelo-1',
        '--crm',
        '0123456/SP',
      ],
      env,
    );
    expect(crmAgain.code).toBe(1);
    expect(crmAgain.stderr).toContain('Erro: o CRM/SP 123456 já está cadastrado para outro médico.');
    expect(crmAgain.stdout).toBe('');

    await inspect(dataDir, async (db, app) => {
      const doctor = await doctorOf(db, email);
      expect(doctor).toMatchObject({
        name: 'Helena Prado',
        user_cidade: 3550308,
        busca: 'helena prado',
        status: 0,
        suporte: false,
        cidade_id: 3550308,
        crms: [
          { numero: '123456', uf: 'SP' },
          { numero: '7788', uf: 'RJ' },
        ],
        especialidades: ['Cardiologia', 'Clínica Médica'],
        clinicas: [
          { nome: 'Clínica Coração Paulista', cidade_id: 3550308 },
          { nome: 'Hospital Vila Nova', cidade_id: 3550308 },
        ],
      });
      expect(doctor?.email_verified_at).toBeInstanceOf(Date);
      expect(doctor?.verified_at).toBeInstanceOf(Date);
      expect(lines[0]).toContain(`Médico ${doctor?.medico_id} criado`);
      // Neither refused run left anything behind.
      const [accounts] = await db.select({ n: count() }).from(users).where(eq(users.name, 'Outra Pessoa'));
      expect(accounts?.n).toBe(0);

      const signedIn = await signIn(app, email, 'senha-do-medico-1');
      expect(signedIn.login).toBe(200);
      expect(signedIn.me?.medico).toMatchObject({
        id: doctor?.medico_id,
        name: 'Helena Prado',
        suporte: false,
      });
      expect((await signIn(app, email, 'senha-errada-1')).login).toBe(422);
    });
  }, 120_000);

  it('creates a support doctor without a CRM, available at once', async () => {
    const { dataDir, env } = await usedTarget();
    const email = `suporte.${Date.now()}@pulso.example`;
    const run = await tool(
      ['--name', 'Equipe de Suporte', '--email', email, '--password', 'plantao-de-domingo-1', '--suporte'],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^Médico \d+ criado: Equipe de Suporte <.+> — suporte$/);
    await inspect(dataDir, async (db, app) => {
      expect(await doctorOf(db, email)).toMatchObject({
        suporte: true,
        status: 2,
        cidade_id: null,
        crms: [],
        especialidades: [],
        clinicas: [],
      });
      const signedIn = await signIn(app, email, 'plantao-de-domingo-1');
      expect(signedIn.me?.medico).toMatchObject({ name: 'Equipe de Suporte', suporte: true });
    });
    // One support pseudo-doctor: a second is refused, pointing to SUPORTE_EMAIL.
    const again = await tool(
      [
        '--name',
        'Outro Suporte',
        '--email',
        `outro.${email}`,
        '--password',
        'plantao-de-domingo-2',
        '--suporte',
      ],
      env,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`o médico de suporte já existe (${email})`);
    expect(again.stderr).toContain('SUPORTE_EMAIL');
  }, 120_000);

  it('refuses an e-mail that already has a patient account, whatever its case', async () => {
    const { dataDir, env } = await usedTarget();
    let patientEmail = `paciente.${Date.now()}@exemplo.com.br`;
    if (pg) {
      const p = await createPatient(pg.app, { email: patientEmail });
      patientEmail = p.user.email;
    } else {
      // The patient registers on the embedded database first (the server is stopped afterwards).
      await inspect(dataDir, async (_db, app) => {
        await createPatient(app, { email: patientEmail });
      });
    }
    const run = await tool(
      [
        '--name',
        'Paciente Médico',
        '--email',
        patientEmail.toUpperCase(),
        '--password',
        'senha-1234',
        '--crm',
        '4455/MG',
      ],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Erro: já existe uma conta com o e-mail ${patientEmail}.`);
    await inspect(dataDir, async (db) => {
      expect(await doctorOf(db, patientEmail)).toBeNull();
      const [crm] = await db.select().from(medico_crms).where(eq(medico_crms.numero, '4455'));
      expect(crm).toBeUndefined();
    });
  }, 120_000);

  it('refuses wrong options before touching the database (exit 2), unknown names after (exit 1)', async () => {
    const { dataDir, env } = target();
    const usage = await tool(['--email', 'sem-arroba', '--password', 'curta', '--crm', '12/XX'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--name: Informe o seu nome e sobrenome.');
    expect(usage.stderr).toContain('--email: Informe um e-mail válido.');
    expect(usage.stderr).toContain('--password: A senha deve ter no mínimo 8 caracteres.');
    const weak = await tool(
      [
        '--name',
        'Nome Qualquer',
        '--email',
        'nome.q@exemplo.com.br',
        '--password',
        'aaaaaaaa',
        '--crm',
        '1/SP',
      ],
      env,
    );
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain(`--password: ${passwordProblem('aaaaaaaa')}`);
    expect(usage.stderr).toContain('--crm: "12/XX" não é um CRM válido; use número/UF, ex. 123456/SP.');
    const noCrm = await tool(
      [
        '--name',
        'Sem CRM',
        '--email',
        'sem.crm@exemplo.com.br',
        '--password',
        'senha-1234',
        '--clinica',
        'X',
      ],
      env,
    );
    expect(noCrm.code).toBe(2);
    expect(noCrm.stderr).toContain('--crm: informe ao menos um CRM');
    expect(noCrm.stderr).toContain('--clinica: informe também --cidade');
    const unknownOption = await tool(['--nome', 'X'], env);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain('Opção inválida');
    // Nothing was opened: no database under DATA_DIR.
    if (!pg) expect(existsSync(path.join(dataDir, 'db'))).toBe(false);

    const base = [
      '--name',
      'Nome Qualquer',
      '--email',
      'nome.qualquer@exemplo.com.br',
      '--password',
      'senha-1234',
    ];
    const specialty = await tool(
      [...base, '--crm', '5566/BA', '--especialidade', 'Cardiologia', '--especialidade', 'Astrologia'],
      env,
    );
    expect(specialty.code).toBe(1);
    expect(specialty.stderr).toContain('Erro: especialidade desconhecida: "Astrologia"');
    const city = await tool([...base, '--crm', '5566/BA', '--cidade', '9999999'], env);
    expect(city.code).toBe(1);
    expect(city.stderr).toContain('Erro: não há município com o código IBGE 9999999.');
    await inspect(dataDir, async (db) => {
      expect(await doctorOf(db, 'nome.qualquer@exemplo.com.br')).toBeNull();
    });
  }, 120_000);
});
