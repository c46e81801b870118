import { useState } from 'react';
import type { Afericao, FieldErrorMap } from './ui.tsx';

/**
 * The state every reading form holds (docs/indicators-and-score.md "Readings: day and time"): the day
 * and time, starting at `inicial`, and the errors under the fields. `afericao(disabled)` gives the
 * props of `AfericaoFields`, whose change clears the day and time's errors.
 */
export function useLeituraForm(inicial: Afericao | (() => Afericao)) {
  const [quando, setQuando] = useState<Afericao>(inicial);
  const [errors, setErrors] = useState<FieldErrorMap>({});

  /** Removes the errors of `fields` (the user typed in them again). */
  const clearErrors = (...fields: string[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([f]) => !fields.includes(f))));

  const afericao = (disabled?: boolean) => ({
    value: quando,
    onChange: (next: Afericao) => {
      setQuando(next);
      clearErrors('data_afericao', 'time_afericao');
    },
    errors,
    disabled,
  });

  return { quando, setQuando, errors, setErrors, clearErrors, afericao };
}
