import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api.ts';

/**
 * Puts a 422's field errors (`{field: [msg…]}`) under the form's fields with
 * `setError`, focusing the first one. Nested keys (`cidade.id`) go to their
 * top field. Answers whether any field received an error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const done = new Set<Path<T>>();
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = key.split('.')[0] as Path<T>;
    if (!fields.includes(field) || done.has(field) || !messages[0]) continue;
    setError(field, { type: 'server', message: messages[0] }, { shouldFocus: done.size === 0 });
    done.add(field);
  }
  return done.size > 0;
}
