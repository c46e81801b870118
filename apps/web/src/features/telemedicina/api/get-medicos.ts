import type { MedicoView } from '@pulso/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** One page of the doctor search: `{medicos, total}` (page size `MEDICOS_PAGE_SIZE`, set by the server). */
export interface MedicosPage {
  medicos: MedicoView[];
  total: number;
}

/**
 * The applied filters of /telemedicina/medicos (docs/telemedicine.md "Finding
 * a doctor": city, clinic, specialty, name): ids or `null`, `nome` a term or
 * `null`.
 * The labels travel with the ids so that the form shows them again.
 */
export interface MedicoFilter {
  cidade: { id: number; descricao: string } | null;
  clinica: { id: number; nome: string } | null;
  especialidade: number | null;
  nome: string | null;
}

/** No filter: every listable doctor. */
export const NO_FILTER: MedicoFilter = { cidade: null, clinica: null, especialidade: null, nome: null };

/** Whether any filter is set. */
export function hasFilter(filter: MedicoFilter): boolean {
  return (
    filter.cidade !== null || filter.clinica !== null || filter.especialidade !== null || filter.nome !== null
  );
}

/** Query key of one filtered list. */
export function medicosListKey(filter: MedicoFilter) {
  return [
    'telemedicina',
    'medicos',
    filter.cidade?.id ?? null,
    filter.clinica?.id ?? null,
    filter.especialidade,
    filter.nome,
  ] as const;
}

/**
 * One page from `skip` doctors on (docs/api/telemedicina.md "Patient side"): without
 * filters `GET /api/telemedicina/medicos/all[/:offset]` (the offset left out
 * for the first page); with any, `PUT /api/telemedicina/medicos/search {cidade,
 * clinica, especialidade, nome, skip}`.
 */
export function fetchMedicosPage(filter: MedicoFilter, skip: number, signal?: AbortSignal) {
  if (!hasFilter(filter)) {
    return api.get<MedicosPage>(
      skip > 0 ? `/telemedicina/medicos/all/${skip}` : '/telemedicina/medicos/all',
      signal,
    );
  }
  return api.put<MedicosPage>('/telemedicina/medicos/search', {
    cidade: filter.cidade?.id ?? null,
    clinica: filter.clinica?.id ?? null,
    especialidade: filter.especialidade,
    nome: filter.nome,
    skip,
  });
}

/**
 * Listable doctors matching `filter` (not suspended, not the support
 * pseudo-doctor; available first, then by name), in pages asked from the
 * number already loaded ('Carregar mais') while fewer than `total` are.
 */
export function useMedicosPages(filter: MedicoFilter) {
  return useInfiniteQuery({
    queryKey: medicosListKey(filter),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchMedicosPage(filter, pageParam, signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.medicos.length, 0);
      return last.medicos.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
