import { z } from 'zod';

/**
 * pt-BR texts of "Baixar meus dados" (docs/data-export.md; LGPD art. 18, II and V), shared by the API's
 * answers and /settings.
 */
export const EXPORTACAO_MESSAGES = {
  notFound: 'Arquivo não encontrado.',
  expired: 'O prazo para baixar este arquivo terminou. Prepare seus dados de novo.',
  failed: 'Não foi possível preparar o arquivo.',
} as const;

/** How long a ready ZIP may be downloaded, from when it was made (docs/data-export.md "Download"). */
export const EXPORTACAO_VALIDADE_MS = 24 * 3600_000;

/**
 * A data-export request as the API answers it (docs/data-export.md "The API"): `status` `pendente`
 * (waiting for or being made by the job), `pronto` (downloadable until `expires_at`), `expirado` (ready
 * once, past `expires_at`: the file is gone) or `falhou`; `bytes` the ZIP's size when ready; instants
 * ISO 8601 UTC.
 */
export const ExportacaoViewSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pendente', 'pronto', 'expirado', 'falhou']),
  bytes: z.number().int().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ExportacaoView = z.infer<typeof ExportacaoViewSchema>;

/** The ZIP's name when downloaded on `day` (ISO `YYYY-MM-DD`, America/Sao_Paulo). */
export function exportacaoFileName(day: string): string {
  return `pulso-dados-${day}.zip`;
}
