import type { ProfissionalAnswer, ProfissionalSaved, ProfissionalTipo } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profissionalQueryKey } from './get-profissional.ts';

/** What /profissional sends: the kind, the number and the photo, already resized. */
export interface ProfissionalRegistration {
  tipo: ProfissionalTipo;
  numero: string;
  documento: File;
}

/**
 * `POST /api/profissional`, multipart `tipo`, `numero`, `documento`
 * (docs/api/indicadores-score-profissional.md "Emergency professional") → 201
 * `{message, profissional}`, put in the cache. Errors: 422 under `tipo`,
 * `numero`, `documento`; 409 already registered.
 */
export function useRegisterProfissional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, numero, documento }: ProfissionalRegistration) => {
      const body = new FormData();
      body.append('tipo', tipo);
      body.append('numero', numero);
      body.append('documento', documento, documento.name);
      return api.post<ProfissionalSaved>('/profissional', body);
    },
    onSuccess: ({ profissional }) => {
      queryClient.setQueryData<ProfissionalAnswer>(profissionalQueryKey, { profissional });
    },
  });
}
