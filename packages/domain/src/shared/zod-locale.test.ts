import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam } from './numbers.ts';
import { setBrazilianZodMessages, ZOD_MESSAGES } from './zod-locale.ts';

/** The first message of a failed parse. */
function message(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return result.error.issues[0]?.message;
}

/** English words and zod's own pt-BR texts that must never reach a user. */
const RAW = /esperava|recebeu|Entrada inválida|Grande demais|Pequeno demais|[<>]=|Invalid|expected|undefined/;

beforeAll(() => setBrazilianZodMessages());
afterAll(() => z.config({ localeError: undefined }));

describe('the pt-BR error map', () => {
  it('asks for a missing field and names the kind of value a wrong one should be', () => {
    const body = z.object({ nome: z.string(), n: z.number(), ok: z.boolean(), lista: z.array(z.string()) });
    expect(message(body.shape.nome, undefined)).toBe(ZOD_MESSAGES.required);
    expect(message(body.shape.nome, null)).toBe(ZOD_MESSAGES.required);
    expect(message(body.shape.nome, 1)).toBe(ZOD_MESSAGES.text);
    expect(message(body.shape.n, 'a')).toBe(ZOD_MESSAGES.number);
    expect(message(body.shape.n, Number.NaN)).toBe(ZOD_MESSAGES.number);
    expect(message(body.shape.ok, 'sim')).toBe(ZOD_MESSAGES.boolean);
    expect(message(body.shape.lista, {})).toBe(ZOD_MESSAGES.list);
    expect(message(z.object({ c: z.object({ nome: z.string() }) }), { c: {} })).toBe(ZOD_MESSAGES.required);
  });

  it('answers a whole body of the wrong kind with one message about its format', () => {
    for (const body of [null, [], 'texto', 7]) {
      expect(message(z.object({ a: z.string() }), body)).toBe(ZOD_MESSAGES.shape);
    }
  });

  it('gives number bounds in pt-BR notation, and one message past the safe integers', () => {
    expect(message(z.number().max(9_999_999_999.99), 1e11)).toBe(
      'Informe um número de até 9.999.999.999,99.',
    );
    expect(message(z.number().lt(100), 100)).toBe('Informe um número menor que 100.');
    expect(message(z.number().min(1), 0)).toBe('Informe um número a partir de 1.');
    expect(message(z.number().gt(0), 0)).toBe('Informe um número maior que 0.');
    expect(message(z.number().int(), 1e308)).toBe(ZOD_MESSAGES.tooBig);
    expect(message(z.coerce.number().int(), '99999999999999999999')).toBe(ZOD_MESSAGES.tooBig);
    expect(message(z.number().int(), 1.5)).toBe(ZOD_MESSAGES.integer);
    expect(message(idParam(), '99999999999')).toBe('Identificador inválido.');
  });

  it('counts characters and items', () => {
    expect(message(z.string().max(1), 'ab')).toBe('Use no máximo 1 caractere.');
    expect(message(z.string().max(3), 'abcd')).toBe('Use no máximo 3 caracteres.');
    expect(message(z.string().min(1), '')).toBe(ZOD_MESSAGES.required);
    expect(message(z.string().min(8), 'abc')).toBe('Use ao menos 8 caracteres.');
    expect(message(z.array(z.number()).max(2), [1, 2, 3])).toBe('Informe no máximo 2 itens.');
    expect(message(z.array(z.number()).min(1), [])).toBe('Informe ao menos 1 item.');
  });

  it('names formats, options and unexpected fields', () => {
    expect(message(z.email(), 'a@')).toBe(ZOD_MESSAGES.email);
    expect(message(z.string().regex(/^\d+$/), 'x')).toBe(ZOD_MESSAGES.format);
    expect(message(z.enum(['M', 'A']), 'X')).toBe(ZOD_MESSAGES.option);
    expect(message(z.literal('T'), 'X')).toBe(ZOD_MESSAGES.invalid);
    expect(message(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(ZOD_MESSAGES.extraFields);
    expect(
      message(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe(ZOD_MESSAGES.invalid);
    expect(message(z.union([z.string(), z.number()]), true)).toBe(ZOD_MESSAGES.invalid);
  });

  it('never answers a raw validator text', () => {
    const schemas: [z.ZodType, unknown][] = [
      [z.object({ a: z.string() }), {}],
      [z.number().int(), 1e308],
      [z.bigint(), 'x'],
      [z.date(), 'x'],
      [z.tuple([z.string()]), 'x'],
      [z.record(z.string(), z.number()), { a: 'x' }],
      [z.map(z.string(), z.string()), 'x'],
      [z.set(z.string()).max(0), new Set(['a'])],
      [z.number().multipleOf(5), 3],
      [z.iso.date(), '2026-02-31'],
      [z.iso.time(), '25:00'],
      [z.url(), 'x'],
      [z.uuid(), 'x'],
    ];
    for (const [schema, value] of schemas) expect(message(schema, value)).not.toMatch(RAW);
  });

  it("lets a schema's own message win", () => {
    expect(message(z.string({ error: 'Informe o nome' }), undefined)).toBe('Informe o nome');
    expect(message(z.string().max(2, 'Curto, por favor'), 'abc')).toBe('Curto, por favor');
  });
});
