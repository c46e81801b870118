import { z } from 'zod';
import { AUTH_MESSAGES, EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from '../auth/schemas.ts';
import { cleanText } from '../shared/text.ts';

/**
 * Doctors in the admin back-office (issue 9 "Doctors"): create, edit,
 * verify (CRM number + UF checked by staff), suspend, set the support flag.
 * The same rules as `npm run medico:create` (issue 6), shared by
 * `/api/admin/medicos` and the /admin/medicos forms.
 */

/** The 27 federative units (CRMs are regional: one council per UF). */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

/** pt-BR messages of the doctors' admin screens and routes. */
export const ADMIN_MEDICO_MESSAGES = {
  crmInvalid: 'Use número/UF para cada CRM, ex. 123456/SP',
  crmRequired: 'Informe ao menos um CRM (número/UF, ex. 123456/SP)',
  crmTaken: 'Este CRM já está cadastrado para outro médico',
  cidadeInvalid: 'Informe o código IBGE do município (7 dígitos, ex. 3550308)',
  cidadeUnknown: 'Não há município com este código IBGE',
  clinicaSemCidade: 'Informe também o município das clínicas',
  clinicaLonga: 'O nome de cada clínica deve ter no máximo 255 caracteres',
  especialidadeUnknown: 'Especialidade desconhecida (use um nome da lista do CFM)',
  emailTaken: 'Já existe uma conta com este e-mail. Use outro e-mail para a conta de médico.',
  suporteExists: 'Já existe um médico de suporte. Tire a marca de suporte dele antes.',
  notFound: 'Médico não encontrado',
  /** 403 of the doctor area to a suspended doctor (issue 9: a suspended doctor cannot sign in at /medico). */
  suspendedArea: 'Sua conta de médico está suspensa. Fale com a equipe do Pulso.',
  created: 'Médico cadastrado',
  saved: 'Dados do médico salvos',
  verified: 'CRM verificado',
  unverified: 'Verificação retirada',
  suspended: 'Médico suspenso',
  reactivated: 'Médico reativado',
  suporteSet: 'Médico de suporte definido',
  suporteUnset: 'Marca de suporte retirada',
} as const;

/** Most CRMs, specialties or clinics one doctor carries. */
export const MEDICO_LIST_MAX = 20;

const CRM_TEXT = /^(?:CRM[\s-]*)?(\d{1,10})\s*[/-]\s*([A-Za-z]{2})$/i;

/**
 * Reads 'numero/UF' ('123456/SP', 'CRM 123456-sp'): answers `{numero, uf}`
 * with the leading zeros dropped (not part of the number a council issues)
 * and the UF upper-case, or `null` when it is not a CRM of one of the 27 UFs.
 */
export function parseCrm(text: string): { numero: string; uf: Uf } | null {
  const match = CRM_TEXT.exec(text.trim());
  const uf = match?.[2]?.toUpperCase() ?? '';
  if (!match?.[1] || !(UFS as readonly string[]).includes(uf)) return null;
  return { numero: String(Number(match[1])), uf: uf as Uf };
}

/** Splits a comma- or line-separated text into trimmed, non-empty, inner-space-collapsed items. */
function splitList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return cleanText(value)
    .split(/[,;\n]/)
    .map((v) => v.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/**
 * A doctor's CRMs: an array of `{numero, uf}` or of 'numero/UF' texts, or
 * one text with them separated by commas. Each is checked (1–10 digits, one
 * of the 27 UFs, else {@link ADMIN_MEDICO_MESSAGES.crmInvalid}); repeats are
 * dropped; at most {@link MEDICO_LIST_MAX}.
 */
export const CrmListSchema = z.preprocess(
  (value) => {
    const list = splitList(value);
    if (!Array.isArray(list)) return list;
    const out: unknown[] = [];
    for (const item of list) {
      const text =
        typeof item === 'string'
          ? item
          : item && typeof item === 'object' && 'numero' in item && 'uf' in item
            ? `${String((item as { numero: unknown }).numero)}/${String((item as { uf: unknown }).uf)}`
            : null;
      const crm = text === null ? null : parseCrm(text);
      // Not a list of CRMs: the array's own message.
      if (!crm) return null;
      if (
        !out.some(
          (c) => (c as { numero: string }).numero === crm.numero && (c as { uf: string }).uf === crm.uf,
        )
      )
        out.push(crm);
    }
    return out;
  },
  z
    .array(z.object({ numero: z.string(), uf: z.enum(UFS) }), { error: ADMIN_MEDICO_MESSAGES.crmInvalid })
    .max(MEDICO_LIST_MAX, `Informe no máximo ${MEDICO_LIST_MAX} CRMs`),
);

const nameList = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => {
      const list = splitList(v ?? []);
      return Array.isArray(list)
        ? [
            ...new Set(
              list.map((s) => (typeof s === 'string' ? s.trim().replace(/\s+/g, ' ') : s)).filter(Boolean),
            ),
          ]
        : list;
    },
    z.array(z.string().max(max, tooLong)).max(MEDICO_LIST_MAX, `Informe no máximo ${MEDICO_LIST_MAX}`),
  );

/** Specialty names of the CFM list (accents and case are ignored when the server finds them). */
export const EspecialidadeListSchema = nameList(120, 'Nome de especialidade longo demais');

/** Clinic names (found or created in the doctor's city), each at most 255 characters. */
export const ClinicaListSchema = nameList(255, ADMIN_MEDICO_MESSAGES.clinicaLonga);

/** An IBGE municipality code (7 digits) or `null`; a blank text is `null`. */
export const CidadeIdSchema = z.preprocess((v) => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return null;
    return /^\d{7}$/.test(t) ? Number(t) : Number.NaN;
  }
  return v;
}, z
  .number({ error: ADMIN_MEDICO_MESSAGES.cidadeInvalid })
  .int(ADMIN_MEDICO_MESSAGES.cidadeInvalid)
  .min(1_000_000, ADMIN_MEDICO_MESSAGES.cidadeInvalid)
  .max(9_999_999, ADMIN_MEDICO_MESSAGES.cidadeInvalid)
  .nullable());

const nameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? cleanText(v).trim().replace(/\s+/g, ' ') : v),
  z.string({ error: AUTH_MESSAGES.name }).min(1, AUTH_MESSAGES.name).max(255, AUTH_MESSAGES.nameLong),
);

/**
 * `PUT /api/admin/medicos/:id` body and the edit form: `name` (1–255 after
 * spaces collapse), `crms` (at least one unless the doctor is the support
 * pseudo-doctor — checked by the server, which knows), `especialidades`
 * (CFM names), `cidade_id` (IBGE, or `null`), `clinicas` (names; they
 * need a city, else {@link ADMIN_MEDICO_MESSAGES.clinicaSemCidade}).
 */
export const MedicoEditSchema = z
  .object({
    name: nameSchema,
    crms: CrmListSchema,
    especialidades: EspecialidadeListSchema,
    cidade_id: CidadeIdSchema,
    clinicas: ClinicaListSchema,
  })
  .superRefine((v, ctx) => {
    if (v.clinicas.length > 0 && v.cidade_id === null) {
      ctx.addIssue({ code: 'custom', path: ['cidade_id'], message: ADMIN_MEDICO_MESSAGES.clinicaSemCidade });
    }
  });
export type MedicoEdit = z.output<typeof MedicoEditSchema>;

/**
 * `POST /api/admin/medicos` body and the create form (the rules of `npm run
 * medico:create`): the edit fields plus `email` (x@y.z, ≤ 255, stored
 * lower-case), `password` ({@link PASSWORD_MIN_LENGTH}–1024) and `suporte`
 * (the one support pseudo-doctor; a doctor without `suporte` needs at least
 * one CRM, else {@link ADMIN_MEDICO_MESSAGES.crmRequired}).
 */
export const MedicoCreateSchema = z
  .object({
    name: nameSchema,
    email: z.preprocess(
      (v) => (typeof v === 'string' ? cleanText(v).trim().toLowerCase() : v),
      z
        .string({ error: AUTH_MESSAGES.email })
        .min(1, AUTH_MESSAGES.email)
        .max(255, AUTH_MESSAGES.emailInvalid)
        .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid),
    ),
    password: z
      .string({ error: AUTH_MESSAGES.password })
      .min(1, AUTH_MESSAGES.password)
      .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordShort)
      .max(1024, 'A senha deve ter no máximo 1024 caracteres'),
    crms: CrmListSchema,
    especialidades: EspecialidadeListSchema,
    cidade_id: CidadeIdSchema,
    clinicas: ClinicaListSchema,
    suporte: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.crms.length === 0 && !v.suporte) {
      ctx.addIssue({ code: 'custom', path: ['crms'], message: ADMIN_MEDICO_MESSAGES.crmRequired });
    }
    if (v.clinicas.length > 0 && v.cidade_id === null) {
      ctx.addIssue({ code: 'custom', path: ['cidade_id'], message: ADMIN_MEDICO_MESSAGES.clinicaSemCidade });
    }
  });
export type MedicoCreate = z.output<typeof MedicoCreateSchema>;

/** `GET /api/admin/medicos` filters: `status` ativos / suspensos / todos; `verificacao` verificados / pendentes / todos. */
export const MEDICO_FILTRO_STATUS = ['todos', 'ativos', 'suspensos'] as const;
export const MEDICO_FILTRO_VERIFICACAO = ['todos', 'verificados', 'nao_verificados'] as const;

/** Labels of the filters. */
export const MEDICO_FILTRO_LABELS = {
  todos: 'Todos',
  ativos: 'Ativos',
  suspensos: 'Suspensos',
  verificados: 'Verificados',
  nao_verificados: 'Não verificados',
} as const;

/** Doctors per page of `GET /api/admin/medicos`. */
export const ADMIN_MEDICOS_PAGE_SIZE = 30;

/** One row of the admin doctors' list (`verified_at`, `suspended_at`, `created_at`: ISO instants or `null`). */
export interface AdminMedicoItem {
  id: number;
  user_id: number;
  name: string;
  email: string;
  crms: { numero: string; uf: string }[];
  suporte: boolean;
  verified_at: string | null;
  suspended_at: string | null;
  created_at: string;
}

/** A doctor in the admin detail: the list row plus specialties, city and clinics. */
export interface AdminMedicoDetail extends AdminMedicoItem {
  especialidades: string[];
  cidade_id: number | null;
  cidade: string | null;
  clinicas: string[];
}
