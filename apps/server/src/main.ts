import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoDoctors } from './db/seed/medicos.ts';
import { seedReferenceData } from './db/seed/seed.ts';
import { acquireDataDirLock } from './lock.ts';
import { createMailer } from './platform/mail.ts';
import { createPushSender } from './platform/push.ts';
import { createRealtime } from './platform/realtime.ts';
import { diskStorage } from './platform/storage.ts';

/**
 * `npm start`: reads the environment, takes the data-directory lock when
 * running on PGlite, migrates, seeds reference data (and the demo doctors
 * when `SEED_DEMO` is on), then serves. SIGTERM and SIGINT close the server
 * gracefully (in-flight requests finish first).
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

  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  await database.migrate();
  await seedReferenceData(database.db);
  if (config.seedDemo) await seedDemoDoctors(database.db);

  const app = await buildApp({
    config,
    database,
    storage: diskStorage(path.join(config.dataDir, 'files')),
    mailer: createMailer(config),
    push: await createPushSender(config, database.db),
    realtime: createRealtime({ db: database.db }),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { origin: config.publicOrigin, database: database.kind, dataDir: config.dataDir },
    `Pulso em ${config.publicOrigin}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
