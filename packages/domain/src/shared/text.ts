/**
 * The one text rule of Pulso (`docs/validation-and-errors.md` "Text"):
 * control characters are stripped from every text a client sends, never
 * refused. NUL, the other C0 controls but tab and line feed, DEL and the C1
 * block (U+0080–U+009F) go, and so does half of a surrogate pair sent alone
 * (`"\ud800"` in JSON: no character); a carriage return (alone or before a line feed)
 * becomes a line feed. Single-line fields also fold tabs and line breaks into
 * one space ({@link cleanLine}).
 *
 * Why strip: these characters are invisible, mean nothing in pt-BR text and
 * arrive by pasting from PDFs, spreadsheets and messaging apps or from broken
 * clients; a person cannot see them to delete them, so refusing would block
 * the save of emergency data over nothing, while removing them loses nothing
 * the reader could see. PostgreSQL refuses NUL in text outright.
 */

/** C0 controls except tab (U+0009), line feed (U+000A) and carriage return (U+000D); DEL; C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the rule itself.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Half of a UTF-16 surrogate pair without its other half: no character at all (PostgreSQL refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Quick test: does a text hold anything {@link cleanText} changes? */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the rule itself.
const NEEDS_CLEANING = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uD800-\uDFFF]/;

/**
 * `value` under the text rule: control characters and lone surrogates
 * stripped, CR LF and lone CR turned into LF.
 */
export function cleanText(value: string): string {
  if (!NEEDS_CLEANING.test(value)) return value;
  return value.replace(/\r\n?/g, '\n').replace(CONTROL, '').replace(LONE_SURROGATE, '');
}

/** A single-line field's text: {@link cleanText}, then each run of tabs and line breaks becomes one space. */
export function cleanLine(value: string): string {
  return cleanText(value).replace(/[\t\n]+/g, ' ');
}

/** Deepest nesting of objects and arrays a request may carry (no Pulso payload goes past 5). */
export const MAX_INPUT_DEPTH = 32;

/** Thrown by {@link cleanTextDeep} for input nested deeper than {@link MAX_INPUT_DEPTH}. */
export class InputTooDeepError extends Error {
  constructor() {
    super('input nested too deep');
    this.name = 'InputTooDeepError';
  }
}

/**
 * Data, not an instance of a class (a file, a Buffer): a literal, a
 * null-prototype dictionary, or an object whose prototype is one (the
 * router's path parameters).
 */
const isPlain = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  if (proto === null || proto === Object.prototype) return true;
  return Object.getPrototypeOf(proto) === null && !Object.hasOwn(proto, 'constructor');
};

/**
 * `value` with {@link cleanText} applied to every string inside plain
 * objects and arrays (values, not keys), changed in place; other objects
 * (files, buffers) are left alone. Iterative, so a hostile nesting cannot
 * overflow the stack; throws {@link InputTooDeepError} past
 * {@link MAX_INPUT_DEPTH} levels.
 */
export function cleanTextDeep(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (typeof value !== 'object' || value === null) return value;
  const stack: [Record<string, unknown> | unknown[], number][] = [];
  if (Array.isArray(value) || isPlain(value)) stack.push([value as Record<string, unknown>, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Record<string, unknown> | unknown[], number];
    if (depth > MAX_INPUT_DEPTH) throw new InputTooDeepError();
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const key of keys) {
      const child = (node as Record<string, unknown>)[key as string];
      if (typeof child === 'string') {
        const clean = cleanText(child);
        // defineProperty: a `__proto__` key read from JSON is an own property, not the prototype.
        if (clean !== child) Object.defineProperty(node, key as string, { value: clean });
      } else if (typeof child === 'object' && child !== null && (Array.isArray(child) || isPlain(child))) {
        stack.push([child as Record<string, unknown>, depth + 1]);
      }
    }
  }
  return value;
}
