import { z } from 'zod';
import { CrmSchema } from '../medicos/medicos.ts';
import { cleanText } from '../shared/text.ts';
import { blankToNull } from '../shared/zod-helpers.ts';
import { UserViewSchema } from '../users/user.ts';
import type { PagamentoPrevisto } from './pagamento.ts';
import {
  ATENDIMENTO_STATUS_VALUES,
  TELEMEDICINA_MESSAGES as M,
  MEDICO_STATUS_VALUES,
  MENSAGEM_MAX,
  MOTIVO_MAX,
  PAGAMENTO_ATENDIMENTO,
  RECUSA_COMENTARIO_MAX,
  RECUSA_MOTIVO_VALUES,
} from './telemedicina.ts';

/**
 * Wire shapes of telemedicine (docs/api/telemedicina.md "Shapes"; what the fields
 * mean: docs/telemedicine.md "Doctors", docs/telemedicine.md "Request states",
 * docs/telemedicine.md "Messages"). Field names are the API contract's.
 */

const idSchema = z.number().int().positive();

/** Required free text: control characters removed (`cleanText`), trimmed, 1..max characters. */
function requiredText(max: number, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? cleanText(v).trim() : v),
    z.string({ error: message }).min(1, message).max(max, `Use no máximo ${max} caracteres`),
  );
}

/** A numeric enum sent as a number or its digit string. */
function numericChoice<const T extends readonly number[]>(values: T, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int(message)
      .refine((n): n is T[number] => values.includes(n), message),
  );
}

/** A city as shown with a doctor: `{descricao: 'Recife - PE'}`. */
export const CidadeDescricaoSchema = z.object({ id: z.number().int(), descricao: z.string() });

/** A clinic (`GET /api/clinicas/search/:text`): name and city. */
export const ClinicaViewSchema = z.object({
  id: idSchema,
  nome: z.string(),
  cidade: CidadeDescricaoSchema.nullable(),
});
export type ClinicaView = z.infer<typeof ClinicaViewSchema>;

/**
 * A doctor as patients see it (docs/telemedicine.md "Doctors").
 * `especialidade` is the first of `especialidades` (pt-BR alphabetical),
 * `cidade_descricao` the city's 'Nome - UF' (both forms of each are on the wire).
 * `bloqueado`: this doctor blocked the caller. `mensagens_novas`: the
 * caller's unread messages from this doctor. `verificado`: CRM checked by
 * staff (issue 9).
 */
export const MedicoViewSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatar: z.string().nullable(),
  especialidade: z.string().nullable(),
  especialidades: z.array(z.string()),
  cidade: CidadeDescricaoSchema.nullable(),
  cidade_descricao: z.string().nullable(),
  clinicas: z.array(z.object({ id: idSchema, nome: z.string() })),
  crms: z.array(CrmSchema),
  status: z.union(MEDICO_STATUS_VALUES.map((s) => z.literal(s))),
  bloqueado: z.boolean(),
  suporte: z.boolean(),
  verificado: z.boolean(),
  mensagens_novas: z.number().int().min(0),
});
export type MedicoView = z.infer<typeof MedicoViewSchema>;

/** {@link PagamentoPrevisto} on the wire (`GET /api/telemedicina/medico/:id` `pagamento_previsto`). */
export const PagamentoPrevistoSchema = z.object({
  forma: z.enum(['suporte', 'plano', 'credito']).nullable(),
  plano_restantes: z.number().int().min(0),
  creditos: z.number().int().min(0),
}) satisfies z.ZodType<PagamentoPrevisto>;

/** The patient of a session as its doctor sees it in lists and in the chat header. */
export const PacienteResumoSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatar: z.string().nullable(),
  code: z.string(),
  /** Whether the doctor has blocked this patient. */
  bloqueado: z.boolean(),
});
export type PacienteResumo = z.infer<typeof PacienteResumoSchema>;

/**
 * A care session (docs/telemedicine.md "Request states"). `pass`: it was
 * paid by a pass. `mensagens_novas`: messages in it the caller has not read.
 * `medico` and `paciente` are both carried; each side shows the other.
 * Instants are ISO strings (UTC).
 */
export const AtendimentoViewSchema = z.object({
  id: idSchema,
  status: z.enum(ATENDIMENTO_STATUS_VALUES),
  created_at: z.string(),
  updated_at: z.string(),
  accepted_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  motivo: z.string(),
  pass: z.boolean(),
  pagamento: z.enum(PAGAMENTO_ATENDIMENTO),
  mensagens_count: z.number().int().min(0),
  mensagens_novas: z.number().int().min(0),
  recusado_motivo: z.union(RECUSA_MOTIVO_VALUES.map((r) => z.literal(r))).nullable(),
  recusado_comentario: z.string().nullable(),
  medico: MedicoViewSchema,
  paciente: PacienteResumoSchema,
});
export type AtendimentoView = z.infer<typeof AtendimentoViewSchema>;

/**
 * A chat message (docs/telemedicine.md "Messages"). `content` is the text
 * (T) or the file's name (I, F); `url` a short-lived signed URL of the file
 * (I, F), `null` for text. `read_at`: when the other side read it.
 */
