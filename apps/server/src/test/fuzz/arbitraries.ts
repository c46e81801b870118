import fc from 'fast-check';
import { junk, nastyNumber, nastyString } from './junk.ts';
import { fromSchema, type JsonSchema } from './schema-values.ts';

/**
 * Inputs of the schema fuzz suite (`docs/validation-and-errors.md` "Schema
 * fuzzing"): a value of a route's schema (schema-values.ts) or a valid
 * example, whole, with one field wrong, or replaced by junk (junk.ts).
 */

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A value of `schema` with one change: a field (at any depth of the first
 * two levels) replaced by junk, removed, or an extra field added.
 */
export function mutated(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      fromSchema(schema),
      fc.nat(),
      junk,
      fc.constantFrom('replace', 'remove', 'extra'),
      fc.string({ maxLength: 10 }),
    )
    .map(([value, pick, replacement, how, extraKey]) => {
      if (!isPlainObject(value)) return replacement;
      const copy: Record<string, unknown> = { ...value };
      const keys = Object.keys(copy);
      if (how === 'extra' || keys.length === 0) {
        copy[extraKey || 'extra'] = replacement;
        return copy;
      }
      const key = keys[pick % keys.length] as string;
      if (how === 'remove') delete copy[key];
      else {
        const inner = copy[key];
        if (isPlainObject(inner) && Object.keys(inner).length > 0 && pick % 2 === 0) {
          const innerKeys = Object.keys(inner);
          copy[key] = { ...inner, [innerKeys[pick % innerKeys.length] as string]: replacement };
        } else copy[key] = replacement;
      }
      return copy;
    });
}

/** A value for a body, params or query of `schema`: following it, one field wrong, or junk whole. */
export function inputArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fromSchema(schema) },
    { weight: 4, arbitrary: mutated(schema) },
    { weight: 2, arbitrary: junk },
  );
}

/**
 * `example` (a body the route accepts) with one field — at the top level or
 * inside a nested object or list of objects — replaced by junk, a huge or
 * odd number, or a nasty string; sometimes unchanged.
 */
export function exampleMutated(example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const replacement = fc.oneof(
    { weight: 3, arbitrary: nastyNumber as fc.Arbitrary<unknown> },
    { weight: 3, arbitrary: nastyString as fc.Arbitrary<unknown> },
    { weight: 2, arbitrary: junk },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc
    .tuple(fc.nat(), fc.nat(), replacement, fc.nat({ max: 9 }))
    .map(([pick, inner, value, unchanged]) => {
      if (unchanged === 0) return example;
      const keys = Object.keys(example);
      const key = keys[pick % keys.length] as string;
      const copy: Record<string, unknown> = { ...example };
      const current = copy[key];
      const first = Array.isArray(current) ? current[0] : current;
      if (isPlainObject(first) && inner % 2 === 0) {
        const innerKeys = Object.keys(first);
        const changed = { ...first, [innerKeys[inner % innerKeys.length] as string]: value };
        copy[key] = Array.isArray(current) ? [changed, ...current.slice(1)] : changed;
      } else copy[key] = value;
      return copy;
    });
}
