import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword } from './auth.service.ts';

describe('hashPassword', () => {
  it('hashes with argon2id at 19 MiB and two passes (OWASP’s minimum), salted', async () => {
    const first = await hashPassword('uma senha bem comprida');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('uma senha bem comprida')).not.toBe(first);
    expect(await verify(first, 'uma senha bem comprida')).toBe(true);
    expect(await verify(first, 'outra senha')).toBe(false);
  });
});
