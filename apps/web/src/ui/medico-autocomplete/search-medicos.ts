import { useDebouncedValue } from '@mantine/hooks';
import { MEDICO_SEARCH_MIN_LENGTH, type MedicoOption } from '@pulso/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Pause after the last keystroke before searching, in ms. */
export const MEDICO_SEARCH_DEBOUNCE_MS = 250;

/**
 * docs/health-record.md "Choosing a doctor": the doctor autocomplete searches
 * only when the text is longer than one character and differs from the doctor
 * already chosen (choosing one writes their name into the input, which must
 * not search again).
 */
export function shouldSearchMedico(text: string, selected: string | null | undefined): boolean {
  const term = text.trim();
  return term.length >= MEDICO_SEARCH_MIN_LENGTH && term !== selected?.trim();
}

/** What {@link useMedicosSearch} tells the autocomplete. */
export interface MedicosSearch {
  /** The doctors found for the text as typed; `[]` while the rule says no. */
  medicos: MedicoOption[];
  /** A search for the text is pending (debounce or request). */
  searching: boolean;
  /** The server answered for exactly the text as typed (so an empty list means nobody). */
  answered: boolean;
  /** The last search failed. */
  failed: boolean;
}

/**
 * Registered doctors matching `text` (`GET /api/medicos/search/:text`,
 * accents ignored by the server), debounced by {@link MEDICO_SEARCH_DEBOUNCE_MS}.
 * `selected` is the name of the doctor already chosen, if any.
 */
export function useMedicosSearch(text: string, selected: string | null | undefined): MedicosSearch {
  const term = text.trim();
  const [debounced] = useDebouncedValue(term, MEDICO_SEARCH_DEBOUNCE_MS);
  const enabled = shouldSearchMedico(debounced, selected) && shouldSearchMedico(term, selected);
  const query = useQuery({
    queryKey: ['medicos', 'search', debounced],
    queryFn: ({ signal }) =>
      api.get<{ medicos: MedicoOption[] }>(`/medicos/search/${encodeURIComponent(debounced)}`, signal),
    enabled,
    staleTime: 60_000,
    // The next keystroke searches again; meanwhile the patient may type the name.
    retry: false,
    placeholderData: keepPreviousData,
  });
  const wanted = shouldSearchMedico(term, selected);
  const current = enabled && debounced === term && !query.isPlaceholderData;
  return {
    medicos: enabled ? (query.data?.medicos ?? []) : [],
    searching: wanted && (debounced !== term || query.isFetching),
    answered: current && query.isSuccess && !query.isFetching,
    failed: current && query.isError && !query.isFetching,
  };
}
