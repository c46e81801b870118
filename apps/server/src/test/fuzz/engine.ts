import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { exampleMutated, inputArbitrary } from './arbitraries.ts';
import { nastyNumber, nastyString } from './junk.ts';
import { type JsonSchema, jsonSchemaOf } from './schema-values.ts';

/**
 * The schema fuzz engine (`docs/validation-and-errors.md` "Schema fuzzing"):
 * collects the route table, draws requests for a route from its zod schemas
 * plus junk, and checks each answer.
 */

/** A route as the fuzz suite sees it: method, URL pattern and JSON Schemas of its inputs. */
export interface FuzzRoute {
  method: string;
  url: string;
  body: JsonSchema | null;
  params: JsonSchema | null;
  querystring: JsonSchema | null;
  /** It also reads multipart/form-data bodies. */
  multipart: boolean;
}

/** The fuzz routes of one registered route: one per method, HEAD and OPTIONS left out. */
export function fuzzRoutesOf(route: RouteOptions): FuzzRoute[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const consumes = Array.isArray(schema.consumes) ? (schema.consumes as string[]) : [];
  return methods
    .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
    .map((method) => ({
      method,
      url: route.url,
      body: schema.body ? jsonSchemaOf(schema.body) : null,
      params: schema.params ? jsonSchemaOf(schema.params) : null,
      querystring: schema.querystring ? jsonSchemaOf(schema.querystring) : null,
      multipart: consumes.includes('multipart/form-data'),
    }));
}

/** An `onRoute` hook that records every route into `routes` (for an app other than Pulso's). */
export function routeCollector(routes: FuzzRoute[]): (route: RouteOptions) => void {
  return (route) => {
    routes.push(...fuzzRoutesOf(route));
  };
}

/** One request of a fuzz run. */
export interface FuzzCase {
  method: string;
  url: string;
  caller: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Path parameter names of a URL pattern (`/a/:id/b/:slug` → `['id', 'slug']`). */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as a path segment, query value or multipart field: its text (objects as JSON). */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value) ?? '';
  return String(value);
}

