import { useDebouncedValue } from '@mantine/hooks';
import type { Cidade } from '@pulso/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Pause after the last keystroke before searching, in ms. */
export const CIDADE_SEARCH_DEBOUNCE_MS = 250;

/**
 * docs/accounts.md "Cities": the city search runs only when the text is longer than one
 * character and differs from the city already chosen (choosing one writes its
 * `descricao` into the input, which must not search again).
 */
export function shouldSearchCidade(text: string, selected: string | null | undefined): boolean {
  const term = text.trim();
  return term.length > 1 && term !== selected?.trim();
}

/**
 * Municipalities matching `text` (`GET /api/cidades/search/:text`, accents
 * ignored by the server), debounced; `[]` while the rule above says no.
 */
export function useCidadesSearch(text: string, selected: string | null | undefined) {
  const [debounced] = useDebouncedValue(text.trim(), CIDADE_SEARCH_DEBOUNCE_MS);
  const enabled = shouldSearchCidade(debounced, selected) && shouldSearchCidade(text, selected);
  const query = useQuery({
    queryKey: ['cidades', 'search', debounced],
    queryFn: ({ signal }) =>
      api.get<{ cidades: Cidade[] }>(`/cidades/search/${encodeURIComponent(debounced)}`, signal),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  return {
    cidades: enabled ? (query.data?.cidades ?? []) : [],
    searching: enabled && query.isFetching,
  };
}
