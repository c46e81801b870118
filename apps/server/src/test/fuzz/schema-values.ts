import fc from 'fast-check';
import { z } from 'zod';
import { junk } from './junk.ts';

/**
 * Values shaped by a route's zod schema, through its JSON Schema (input
 * side), for the schema fuzz suite (`docs/validation-and-errors.md` "Schema
 * fuzzing").
 */

/** The subset of JSON Schema (draft 2020-12, as `z.toJSONSchema` writes it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** The JSON Schema of a zod schema's input, or `{}` (anything) when zod cannot write one. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return (schema as JsonSchema | undefined) ?? {};
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  } catch {
    return {};
  }
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (!ref) return schema;
  if (ref === '#') return root;
  const name = ref.replace(/^#\/(\$defs|definitions)\//, '');
  return root.$defs?.[name] ?? {};
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 80));
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 10_000));
    } catch {
      // A pattern fast-check cannot read: plain strings below.
    }
  }
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e6);
  const upper =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e6);
  const min = Math.max(lower, -1e12);
  const max = Math.min(Math.max(upper, min), 1e12);
  if (integer) {
    const lo = Math.ceil(min);
    const hi = Math.max(lo, Math.floor(max));
    return fc.integer({ min: Math.max(lo, -2_147_483_648), max: Math.min(hi, 2_147_483_647) });
  }
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }),
  );
}

/**
 * Values that follow `schema` (a JSON Schema from {@link jsonSchemaOf});
 * parts zod could not describe (`{}`) get {@link junk}. Depth-capped: a
 * recursive schema ends in `null`.
 */
export function fromSchema(schema: JsonSchema, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, root);
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, root, depth + 1)));
  if (s.allOf?.length) {
    return fc
      .tuple(...s.allOf.map((a) => fromSchema(a, root, depth + 1)))
      .map((parts) =>
        parts.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p))
          ? Object.assign({}, ...parts)
          : parts[0],
      );
  }
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => fromSchema({ ...s, type: t }, root, depth)));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((i) => fromSchema(i, root, depth + 1)));
      const items = Array.isArray(s.items) ? (s.items[0] ?? {}) : (s.items ?? {});
      const minLength = s.minItems ?? 0;
      return fc.array(fromSchema(items, root, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(s.maxItems ?? 4, 6)),
      });
    }
    case 'object': {
      const properties = s.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = fromSchema(properties[key] ?? {}, root, depth + 1);
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => keys.includes(k)) });
    }
  }
  return junk;
}
