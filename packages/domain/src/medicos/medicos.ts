import { z } from 'zod';

/** Fewest characters before the doctor autocomplete searches (docs/telemedicine.md "Doctor autocomplete"). */
export const MEDICO_SEARCH_MIN_LENGTH = 2;

/** Most doctors one autocomplete answer carries. */
export const MEDICO_SEARCH_LIMIT = 10;

/** A CRM registration: number and the state (UF) of the regional council. */
export const CrmSchema = z.object({ numero: z.string(), uf: z.string().length(2) });
export type Crm = z.infer<typeof CrmSchema>;

/** 'CRM/SP 123456', the way Brazilian doctors write their registration. */
export function formatCrm(crm: Crm): string {
  return `CRM/${crm.uf} ${crm.numero}`;
}

/**
 * One answer of the doctor autocomplete (`GET /api/medicos/search/:text` →
 * `{medicos}`; docs/telemedicine.md "Doctor autocomplete"): a registered, not
 * suspended doctor with its CRMs and its first specialty (alphabetical),
 * `null` when none is on record.
 */
export const MedicoOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  especialidade: z.string().nullable(),
  crms: z.array(CrmSchema),
});
export type MedicoOption = z.infer<typeof MedicoOptionSchema>;

/**
 * What choosing a registered doctor writes into `hospitalar` (docs/telemedicine.md
 * "Doctor autocomplete": CRM and specialty then disabled).
 */
export function hospitalarDoctorFields(medico: MedicoOption): {
  medico_id: number;
  medico_name: string;
  medico_crm: string | null;
  medico_especialidade: string | null;
} {
  const crm = medico.crms[0];
  return {
    medico_id: medico.id,
    medico_name: medico.name,
    medico_crm: crm ? formatCrm(crm) : null,
    medico_especialidade: medico.especialidade,
  };
}
