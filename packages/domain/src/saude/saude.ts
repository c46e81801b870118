import { z } from 'zod';
import { onlyDigits } from '../shared/mask.ts';
import { blankToNull, optionalText } from '../shared/zod-helpers.ts';
import { UserViewSchema } from '../users/user.ts';

/** pt-BR messages of /saude (docs/health-record.md "My Health"; issue 4 "My Health"). */
export const SAUDE_MESSAGES = {
  sus: 'Informe um número do SUS válido',
  convenio_numero: 'O número do convênio deve ter apenas números',
  medico_id: 'Escolha um médico da lista ou apague a escolha e digite o nome',
  doencas: 'Escolha doenças da lista',
  saved: 'Salvo com sucesso',
} as const;

/** Longest free-text answer of a /saude card. */
export const SAUDE_TEXT_MAX = 2000;

/**
 * Whether `digits` is a valid CNS (Cartão Nacional de Saúde), by the Ministry
 * of Health's published routine:
 * - 15 digits;
 * - starting with 1 or 2 (definitive, from the PIS): with the first 11
 *   digits weighted 15..5, `dv = 11 − sum mod 11` (11 → 0); when `dv` is 10
 *   the sum gains 2 and `dv` is recomputed, and the number must be the PIS
 *   followed by `001` and `dv`; otherwise by `000` and `dv`;
 * - starting with 7, 8 or 9 (provisional): the 15 digits weighted 15..1 must
 *   add up to a multiple of 11;
 * - any other first digit is invalid.
 */
export function isValidCns(digits: string): boolean {
  if (!/^\d{15}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const first = d[0];
  if (first === 1 || first === 2) {
    const pis = digits.slice(0, 11);
    let sum = 0;
    for (let i = 0; i < 11; i++) sum += (d[i] ?? 0) * (15 - i);
    let dv = 11 - (sum % 11);
    if (dv === 11) dv = 0;
    if (dv === 10) {
      sum += 2;
      dv = 11 - (sum % 11);
      return digits === `${pis}001${dv}`;
    }
    return digits === `${pis}000${dv}`;
  }
  if (first === 7 || first === 8 || first === 9) {
    let sum = 0;
    for (let i = 0; i < 15; i++) sum += (d[i] ?? 0) * (15 - i);
    return sum % 11 === 0;
  }
  return false;
}

const text = optionalText(SAUDE_TEXT_MAX);

/**
 * `PUT /api/saude` body (docs/health-record.md "Health information"): free
 * text, blank → `null`; `sus` typed with the mask `### #### #### ####` or as
 * 15 digits, stored as digits and checked by {@link isValidCns}.
 */
export const SaudeSchema = z.object({
  alergias: text,
  problemas: text,
  medicamentos: text,
  tratamento: text,
  protese: text,
  sus: z.preprocess(
    (v) => (typeof v === 'string' && /^[\d\s.-]*$/.test(v) ? blankToNull(onlyDigits(v)) : blankToNull(v)),
    z.string({ error: SAUDE_MESSAGES.sus }).refine(isValidCns, SAUDE_MESSAGES.sus).nullable(),
  ),
});
export type Saude = z.output<typeof SaudeSchema>;
export type SaudeInput = z.input<typeof SaudeSchema>;

/**
 * `PUT /api/hospitalar` body (docs/health-record.md "Hospital information").
 * `convenio_numero` is digits only (no mask is stripped: a letter is an error,
 * not noise). `medico_id` names a registered doctor chosen by autocomplete, or
 * is `null` for a doctor typed as free text; with an id, the server takes name,
 * CRM and specialty from the doctor's record (docs/health-record.md "Hospital
 * information": those fields are then disabled) and refuses an unknown or
 * suspended doctor with `errors.medico_id`.
 */
export const HospitalarSchema = z.object({
  convenio_empresa: optionalText(255),
  convenio_numero: z.preprocess(
    blankToNull,
    z
      .string({ error: SAUDE_MESSAGES.convenio_numero })
      .max(40, 'Use no máximo 40 caracteres')
      .regex(/^\d+$/, SAUDE_MESSAGES.convenio_numero)
      .nullable(),
  ),
  hospital: optionalText(255),
  medico_id: z.preprocess(
    (v) => (v === undefined || v === '' ? null : v),
    z.coerce
      .number({ error: SAUDE_MESSAGES.medico_id })
      .int(SAUDE_MESSAGES.medico_id)
      .positive(SAUDE_MESSAGES.medico_id)
      .nullable(),
  ),
  medico_name: optionalText(255),
  medico_crm: optionalText(30),
  medico_especialidade: optionalText(120),
});
export type Hospitalar = z.output<typeof HospitalarSchema>;
export type HospitalarInput = z.input<typeof HospitalarSchema>;

/** `PUT /api/doencas` body: the checklist as shown, `checked` per disease id. */
export const DoencasUpdateSchema = z.object({
  doencas: z
    .array(
      z.object({
        id: z.coerce
          .number({ error: SAUDE_MESSAGES.doencas })
          .int(SAUDE_MESSAGES.doencas)
          .positive(SAUDE_MESSAGES.doencas),
        checked: z.boolean({ error: SAUDE_MESSAGES.doencas }),
      }),
      { error: SAUDE_MESSAGES.doencas },
    )
    .max(500, SAUDE_MESSAGES.doencas),
});
export type DoencasUpdate = z.output<typeof DoencasUpdateSchema>;

const viewText = z.string().nullable();

/** `user.saude` as answered; `sus` is 15 digits. */
export const SaudeViewSchema = z.object({
  alergias: viewText,
  problemas: viewText,
  medicamentos: viewText,
  tratamento: viewText,
  protese: viewText,
  sus: viewText,
});
export type SaudeView = z.infer<typeof SaudeViewSchema>;

/** `user.hospitalar` as answered; `medico_id` is the registered doctor's id or `null` (free text). */
export const HospitalarViewSchema = z.object({
  convenio_empresa: viewText,
  convenio_numero: viewText,
  hospital: viewText,
  medico_id: z.number().int().nullable(),
  medico_name: viewText,
  medico_crm: viewText,
  medico_especialidade: viewText,
});
export type HospitalarView = z.infer<typeof HospitalarViewSchema>;

/** The owner's view on /saude: `UserView` plus `saude` and `hospitalar` (never in the public view). */
export const UserHealthViewSchema = UserViewSchema.extend({
  saude: SaudeViewSchema,
  hospitalar: HospitalarViewSchema,
});
export type UserHealthView = z.infer<typeof UserHealthViewSchema>;

/** One disease of the checklist with the patient's mark. */
export const DoencaViewSchema = z.object({ id: z.number().int(), nome: z.string(), checked: z.boolean() });
export type DoencaView = z.infer<typeof DoencaViewSchema>;

/** A medical specialty (`especialidades` table). */
export const EspecialidadeViewSchema = z.object({ id: z.number().int(), nome: z.string() });