export const MensagemViewSchema = z.object({
  id: idSchema,
  atendimento_id: idSchema,
  from: z.enum(['U', 'M']),
  type: z.enum(['T', 'I', 'F']),
  content: z.string(),
  url: z.string().nullable(),
  size: z.number().int().min(0).nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type MensagemView = z.infer<typeof MensagemViewSchema>;

/** Which side of a session the caller is on. */
export const ChatRoleSchema = z.enum(['paciente', 'medico']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

/**
 * `GET /api/telemedicina/atendimento/:id` (docs/api/telemedicina.md "Chat (both
 * sides)"): the caller's own `user`, the session's doctor and patient, the
 * session, its latest {@link MENSAGENS_PAGE_SIZE} messages oldest first
 * (`has_more` when older ones exist), the subscription `lock`
 * (`isChatLocked`) and the caller's `role`.
 */
export const AtendimentoChatSchema = z.object({
  user: UserViewSchema,
  medico: MedicoViewSchema,
  paciente: PacienteResumoSchema,
  atendimento: AtendimentoViewSchema,
  mensagens: z.array(MensagemViewSchema),
  has_more: z.boolean(),
  lock: z.boolean(),
  role: ChatRoleSchema,
});
export type AtendimentoChat = z.infer<typeof AtendimentoChatSchema>;

/**
 * `POST /api/telemedicina/atendimento/medico/:id` body (docs/telemedicine.md
 * "The reason and the pass field"): `motivo` required; `pass` optional
 * (blank = none). With the pass option chosen on the form,
 * {@link SolicitarAtendimentoFormSchema} requires it.
 */
export const SolicitarAtendimentoSchema = z.object({
  motivo: requiredText(MOTIVO_MAX, M.motivo),
  pass: z.preprocess(blankToNull, z.string().max(20, M.passInvalid).nullable()).default(null),
});
export type SolicitarAtendimento = z.infer<typeof SolicitarAtendimentoSchema>;

/** The request-care form: with `usarPass` ticked the pass is required ('Informe o passe'). */
export const SolicitarAtendimentoFormSchema = z
  .object({
    motivo: requiredText(MOTIVO_MAX, M.motivo),
    usarPass: z.boolean(),
    pass: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.usarPass && value.pass.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['pass'], message: M.pass });
  });
export type SolicitarAtendimentoForm = z.infer<typeof SolicitarAtendimentoFormSchema>;

/**
 * `POST /api/denunciar/medico/:id` body (docs/telemedicine.md "Reporting a
 * doctor"): the reason is required.
 */
export const DenunciaSchema = z.object({ motivo: requiredText(MOTIVO_MAX, M.denunciaMotivo) });

/** `PUT /api/telemedicina/atendimento/:id/recusar` body: one of the three reasons, an optional comment. */
export const RecusaSchema = z.object({
  recusado_motivo: numericChoice(RECUSA_MOTIVO_VALUES, M.recusaMotivo),
  recusado_comentario: z.preprocess(
    blankToNull,
    z.string().max(RECUSA_COMENTARIO_MAX, `Use no máximo ${RECUSA_COMENTARIO_MAX} caracteres`).nullable(),
  ),
});

/** A text message (`POST …/mensagem` JSON or multipart with type T). */
export const MensagemTextoSchema = z.object({
  type: z.literal('T'),
  content: requiredText(MENSAGEM_MAX, M.content),
});

/** `PUT /api/medico/status` body: 2 disponível, 1 ocupado, 0 offline. */
export const MedicoStatusSchema = z.object({ status: numericChoice(MEDICO_STATUS_VALUES, M.status) });

/** `PUT /api/medico/bloqueio/:userId` body. */
export const BloqueioSchema = z.object({ bloqueado: z.boolean() });

/**
 * `PUT /api/telemedicina/medicos/search` body (docs/telemedicine.md "Finding
 * a doctor"): each filter an id or `null`/absent, `nome` text or blank, `skip`
 * the doctors already shown.
 */
export const MedicoSearchSchema = z.object({
  cidade: z.preprocess(blankToNull, z.coerce.number().int().positive().nullable()).default(null),
  clinica: z.preprocess(blankToNull, z.coerce.number().int().positive().nullable()).default(null),
  especialidade: z.preprocess(blankToNull, z.coerce.number().int().positive().nullable()).default(null),
  nome: z.preprocess(blankToNull, z.string().max(100).nullable()).default(null),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type MedicoSearch = z.infer<typeof MedicoSearchSchema>;

/** `{medicos, total}` of the doctor search. */
export const MedicosPageSchema = z.object({
  medicos: z.array(MedicoViewSchema),
  total: z.number().int().min(0),
});

/**
 * A single-use pass a doctor issued (docs/telemedicine.md "Passes"): `code`
 * canonical (shown with `formatPass`), `used_at` and the patient who used it.
 */
export const PassViewSchema = z.object({
  id: idSchema,
  code: z.string(),
  created_at: z.string(),
  used_at: z.string().nullable(),
  paciente: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type PassView = z.infer<typeof PassViewSchema>;
