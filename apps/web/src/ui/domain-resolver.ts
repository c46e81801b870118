import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * `zodResolver` for a domain schema whose fields are preprocessed (their zod
 * input type is `unknown`): types the form with the values as typed
 * (`TValues`) and the handler with the schema's output.
 */
export function domainResolver<TValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
): Resolver<TValues, unknown, z.output<TSchema>> {
  return zodResolver(schema as never) as unknown as Resolver<TValues, unknown, z.output<TSchema>>;
}
