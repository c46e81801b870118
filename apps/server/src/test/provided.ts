/** What test/global-setup.ts hands to the test files (Vitest's `provide` / `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite data directory image (api-pglite). */
    pgliteImage: string;
    /** A migrated, seeded PostgreSQL database each test file's database is copied from (api-postgres). */
    postgresTemplate: string;
  }
}

export {};
