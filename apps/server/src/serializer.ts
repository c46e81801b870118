import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<ZodType>>[0];

/**
 * Fastify's serializer compiler for the routes' zod response schemas
 * (docs/architecture.md "Contracts"): each schema is turned once, at the
 * first answer it serialises, into a JSON Schema (`z.toJSONSchema`, the
 * wire side: `io: 'input'`) and compiled by `fast-json-stringify`, Fastify's
 * own serializer — about eight times cheaper than checking the answer with
 * zod and `JSON.stringify` (docs/performance.md "Serialising answers"). Like
 * zod, it writes only the properties the schema names.
 *
 * With `checkWithZod` (every environment but production) each answer is
 * also serialised the zod way, and an answer the two disagree on fails with
 * a 500 naming the route: the whole test suite checks the compiled
 * serializers against the schemas. A schema JSON Schema cannot express
 * (a transform, a custom check) keeps the zod serializer.
 */
export function compiledSerializerCompiler({
  checkWithZod,
}: {
  checkWithZod: boolean;
}): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const byZod = zodSerializerCompiler(route as never) as (data: unknown) => string;
    let compiled: ((data: unknown) => string) | undefined;
    return (data) => {
      compiled ??= compile(route) ?? byZod;
      const json = compiled(data);
      if (checkWithZod && compiled !== byZod) {
        const expected = byZod(data);
        if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(expected))) {
          throw new Error(
            `compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) disagrees with zod:\n${json}\n${expected}`,
          );
        }
      }
      return json;
    };
  };
}

function compile({ schema }: RouteSchema): ((data: unknown) => string) | null {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', target: 'draft-07' });
  } catch {
    return null;
  }
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}
