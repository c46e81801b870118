import { useDebouncedValue } from '@mantine/hooks';
import type { ClinicaView } from '@pulso/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Pause after the last keystroke before searching, in ms. */
export const CLINICA_SEARCH_DEBOUNCE_MS = 250;

/**
 * docs/telemedicine.md "Finding a doctor": autocompletes search only when the
 * text is longer than one character and differs from the option already chosen.
 */
export function shouldSearchClinica(text: string, selected: string | null | undefined): boolean {
  const term = text.trim();
  return term.length > 1 && term !== selected?.trim();
}

/**
 * Clinics matching `text` (`GET /api/clinicas/search/:text` → `{clinicas}`,
 * accents ignored by the server), debounced; `[]` while the rule above says no.
 */
export function useClinicasSearch(text: string, selected: string | null | undefined) {
  const [debounced] = useDebouncedValue(text.trim(), CLINICA_SEARCH_DEBOUNCE_MS);
  const enabled = shouldSearchClinica(debounced, selected) && shouldSearchClinica(text, selected);
  const query = useQuery({
    queryKey: ['clinicas', 'search', debounced],
    queryFn: ({ signal }) =>
      api.get<{ clinicas: ClinicaView[] }>(`/clinicas/search/${encodeURIComponent(debounced)}`, signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return {
    clinicas: enabled ? (query.data?.clinicas ?? []) : [],
    searching: enabled && query.isFetching,
  };
}
