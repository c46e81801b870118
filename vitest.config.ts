import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for every unit and API test. API tests run on PGlite, and
 * also on PostgreSQL when DATABASE_URL is set (CI sets it; see .ci/run).
 * `*.postgres.test.ts` files (several API nodes on one shared database,
 * PostgreSQL and Redis; the PostgreSQL fault tests) run in api-postgres only,
 * `*.pglite.test.ts` files (the embedded fault suite) in api-pglite only.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
if (process.env.CI && !onPostgres) {
  throw new Error('CI must run the API tests on PostgreSQL: set DATABASE_URL (see .ci/run).');
}
// Tests that need Redis fall back to redis://127.0.0.1:6379 on a workstation; CI must say which one.
if (process.env.CI && !process.env.REDIS_URL) {
  throw new Error('CI must run the multi-node tests on Redis: set REDIS_URL (see .ci/run).');
}
const POSTGRES_ONLY = 'apps/server/src/**/*.postgres.test.ts';
/**
 * What the two API projects share. Each file builds its own app on its own
 * database (test/harness.ts), copied from one migrated and seeded at the
 * start (test/global-setup.ts) instead of migrating and seeding per file.
 * A worker imports the server once for all its files (`isolate: false`):
 * re-importing it per file cost 1.5–2 s a file, 219 of api-pglite's 612 s
 * (docs/testing.md "Speed"). So no file may rely on a fresh module graph:
 * no `vi.mock` of a module (pass the dependency in instead, as
 * `drawFreeCode`'s `draw`), and each file closes what it opened.
 */
const API_PROJECT = {
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  isolate: false,
};

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker per core but one; on the 2-core machines that is one
    // file at a time. The API tests mostly wait on PostgreSQL, sockets and child processes: two
    // workers took the suite from 947 s to 592 s here.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'code-page',
          include: ['packages/code-page/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [POSTGRES_ONLY],
          env: { PULSO_TEST_DB: 'pglite' },
          ...API_PROJECT,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                // Engine-independent: process, configuration and lock tests, and the embedded fault
                // suite (`*.pglite.test.ts`), run once, in api-pglite; the multi-node ones
                // (POSTGRES_ONLY) run here only.
                exclude: [
                  'apps/server/src/{main,config,lock}.test.ts',
                  'apps/server/src/**/*.pglite.test.ts',
                ],
                env: { PULSO_TEST_DB: 'postgres' },
                ...API_PROJECT,
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // A form test types into a dozen fields through jsdom: 5 s (the default) was passed on a busy machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
