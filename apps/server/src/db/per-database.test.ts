import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { perDatabase } from './per-database.ts';

describe('perDatabase', () => {
  const first = {} as Db;
  const second = {} as Db;

  it('builds once per database and answers that build on every later call', () => {
    let builds = 0;
    const statement = perDatabase((db) => ({ db, n: ++builds }));
    expect(statement(first)).toBe(statement(first));
    expect(statement(second)).not.toBe(statement(first));
    expect([statement(first).db, statement(second).db, builds]).toEqual([first, second, 2]);
  });

  it('keeps no failed build: the next call builds again', () => {
    let calls = 0;
    const statement = perDatabase(() => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return calls;
    });
    expect(() => statement(first)).toThrow('database gone');
    expect([statement(first), statement(first)]).toEqual([2, 2]);
  });
});
