import { vi } from 'vitest';

/**
 * Setup file of the API test projects (vitest.config.ts): passwords are
 * hashed with argon2id at 1 MiB and one pass instead of the production
 * 19 MiB and two (modules/auth/auth.service.ts). Each API test registers
 * several accounts; at ~35 ms a hash on the 2-core CI machines that was
 * minutes of every run. The hashes stay argon2id and `verify` reads the
 * parameters from the hash, so sign-in works the same. The production
 * parameters are checked in auth.hashing.test.ts, which runs without this.
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: import('@node-rs/argon2').Options) =>
      argon2.hash(password, { ...options, memoryCost: 1024, timeCost: 1 }),
  };
});
