import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PATIENTS } from './patients.ts';

/**
 * Creates {@link PATIENTS} in the server's database before the server starts
 * (playwright.config.ts `webServer.command`, after the doctors): each one
 * registered through the server's own registration service, its e-mail
 * verified, and its account dated two months back, so the server itself
 * finds its free month over (docs/accounts.md "Trial and locked accounts":
 * `trialEnded` is computed from the account's age). Runs on the embedded
 * database through the tools' `withCliDatabase`, which needs the data
 * directory unlocked. Exits 1 with the reason on stderr when a patient
 * cannot be made.
 */

const SERVER = path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'src');
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(SERVER, file)).href)) as T;

// Imported by address, not by name: the server's sources are not part of the e2e TypeScript project.
const { loadConfig } = await load<{ loadConfig: (env: NodeJS.ProcessEnv) => unknown }>('config.ts');
const { withCliDatabase } = await load<{
  withCliDatabase: <T>(config: unknown, work: (database: { db: unknown }) => Promise<T>) => Promise<T>;
}>('cli/cli-database.ts');
const { seedReferenceData } = await load<{ seedReferenceData: (db: unknown) => Promise<void> }>(
  'seed/seed.ts',
);
const { registerPatient } = await load<{
  registerPatient: (db: unknown, input: unknown) => Promise<{ userId: number }>;
}>('modules/auth/registration.ts');
const { RegisterSchema } = await import('@pulso/domain');
const { users } = await load<{ users: unknown }>('db/schema/index.ts');
const { eq } = await import('drizzle-orm');

type UpdatableDb = {
  update: (table: unknown) => { set: (values: object) => { where: (cond: unknown) => Promise<unknown> } };
};

try {
  await withCliDatabase(loadConfig(process.env), async ({ db }) => {
    await seedReferenceData(db);
    const twoMonthsAgo = new Date();
    twoMonthsAgo.setUTCMonth(twoMonthsAgo.getUTCMonth() - 2);
    for (const patient of Object.values(PATIENTS)) {
      const input = RegisterSchema.parse({
        ...patient,
        telefone: '11987654321',
        password_confirmation: patient.password,
        terms: true,
      });
      const { userId } = await registerPatient(db, input);
      await (db as UpdatableDb)
        .update(users)
        .set({ created_at: twoMonthsAgo, email_verified_at: twoMonthsAgo })
        .where(eq((users as { id: never }).id, userId));
    }
  });
} catch (error) {
  console.error(`create-patients: ${(error as Error).message}`);
  process.exit(1);
}
