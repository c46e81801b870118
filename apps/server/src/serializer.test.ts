import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer.ts';

const View = z.object({
  name: z.string(),
  idade: z.number().int().nullable(),
  alerta: z.object({ doencas: z.array(z.string()) }).optional(),
  sexo: z.enum(['M', 'F', 'N']).nullable(),
});
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('compiledSerializerCompiler', () => {
  it('writes what zod writes: the named properties only, optional ones when present', () => {
    const serialize = compiledSerializerCompiler({ checkWithZod: true })(route(View));
    const data = {
      name: 'Maria',
      idade: 40,
      sexo: 'F',
      alerta: { doencas: ['Diabetes'] },
      password_hash: 'x',
    };
    expect(JSON.parse(serialize(data))).toEqual({
      name: 'Maria',
      idade: 40,
      sexo: 'F',
      alerta: { doencas: ['Diabetes'] },
    });
    expect(JSON.parse(serialize({ name: 'João', idade: null, sexo: null }))).toEqual({
      name: 'João',
      idade: null,
      sexo: null,
    });
  });

  it('checked with zod, refuses an answer the schema does not allow, naming the route', () => {
    const serialize = compiledSerializerCompiler({ checkWithZod: true })(route(View));
    expect(() => serialize({ name: 'Maria', idade: 40, sexo: 'X' })).toThrow();
  });

  it('unchecked (production), does not run zod on the answer', () => {
    // A custom check is no JSON Schema: only zod would hold an answer to it.
    const Named = z.object({ name: z.string().refine((name) => name !== 'forbidden') });
    const unchecked = compiledSerializerCompiler({ checkWithZod: false })(route(Named));
    expect(JSON.parse(unchecked({ name: 'forbidden' }))).toEqual({ name: 'forbidden' });
    const checked = compiledSerializerCompiler({ checkWithZod: true })(route(Named));
    expect(() => checked({ name: 'forbidden' })).toThrow();
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express', () => {
    const Dated = z.object({ at: z.date() });
    const serialize = compiledSerializerCompiler({ checkWithZod: false })(route(Dated));
    expect(() => serialize({ at: 'not a date' })).toThrow();
    const at = new Date('2026-11-28T10:00:00Z');
    expect(JSON.parse(serialize({ at }))).toEqual({ at: at.toISOString() });
  });
});