/** `text` with lone surrogates (which no URL can carry) replaced by U+FFFD, as a browser does. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** `multipart/form-data` body of a flat object (arrays repeat the field); text parts only. */
export function multipartBody(fields: Record<string, unknown>): { payload: Buffer; contentType: string } {
  const boundary = '----pulsofuzz7d3a1c';
  const parts: Buffer[] = [];
  for (const [key, raw] of Object.entries(fields)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/["\r\n]/g, '_')}"\r\n\r\n${asText(value)}\r\n`,
        ),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Bodies no JSON parser accepts, and bodies of other content types. */
const rawBody = fc.constantFrom(
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: 'NaN' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json', payload: '{"__proto__": {"x": 1}}' },
  { contentType: 'application/json', payload: '{"constructor": {"prototype": {"x": 1}}}' },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'olá' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'multipart/form-data', payload: 'sem boundary' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nquebrado' },
);

/**
 * Requests for `route`: path parameters drawn from `realParams` (ids of rows
 * that exist, so the handler runs past its lookups), from the params schema
 * or junk; a query string from its schema; a JSON body from the body schema
 * (or junk, or a multipart body of it for routes that read multipart, or a
 * malformed body; with an `example` body, mostly that example with one field
 * changed). `callers` are the authorization headers by name: the
 * `preferred` one is drawn most often, the others (a guest included) too.
 */
export function caseArbitrary(
  route: FuzzRoute,
  realParams: Record<string, readonly (string | number)[]>,
  callers: Record<string, Record<string, string>>,
  preferred: string,
  example?: Record<string, unknown>,
): fc.Arbitrary<FuzzCase> {
  const names = paramNames(route.url);
  const paramArbs = names.map((name) => {
    const fromSchema = route.params?.properties?.[name];
    const real = realParams[name] ?? [];
    return fc
      .oneof(
        ...(real.length ? [{ weight: 6, arbitrary: fc.constantFrom(...real) as fc.Arbitrary<unknown> }] : []),
        { weight: 2, arbitrary: inputArbitrary(fromSchema ?? {}) },
        { weight: 1, arbitrary: nastyString },
        { weight: 1, arbitrary: nastyNumber },
      )
      .map((v) => asText(v) || 'x');
  });
  const queryArb: fc.Arbitrary<unknown> = route.querystring
    ? inputArbitrary(route.querystring)
    : fc.constant(undefined);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const bodyValue = example
    ? fc.oneof(
        { weight: 3, arbitrary: exampleMutated(example) },
        { weight: 1, arbitrary: inputArbitrary(route.body ?? {}) },
      )
    : inputArbitrary(route.body ?? {});
  const bodyArb: fc.Arbitrary<{ contentType: string; payload: string | Buffer } | null> = !hasBody
    ? fc.constant(null)
    : fc.oneof(
        {
          weight: 8,
          arbitrary: bodyValue.map((v) => ({
            contentType: 'application/json',
            payload: JSON.stringify(v) ?? 'null',
          })),
        },
        ...(route.multipart
          ? [
              {
                weight: 3,
                arbitrary: bodyValue.map((v) => multipartBody(isPlainObject(v) ? v : { valor: v })),
              },
            ]
          : []),
        { weight: 1, arbitrary: rawBody },
      );
  const callerNames = Object.keys(callers);
  const callerArb = fc.oneof(
    { weight: 8, arbitrary: fc.constant(preferred) },
    { weight: 2, arbitrary: fc.constantFrom(...callerNames) },
  );
  return fc
    .tuple(fc.tuple(...paramArbs), queryArb, bodyArb, callerArb)
    .map(([params, query, body, caller]) => {
      let url = route.url;
      names.forEach((name, i) => {
        url = url.replace(`:${name}`, encodeURIComponent(wellFormed(params[i] as string)));
      });
      if (isPlainObject(query)) {
        const search = new URLSearchParams();
        for (const [k, v] of Object.entries(query)) {
          for (const item of Array.isArray(v) ? v : [v]) search.append(k, asText(item));
        }
        const text = search.toString();
        if (text) url += `?${text}`;
      } else if (query !== undefined) {
        url += `?q=${encodeURIComponent(wellFormed(asText(query)))}`;
      }
      const headers: Record<string, string> = { ...(callers[caller] ?? {}) };
      if (body) headers['content-type'] = body.contentType;
      return { method: route.method, url, caller, headers, ...(body ? { payload: body.payload } : {}) };
    });
}

/**
 * English or validator words that must never reach a user: zod's and AJV's
 * defaults, Fastify's own errors, raw comparisons.
 */
export const ENGLISH_FRAGMENTS: readonly RegExp[] = [
  /\b(invalid|expected|required|must|should|received|unexpected|unsupported|unrecognized)\b/i,
  /\b(too (big|small|long|short)|greater than|less than|at least|at most|characters?)\b/i,
  /\b(string|number|integer|boolean|object|array|undefined|null|NaN|Infinity)\b/,
  /\b(body|request|error|not found|forbidden|unauthorized|payload|content-type|media type|json)\b/i,
  /[<>]=?\s*-?\d/,
  /FST_|ERR_|Error:/,
  /esperava|recebeu|Entrada inválida|Grande demais|Pequeno demais/,
];

/** What is wrong with an answer (`null`: nothing): a 5xx, or a 4xx without a pt-BR `message`. */
export function answerProblem(
  statusCode: number,
  contentType: string | undefined,
  body: string,
): string | null {
  if (statusCode >= 500) return `${statusCode} ${body.slice(0, 300)}`;
  if (statusCode < 400) return null;
  if (!contentType?.includes('application/json')) return `${statusCode} sem JSON: ${body.slice(0, 200)}`;
  let parsed: { message?: unknown; errors?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${statusCode} JSON inválido: ${body.slice(0, 200)}`;
  }
  const messages: unknown[] = [parsed.message];
  if (isPlainObject(parsed.errors)) {
    for (const list of Object.values(parsed.errors)) messages.push(...(Array.isArray(list) ? list : [list]));
  }
  if (typeof parsed.message !== 'string' || parsed.message.trim() === '') {
    return `${statusCode} sem message: ${body.slice(0, 200)}`;
  }
  for (const message of messages) {
    if (typeof message !== 'string') return `${statusCode} mensagem que não é texto: ${body.slice(0, 200)}`;
    const english = ENGLISH_FRAGMENTS.find((re) => re.test(message));
    if (english) return `${statusCode} mensagem crua (${english}): ${message.slice(0, 200)}`;
  }
  return null;
}

/** A request that got a bad answer. */
export interface FuzzFailure {
  route: string;
  request: string;
  problem: string;
}

/** Sends `cases` to `app` and answers the requests whose answers {@link answerProblem} refuses. */
export async function runCases(
  app: FastifyInstance,
  route: FuzzRoute,
  cases: FuzzCase[],
): Promise<FuzzFailure[]> {
  const failures: FuzzFailure[] = [];
  for (const c of cases) {
    const res = await app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers: c.headers,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    const contentType = res.headers['content-type'];
    const problem = answerProblem(
      res.statusCode,
      typeof contentType === 'string' ? contentType : undefined,
      res.body,
    );
    if (problem) {
      const payload = c.payload === undefined ? '' : ` ${String(c.payload).slice(0, 160)}`;
      failures.push({
        route: `${route.method} ${route.url}`,
        request: `${c.caller} ${c.method} ${c.url.slice(0, 160)}${payload}`,
        problem,
      });
    }
  }
  return failures;
}

/** A 32-bit seed for one route, stable while the route exists (adding a route leaves the others' cases alone). */
export function routeSeed(seed: number, route: FuzzRoute): number {
  let h = seed | 0;
  for (const ch of `${route.method} ${route.url}`) h = (Math.imul(h ^ ch.charCodeAt(0), 16_777_619) + 1) | 0;
  return h;
}
