import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PREPARED,
  MAX_PREPARED_PARAMS,
  PLANNED_EACH_RUN,
  sqlLiteral,
  withPreparedStatements,
} from './pglite-prepared.ts';

describe('sqlLiteral (docs/performance.md "Prepared statements on PGlite")', () => {
  it('writes NULL for null and undefined, and every other value quoted with its quotes doubled', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral('')).toBe("''");
    expect(sqlLiteral("d'Ávila")).toBe("'d''Ávila'");
    expect(sqlLiteral("''")).toBe("''''''");
    expect(sqlLiteral('a\\')).toBe("'a\\'");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(-1.5)).toBe("'-1.5'");
    expect(sqlLiteral(9007199254740993n)).toBe("'9007199254740993'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral(false)).toBe("'false'");
  });
});

describe('withPreparedStatements (docs/performance.md "Prepared statements on PGlite")', () => {
  let raw: PGlite;
  let db: PGlite;
  const preparedTexts = async () =>
    (
      await raw.query<{ statement: string }>('select statement from pg_prepared_statements order by name')
    ).rows.map((row) => row.statement);

  beforeAll(async () => {
    raw = await PGlite.create({
      startParams: [...PGlite.defaultStartParams, '-c', 'standard_conforming_strings=on'],
    });
    db = withPreparedStatements(raw);
    await raw.exec(`create table pessoa (id serial primary key, nome text not null unique, peso numeric,
      ativo boolean not null default true, foto bytea)`);
  });
  afterAll(() => raw.close());

  it('prepares a text on its second run and answers the same rows every time', async () => {
    const text = 'select $1::int + 1 as n, $2::text as t';
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push((await db.query(text, [i, `run ${i}`])).rows);
    expect(runs).toEqual([[{ n: 1, t: 'run 0' }], [{ n: 2, t: 'run 1' }], [{ n: 3, t: 'run 2' }]]);
    expect((await preparedTexts()).filter((s) => s.includes(text))).toHaveLength(1);
  });

  it('gives back every string exactly, whatever its quotes, backslashes, dollars and letters', async () => {
    const text = 'select $1::text as v, length($1::text) as n';
    const strings = [
      "'",
      "''",
      "'; drop table pessoa; --",
      '\\',
      "\\'",
      "E'\\x41'",
      '$$',
      '$1',
      'São João d’Ávila — 血型 🩸',
      ' ',
      '',
      'a'.repeat(10_000),
      '\n\r\t',
    ];
    for (const value of [...strings, ...strings]) {
      const { rows } = await db.query<{ v: string; n: number }>(text, [value]);
      expect(rows).toEqual([{ v: value, n: [...value].length }]);
    }
    expect((await raw.query('select count(*)::int as n from pessoa')).rows).toEqual([{ n: 0 }]);
  });

  it('writes numbers, booleans and nulls as the statement’s types, and counts the rows it changed', async () => {
    const insert = 'insert into pessoa (nome, peso, ativo) values ($1, $2, $3) returning id, peso, ativo';
    const first = await db.query(insert, ['Ana', 61.5, false]);
    const second = await db.query(insert, ['Bia', null, true]);
    expect(first.rows).toEqual([{ id: 1, peso: '61.5', ativo: false }]);
    expect(second.rows).toEqual([{ id: 2, peso: null, ativo: true }]);
    const update = 'update pessoa set ativo = $1 where id > $2';
    await db.query(update, [true, 0]);
    expect((await db.query(update, [false, 1])).affectedRows).toBe(1);
  });

  it('raises the database’s error from a prepared statement, code included', async () => {
    const insert = 'insert into pessoa (nome) values ($1)';
    await db.query(insert, ['Caio']);
    await db.query(insert, ['Duda']);
    await expect(db.query(insert, ['Caio'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('select nada from pessoa', [])).rejects.toMatchObject({ code: '42703' });
    await expect(db.query('select nada from pessoa', [])).rejects.toMatchObject({ code: '42703' });
  });

  it('keeps byte arrays on the ordinary path', async () => {
    const text = 'update pessoa set foto = $1 where nome = $2';
    for (let i = 0; i < 3; i++) await db.query(text, [new Uint8Array([0, 39, 92, i]), 'Ana']);
    const { rows } = await db.query<{ foto: Uint8Array }>("select foto from pessoa where nome = 'Ana'");
    expect([...(rows[0]?.foto ?? [])]).toEqual([0, 39, 92, 2]);
    expect((await preparedTexts()).some((s) => s.includes(text))).toBe(false);
  });

  it('keeps bulk writes and statements PREPARE refuses on the ordinary path', async () => {
    const many = Array.from({ length: MAX_PREPARED_PARAMS + 1 }, (_, i) => `$${i + 1}::int`).join(' + ');
    const values = Array.from({ length: MAX_PREPARED_PARAMS + 1 }, () => 1);
    for (let i = 0; i < 2; i++)
      expect((await db.query(`select ${many} as n`, values)).rows).toEqual([{ n: 65 }]);
    for (let i = 0; i < 3; i++) await db.query('create table if not exists vazia (id int)');
    const texts = await preparedTexts();
    expect(texts.some((s) => s.includes(many) || s.includes('vazia'))).toBe(false);
  });

  it('keeps texts marked PLANNED_EACH_RUN on the ordinary path', async () => {
    const text = `${PLANNED_EACH_RUN} select nome from pessoa where nome like $1`;
    for (let i = 0; i < 3; i++) expect((await db.query(text, ['%zz%'])).rows).toEqual([]);
    expect((await preparedTexts()).some((s) => s.includes('planned each run'))).toBe(false);
  });

  it('prepares again when a table changes under a prepared select', async () => {
    const text = 'select * from pessoa where id = $1';
    await db.query(text, [1]);
    await db.query(text, [1]);
    await raw.exec('alter table pessoa add column apelido text');
    await raw.exec("update pessoa set apelido = 'Aninha' where id = 1");
    const { rows } = await db.query<{ apelido: string }>(text, [1]);
    expect(rows[0]?.apelido).toBe('Aninha');
  });

  it('leaves the queries of a transaction alone and sees what they wrote', async () => {
    const count = "select count(*)::int as n from pessoa where nome like 'Tx%'";
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.query('insert into pessoa (nome) values ($1)', [`Tx ${i}`]);
    });
    await db.query(count);
    expect((await db.query(count)).rows).toEqual([{ n: 3 }]);
  });

  it(`prepares at most ${MAX_PREPARED} texts, the rest answering on the ordinary path`, async () => {
    const before = (await preparedTexts()).length;
    for (let i = 0; i < MAX_PREPARED + 5; i++) {
      const text = `select ${i} + $1::int as n`;
      await db.query(text, [1]);
      expect((await db.query(text, [1])).rows).toEqual([{ n: i + 1 }]);
    }
    expect(before).toBeLessThan(MAX_PREPARED);
    expect(await preparedTexts()).toHaveLength(MAX_PREPARED);
  });
});
