import type { ScoreCategoria, ScoreCategoriaAdmin, ScoreQuestionInput } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { conteudoKeys } from './keys.ts';

/** `GET /api/admin/conteudo/score`: the three questionnaires, drafts included. */
export function useScoreAdmin() {
  return useQuery({
    queryKey: conteudoKeys.score,
    queryFn: async ({ signal }) =>
      (await api.get<{ categorias: ScoreCategoriaAdmin[] }>('/admin/conteudo/score', signal)).categorias,
  });
}

/** Adds a question to `categoria` (no `id`) or edits question `id`. */
export function useSaveScoreQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      categoria,
      values,
    }: {
      id?: number;
      categoria: ScoreCategoria;
      values: ScoreQuestionInput;
    }) =>
      id === undefined
        ? api.post<{ message: string }>('/admin/conteudo/score/questions', { ...values, categoria })
        : api.put<{ message: string }>(`/admin/conteudo/score/questions/${id}`, values),
    onSuccess: () => client.invalidateQueries({ queryKey: conteudoKeys.score }),
  });
}

/** `PUT /api/admin/conteudo/score/:categoria/ordem` with every question id of the category. */
export function useReorderScore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ categoria, ids }: { categoria: ScoreCategoria; ids: number[] }) =>
      api.put<{ message: string }>(`/admin/conteudo/score/${encodeURIComponent(categoria)}/ordem`, { ids }),
    onSettled: () => client.invalidateQueries({ queryKey: conteudoKeys.score }),
  });
}
