import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { copyDbTemplate } from './db-template.ts';
import { acquireDataDirLock } from './lock.ts';
import { CODE_ALERTS_JOB_MS, runCodeAlerts } from './modules/alertas/index.ts';
import { forgetIdleLoginFailures } from './modules/auth/login-throttle.ts';
import { EXPORTACAO_JOB_MS, runExportJob } from './modules/exportacao/index.ts';
import { RENEWAL_JOB_MS, renewDueSubscriptions } from './modules/planos/renewal.ts';
import { runErasure } from './modules/settings/index.ts';
import { endIdleAtendimentos } from './modules/telemedicina/inactivity.ts';
import { createScheduler, withStartupLock } from './platform/jobs.ts';
import { createMailer } from './platform/mail.ts';
import { createPaymentProvider } from './platform/payment-provider.ts';
import { createPushSender } from './platform/push.ts';
import { createRealtime, realtimeRedisKey } from './platform/realtime.ts';
import { removeStaleTempFiles } from './platform/storage.ts';
import { openStorage } from './platform/storage-open.ts';
import { realtimeAccess } from './realtime-access.ts';
import { seedDemoDoctors, seedSupportDoctor } from './seed/medicos.ts';
import { seedDemoCoupons } from './seed/pagamentos.ts';
import { seedReferenceData } from './seed/seed.ts';

/**
 * With `DATABASE_URL`, several nodes may share `DATA_DIR/files`: only `.tmp`
 * files untouched this long are a stopped process's leftovers.
 */
const SHARED_TEMP_FILE_AGE_MS = 15 * 60_000;

/** How often idle care sessions are looked for (docs/api/telemedicina.md "Ending a session and inactivity"). */
const INACTIVITY_JOB_MS = 60_000;
/** How often sign-in failures idle for a day are deleted (docs/auth-security.md "Login throttle"). */
const LOGIN_FAILURES_JOB_MS = 3600_000;
/** How often deleted accounts past their 7 days are erased (docs/account-deletion.md "The job"). */
const ERASURE_JOB_MS = 3600_000;

/**
 * `npm start`: reads the environment, creates `DATA_DIR`, takes the
 * data-directory lock when running on PGlite, removes the half-written
 * uploads a killed process left (docs/operations-and-faults.md), copies the build's database into a fresh
 * embedded `DATA_DIR` (db-template.ts), migrates, seeds reference data and the support
 * pseudo-doctor (and the demo doctors when `SEED_DEMO` is on) — on
 * PostgreSQL under a startup lock, one node at a time — then serves
 * and starts the scheduled jobs (with `DATABASE_URL`, one node at a time runs
 * them; `platform/jobs.ts`). With `REDIS_URL` realtime events fan out to every
 * node through the Socket.IO Redis adapter. SIGTERM and SIGINT stop the jobs,
 * then close the server gracefully (in-flight requests finish first).
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // With DATABASE_URL the data directory holds only files and generated keys; it may not exist yet.
  mkdirSync(config.dataDir, { recursive: true });
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const filesDir = path.join(config.dataDir, 'files');
  // Half-written uploads of a killed process (docs/operations-and-faults.md "Start-up clean-up"): all
  // of them under the embedded server's lock; with DATABASE_URL another node may be writing right now.
  const leftovers = await removeStaleTempFiles(filesDir, config.databaseUrl ? SHARED_TEMP_FILE_AGE_MS : 0);
  if (leftovers > 0)
    console.warn(`Removed ${leftovers} half-written upload(s) (*.tmp) left by a stopped process.`);
  const pgliteDir = path.join(config.dataDir, 'db');
  // A fresh embedded database starts as a copy of the build's, already migrated and seeded (db-template.ts).
  if (!config.databaseUrl) await copyDbTemplate(pgliteDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  // Nodes starting together on one PostgreSQL database migrate and seed one at a time.
  await withStartupLock(config.databaseUrl, async () => {
    await database.migrate();
    await seedReferenceData(database.db);
    const support = await seedSupportDoctor(database.db, config.suporteEmail);
    if (support === 'email-taken') {
      console.warn(
        `The support pseudo-doctor's e-mail was not set: ${config.suporteEmail} (SUPORTE_EMAIL) belongs to another account.`,
      );
    }
    if (config.seedDemo) {
      await seedDemoDoctors(database.db);
      await seedDemoCoupons(database.db);
    }
  });

  const app = await buildApp({
    config,
    database,
    storage: await openStorage(config, { writeDelayMs: config.testDelays.storageWriteMs }),
    mailer: createMailer(config),
    push: await createPushSender(config, database),
    payments: await createPaymentProvider(config, database.db),
    realtime: createRealtime({
      access: realtimeAccess(database.db),
      redis: config.redisUrl ? { url: config.redisUrl, key: await realtimeRedisKey(database) } : undefined,
    }),
  });
  const scheduler = createScheduler({
    databaseUrl: config.databaseUrl,
    log: app.log,
    onRun: (job, outcome) => app.metrics.jobRuns.inc({ job, outcome }),
    jobs: [
      {
        name: 'atendimentos-inativos',
        everyMs: INACTIVITY_JOB_MS,
        runAtStart: true,
        run: () => endIdleAtendimentos(app.ctx, app.log),
      },
      {
        name: 'renovacao-planos',
        everyMs: RENEWAL_JOB_MS,
        runAtStart: true,
        run: async () => {
          await renewDueSubscriptions(app.ctx, app.log);
        },
      },
      {
        name: 'code-alerts',
        everyMs: CODE_ALERTS_JOB_MS,
        // At start: openings made while every node was down are told now, and a new installation sets its cursor.
        runAtStart: true,
        run: () => runCodeAlerts(app.ctx, app.log),
      },
      {
        name: 'login-failures-idle',
        everyMs: LOGIN_FAILURES_JOB_MS,
        run: () => forgetIdleLoginFailures(database.db),
      },
      {
        // docs/data-export.md "The job": makes the pending ZIPs, deletes the expired ones.
        name: 'exportacao-dados',
        everyMs: EXPORTACAO_JOB_MS,
        runAtStart: true,
        run: () => runExportJob(app.ctx, app.log),
      },
      {
        name: 'exclusao-contas',
        everyMs: ERASURE_JOB_MS,
        runAtStart: true,
        run: () => runErasure(app.ctx, app.log),
      },
    ],
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The readiness probe answers 503 from now on (docs/operations-and-faults.md "Probes").
    app.draining = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await scheduler.stop();
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  scheduler.start();
  app.log.info(
    { origin: config.publicOrigin, database: database.kind, dataDir: config.dataDir },
    `Pulso em ${config.publicOrigin}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
