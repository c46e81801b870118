import fc from 'fast-check';
import { z } from 'zod';

/**
 * Inputs of the schema fuzz suite (`docs/validation-and-errors.md` "Schema
 * fuzzing"): values shaped by a route's zod schema (through its JSON Schema,
 * input side) and the junk a careless or hostile client sends.
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

/** Control characters (C0, DEL, C1), NUL first: what the text rule removes. */
const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];

/** Strings no form sends: control characters, lone surrogates, emoji, markup, SQL-ish text, whitespace. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(50),
    '\ud800',
    '\udfff x',
    '😀👩‍⚕️',
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '%00',
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '-1',
    '99999999999',
    '0x10',
    'null',
    'undefined',
    'true',
    '2026-02-31',
    '9999-12-31',
    '0000-00-00',
    '25:61',
    '__proto__',
    'constructor',
  ),
  fc
    .array(fc.oneof(fc.constantFrom(...CONTROL), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 8 })
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 256, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

/** Numbers past every column: huge, tiny, negative, fractional, unsafe integers. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    99999999999,
    9_999_999_999.99,
    10_000_000_000,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    32_767,
    32_768,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    0,
    -0,
    0.5,
    1.005,
    5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** An object nested `depth` levels (`{a: {a: …}}`) or an array nested as deep. */
function nested(depth: number, asArray: boolean): unknown {
  let value: unknown = asArray ? [] : {};
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Objects whose keys try prototype pollution (built by JSON.parse so the keys are own properties). */
const pollution: fc.Arbitrary<unknown> = fc.constantFrom(
  JSON.parse('{"__proto__": {"isAdmin": true, "polluted": "sim"}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": "sim"}}}'),
  JSON.parse('{"__proto__": null}'),
  { constructor: 'x', toString: 'y', valueOf: 1, hasOwnProperty: 'z' },
);

/** Any junk value: wrong types, nasty strings and numbers, deep nesting, pollution keys. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], [{}], ['a', 1]),
  nastyString,
  nastyNumber,
  fc.integer({ min: 20, max: 2000 }).chain((d) => fc.constantFrom(nested(d, false), nested(d, true))),
  pollution,
  fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(nastyString, nastyNumber), { maxKeys: 3 }),
);

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
