import { z } from 'zod';
import type { ProfissionalStatus, ProfissionalTipo } from '../profissional/profissional.ts';
import { blankToNull } from '../shared/zod-helpers.ts';

/**
 * Staff review of emergency professionals' credentials (issue 9 "Emergency
 * professionals"): staff look at the document photo and mark a credential
 * `verificado`, or `rejeitado` with a reason the owner reads.
 */

/** Longest rejection reason. */
export const PROFISSIONAL_MOTIVO_MAX = 500;

/** Credentials per page of `GET /api/admin/profissionais`. */
export const ADMIN_PROFISSIONAIS_PAGE_SIZE = 30;

/** pt-BR messages of the review. */
export const ADMIN_PROFISSIONAL_MESSAGES = {
  decisao: 'Escolha verificar ou recusar',
  motivo: 'Informe o motivo da recusa',
  notFound: 'Cadastro de profissional não encontrado',
  verified: 'Profissional verificado',
  rejected: 'Cadastro recusado',
} as const;

/**
 * `PUT /api/admin/profissionais/:id` body and the review form: `status`
 * `verificado` or `rejeitado`; `motivo` (trimmed, ≤
 * {@link PROFISSIONAL_MOTIVO_MAX}) is required to reject
 * ({@link ADMIN_PROFISSIONAL_MESSAGES.motivo}) and dropped to verify.
 */
export const ProfissionalReviewSchema = z
  .object({
    status: z.enum(['verificado', 'rejeitado'], { error: ADMIN_PROFISSIONAL_MESSAGES.decisao }),
    motivo: z.preprocess(
      (v) => blankToNull(v ?? null),
      z
        .string()
        .max(PROFISSIONAL_MOTIVO_MAX, `Use no máximo ${PROFISSIONAL_MOTIVO_MAX} caracteres`)
        .nullable(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'rejeitado' && v.motivo === null) {
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: ADMIN_PROFISSIONAL_MESSAGES.motivo });
    }
  })
  .transform((v) => ({ status: v.status, motivo: v.status === 'rejeitado' ? v.motivo : null }));
export type ProfissionalReview = z.output<typeof ProfissionalReviewSchema>;

/**
 * A credential as staff review it: the owner, `tipo`, `numero`, `status`,
 * `motivo_rejeicao`, `documento` (a short-lived signed URL of the photo),
 * `created_at` and `reviewed_at` (ISO instants).
 */
export interface AdminProfissional {
  id: number;
  user: { id: number; name: string; email: string };
  tipo: ProfissionalTipo;
  numero: string;
  status: ProfissionalStatus;
  motivo_rejeicao: string | null;
  documento: string | null;
  created_at: string;
  reviewed_at: string | null;
}
