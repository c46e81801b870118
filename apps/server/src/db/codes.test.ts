import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient, createVirginCodes } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { takenCodes } from './codes.ts';
import { replaced_codes } from './schema/index.ts';

// docs/codes.md "Personal code", "A lost sticker": which codes may not be handed out again.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('takenCodes', () => {
  it("names an account's code, a sticker's and a replaced one, and leaves a free code out", async () => {
    const ana = await createPatient(t.app);
    const bruno = await createPatient(t.app);
    await createVirginCodes(t, ['111AA111']);
    await t.database.db.insert(replaced_codes).values({ code: '222BB222', user_id: bruno.user.id });
    const taken = await takenCodes(t.database.db, [ana.user.code, '111AA111', '222BB222', '333CC333']);
    expect([...taken].sort()).toEqual([ana.user.code, '111AA111', '222BB222'].sort());
  });

  it('answers an empty set for no candidates', async () => {
    expect(await takenCodes(t.database.db, [])).toEqual(new Set());
  });
});
