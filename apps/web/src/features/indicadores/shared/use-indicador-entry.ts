import { INDICADOR_MESSAGES } from '@pulso/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import type { IndicadorKind } from '../api/indicadores-api.ts';
import { TELAS } from './telas.ts';
import { agora, type FieldErrorMap, saveFailure, useLock } from './ui.tsx';
import { useLeituraForm } from './use-leitura-form.ts';

/** What a save of the entry screen does besides sending `body`. */
export interface EntrySubmit<I> {
  /** The screen's own checks: when any is set, they are shown under their fields and nothing is sent. */
  errors?: FieldErrorMap;
  /** The body to send, or null to send nothing (the screen showed why). */
  body: () => I | null;
  /** Clears the screen's own fields after a save. */
  reset: () => void;
}

/**
 * The state of an indicator's entry screen (docs/indicators-and-score.md "Readings: day and time";
 * docs/accounts.md "Trial and locked accounts"): the document title, the user and the trial lock, the
 * day and time (now by default), the field errors, the reading saved last and `submit`. `submit` does
 * nothing for a locked user; after a save it shows the server's message, clears the errors and the
 * screen's fields and, unless `keepAfericao` (glucose: the same day may be saved again for another
 * period), sets the day and time to now again; a failure keeps what was typed, puts a 422's errors
 * under their fields and says the server's message or INDICADOR_MESSAGES.insertError.
 */
export function useIndicadorEntry<I, R extends { message: string }, V>(
  kind: IndicadorKind,
  useSave: () => UseMutationResult<R, Error, I>,
  savedOf: (result: R) => V,
  { keepAfericao = false } = {},
) {
  useDocumentTitle(TELAS[kind].titulo);
  const { user, locked } = useLock();
  const save = useSave();
  const snackbar = useSnackbar();
  const { quando, setQuando, errors, setErrors, clearErrors, afericao } = useLeituraForm(agora);
  const [saved, setSaved] = useState<V | null>(null);

  const submit = ({ errors: local = {}, body, reset }: EntrySubmit<I>) => {
    if (locked) return;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const input = body();
    if (input === null) return;
    save.mutate(input, {
      onSuccess: (result) => {
        setSaved(savedOf(result));
        reset();
        if (!keepAfericao) setQuando(agora());
        setErrors({});
        snackbar.success(result.message);
      },
      onError: (error) => {
        const failure = saveFailure(error, INDICADOR_MESSAGES.insertError);
        setErrors(failure.fields);
        snackbar.error(failure.message);
      },
    });
  };

  return {
    kind,
    user,
    locked,
    saving: save.isPending,
    errors,
    clearErrors,
    saved,
    submit,
    quando,
    /** The props of `AfericaoFields`, disabled for a locked user. */
    afericao: afericao(locked),
  };
}

/** What the layout of an entry screen reads of {@link useIndicadorEntry}'s state. */
export type IndicadorEntryState = Pick<
  ReturnType<typeof useIndicadorEntry>,
  'kind' | 'user' | 'locked' | 'saving' | 'afericao'
>;
