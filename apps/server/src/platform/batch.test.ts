import { describe, expect, it } from 'vitest';
import { batched } from './batch.ts';

/** A batch runner that records its batches and answers when told to. */
function recorder() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (inputs: number[]) =>
    new Promise<string[]>((resolve) => {
      batches.push(inputs);
      pending.push(() => resolve(inputs.map((input) => `r${input}`)));
    });
  return { batches, run, answerNext: () => pending.shift()?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batched', () => {
  it('sends a lone call at the end of the turn, alone', async () => {
    const r = recorder();
    const call = batched(r.run, { maxBatch: 8, maxInFlight: 2 });
    const answer = call(1);
    await tick();
    expect(r.batches).toEqual([[1]]);
    r.answerNext();
    await expect(answer).resolves.toBe('r1');
  });

  it('groups the calls of one turn, and answers each its own result', async () => {
    const r = recorder();
    const call = batched(r.run, { maxBatch: 8, maxInFlight: 2 });
    const answers = [call(1), call(2), call(3)];
    await tick();
    expect(r.batches).toEqual([[1, 2, 3]]);
    r.answerNext();
    await expect(Promise.all(answers)).resolves.toEqual(['r1', 'r2', 'r3']);
  });

  it('keeps at most maxInFlight batches out, the calls meanwhile leaving together when one comes back', async () => {
    const r = recorder();
    const call = batched(r.run, { maxBatch: 8, maxInFlight: 2 });
    const answers = [call(1)];
    await tick();
    answers.push(call(2));
    await tick();
    answers.push(call(3), call(4));
    await tick();
    expect(r.batches).toEqual([[1], [2]]);
    answers.push(call(5));
    r.answerNext();
    await tick();
    expect(r.batches).toEqual([[1], [2], [3, 4, 5]]);
    r.answerNext();
    r.answerNext();
    await expect(Promise.all(answers)).resolves.toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('cuts what waits into batches of maxBatch', async () => {
    const r = recorder();
    const call = batched(r.run, { maxBatch: 2, maxInFlight: 3 });
    const answers = [1, 2, 3, 4, 5].map((n) => call(n));
    await tick();
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
    for (let i = 0; i < 3; i++) r.answerNext();
    await expect(Promise.all(answers)).resolves.toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('fails each call of a failed batch with its error, and the next batch still goes', async () => {
    let fail = true;
    const call = batched(
      async (inputs: number[]) => {
        if (fail) throw new Error('database away');
        return inputs.map(String);
      },
      { maxBatch: 8, maxInFlight: 1 },
    );
    const failed = [call(1), call(2)];
    for (const answer of failed) await expect(answer).rejects.toThrow('database away');
    fail = false;
    await expect(call(3)).resolves.toBe('3');
  });

  it('fails the calls when the runner answers a result count other than the inputs', async () => {
    const call = batched(async () => ['only one'], { maxBatch: 8, maxInFlight: 1 });
    const answers = [call(1), call(2)];
    for (const answer of answers)
      await expect(answer).rejects.toThrow('batch answered 1 results for 2 inputs');
  });
});
