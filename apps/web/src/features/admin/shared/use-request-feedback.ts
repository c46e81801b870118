import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';

/**
 * The `onSuccess` / `onError` callbacks of the admin screens' requests, which
 * say how each went in the snackbar (docs/architecture.md "Loading dialog and
 * snackbar"):
 * - `success(then, say)`: the server's message (or `say(answer)`, words
 *   made of the answer), then `then(answer)` (close the dialog, show what
 *   was made…);
 * - `failure(then)`: the error, then `then()` (close an action asked again;
 *   without it the dialog stays open);
 * - `fieldErrors(setError, fields, first)`: `first()` (close the question
 *   that sent the form), then a 422's messages under the form's `fields`,
 *   focusing the first; any other failure in the snackbar.
 */
export function useRequestFeedback() {
  const snackbar = useSnackbar();
  return {
    success:
      <A extends { message: string }>(then?: (answer: A) => void, say?: (answer: A) => string) =>
      (answer: A) => {
        snackbar.success(say ? say(answer) : answer.message);
        then?.(answer);
      },
    failure: (then?: () => void) => (error: unknown) => {
      snackbar.error(error);
      then?.();
    },
    fieldErrors:
      <T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[], first?: () => void) =>
      (error: unknown) => {
        first?.();
        if (!applyServerErrors(error, setError, fields)) snackbar.error(error);
      },
  };
}
