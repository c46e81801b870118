import type { DicasAnswer } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';

/** Query key of the health tips. */
export const dicasQueryKey = ['dicas'] as const;

/**
 * `GET /api/dicas` → `{dicas: [{id, title, content}]}` (docs/indicators-and-score.md "Tips and FAQ"): the
 * active tips in staff order.
 */
export function useDicas() {
  return useQuery({
    queryKey: dicasQueryKey,
    queryFn: ({ signal }) => api.get<DicasAnswer>('/dicas', signal),
  });
}
