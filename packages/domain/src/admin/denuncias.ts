import { z } from 'zod';
import { blankToNull } from '../shared/zod-helpers.ts';

/**
 * Reports patients filed against doctors (`POST /api/denunciar/medico/:id`,
 * docs/telemedicine.md "Doctors"), handled by staff in the admin back-office
 * (issue 9 "Reports"): a status (aberta, em análise, resolvida) and a note.
 */

/** A report's status: `aberta` when filed, `em_analise` while staff look into it, `resolvida` when done. */
export const DENUNCIA_STATUS = ['aberta', 'em_analise', 'resolvida'] as const;
export type DenunciaStatus = (typeof DENUNCIA_STATUS)[number];

/** pt-BR labels of {@link DENUNCIA_STATUS} (issue 9: aberta, em análise, resolvida). */
export const DENUNCIA_STATUS_LABELS: Readonly<Record<DenunciaStatus, string>> = {
  aberta: 'Aberta',
  em_analise: 'Em análise',
  resolvida: 'Resolvida',
};

/** Longest staff note on a report. */
export const DENUNCIA_NOTA_MAX = 2000;

/** Reports per page of `GET /api/admin/denuncias`. */
export const DENUNCIAS_PAGE_SIZE = 30;

/** pt-BR messages of the reports' admin screen and routes. */
export const DENUNCIA_MESSAGES = {
  status: 'Escolha a situação da denúncia',
  notFound: 'Denúncia não encontrada',
  saved: 'Denúncia atualizada',
} as const;

/**
 * `PUT /api/admin/denuncias/:id` body and its form: `status` one of
 * {@link DENUNCIA_STATUS} (else {@link DENUNCIA_MESSAGES.status}); `nota`
 * free text trimmed, blank → `null`, at most {@link DENUNCIA_NOTA_MAX}.
 */
export const DenunciaUpdateSchema = z.object({
  status: z.enum(DENUNCIA_STATUS, { error: DENUNCIA_MESSAGES.status }),
  nota: z.preprocess(
    (v) => blankToNull(v ?? null),
    z.string().max(DENUNCIA_NOTA_MAX, `Use no máximo ${DENUNCIA_NOTA_MAX} caracteres`).nullable(),
  ),
});
export type DenunciaUpdate = z.output<typeof DenunciaUpdateSchema>;

/** One report as staff read it (`created_at`, `updated_at` ISO instants). */
export interface AdminDenuncia {
  id: number;
  paciente: { id: number; name: string; email: string };
  medico: { id: number; name: string };
  motivo: string;
  status: DenunciaStatus;
  nota: string | null;
  created_at: string;
  updated_at: string;
}
