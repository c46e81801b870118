import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * Reports a doctor's profile (docs/telemedicine.md "Reporting a doctor"): `POST
 * /api/denunciar/medico/:id {motivo}` → 201 `{message}` ('Sua denúncia foi
 * realizada com sucesso e iremos avaliar.'). Errors: 422 `motivo`, 404 unknown
 * doctor.
 */
export function useDenunciarMedico(medicoId: number) {
  return useMutation({
    mutationFn: (body: { motivo: string }) =>
      api.post<{ message: string }>(`/denunciar/medico/${medicoId}`, body),
  });
}
