import {
  type IntensidadeDor,
  type LocalDor,
  TIPO_DOR,
  type TimelineItemView,
  todayInSaoPaulo,
} from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { dorHistoricoQueryKey } from './get-dor-historico.ts';
import { mapaDorUserQueryKey } from './get-mapa-dor-user.ts';

/** What the pain map saves. */
export interface DorInput {
  local_dor: LocalDor;
  intensidade_dor: IntensidadeDor;
  descricao: string;
  /**
   * Another patient's id when a professional records their pain (docs/health-record.md "Saving a
   * pain record"); null for the caller's own.
   */
  user_id: number | null;
}

/** Answer of `POST /api/timeline/item`: 'Adicionado com sucesso!' and the saved record. */
export interface DorSaveResponse {
  message: string;
  timelineItem: TimelineItemView;
}

/**
 * The multipart body of a pain record (docs/health-record.md "Saving a pain
 * record"): `tipo` 8, `data` today in America/Sao_Paulo (`YYYY-MM-DD`),
 * `valor` 0, `local_dor` (the name, not the number), `intensidade_dor`,
 * `descricao`, and `user_id` when it is another patient's pain.
 */
export function dorFormData(input: DorInput, today: string = todayInSaoPaulo()): FormData {
  const body = new FormData();
  body.set('tipo', String(TIPO_DOR));
  body.set('data', today);
  body.set('valor', '0');
  body.set('local_dor', input.local_dor);
  body.set('intensidade_dor', input.intensidade_dor);
  body.set('descricao', input.descricao);
  if (input.user_id !== null) body.set('user_id', String(input.user_id));
  return body;
}

/**
 * Saves a pain record with `POST /api/timeline/item` (docs/health-record.md
 * "Saving a pain record"). Afterwards the timeline lists and the pain history
 * are read again; a 403 (the trial ended meanwhile) reloads the user so that
 * the screen locks.
 */
export function useCreateDor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DorInput) => api.post<DorSaveResponse>('/timeline/item', dorFormData(input)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['timeline'] });
      void queryClient.invalidateQueries({ queryKey: dorHistoricoQueryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: mapaDorUserQueryKey });
      }
    },
  });
}
