import fc from 'fast-check';

/**
 * The junk a careless or hostile client sends, for the schema fuzz suite
 * (`docs/validation-and-errors.md` "Schema fuzzing"): wrong types, nasty
 * strings and numbers, deep nesting, prototype-pollution keys.
 */

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
