import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectUserRow } from './user.presenter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('selectUserRow', () => {
  it('reads the account with its city but never its password hash, by id or by code', async () => {
    const patient = await createPatient(t.app);
    const byId = await selectUserRow(t.database.db, { id: patient.user.id });
    const byCode = await selectUserRow(t.database.db, { code: patient.user.code });
    expect(byId?.email).toBe(patient.user.email);
    expect(byCode?.id).toBe(patient.user.id);
    expect(byId).not.toHaveProperty('password_hash');
    expect(byCode).not.toHaveProperty('password_hash');
    expect(await selectUserRow(t.database.db, { id: patient.user.id + 1_000_000 })).toBeNull();
  });
});
