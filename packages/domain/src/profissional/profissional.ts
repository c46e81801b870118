import { z } from 'zod';
import { blankToNull } from '../shared/zod-helpers.ts';

/**
 * The emergency professional's credential of /profissional (docs/codes.md
 * "Emergency professional"; docs/api/indicadores-score-profissional.md "Emergency professional";
 * docs/authorization.md "Who sees what through the code" level 3; issue 7).
 * One per account; once registered its fields are locked and only the whole
 * record can be deleted.
 */

/** pt-BR messages of /profissional and its routes (docs/codes.md "Registering and its messages"). */
export const PROFISSIONAL_MESSAGES = {
  tipo: 'Informe o tipo de profissional',
  numero: 'Informe seu número de cadastro',
  documento: 'Anexe uma foto do seu documento',
  numeroInvalido: 'Use letras, números, espaço, ponto, barra ou hífen, com pelo menos um número',
  documentoTipo: 'Envie uma foto do documento (JPEG, PNG ou WebP)',
  documentoUm: 'Envie uma foto só',
  saved: 'Cadastro de profissional realizado com sucesso!',
  deleted: 'Cadastro de profissional excluído com sucesso!',
  exists: 'Você já tem um cadastro de profissional. Para mudar os dados, exclua o cadastro e faça outro.',
  notFound: 'Você não tem cadastro de profissional.',
  documentoLink: 'Link do documento expirado ou inválido. Abra a página novamente.',
  documentoNotFound: 'Documento não encontrado',
} as const;

/** Kinds of emergency professional (docs/codes.md "The credential"): M Médico, B Bombeiro, S SAMU. */
export const PROFISSIONAL_TIPOS = ['M', 'B', 'S'] as const;
export type ProfissionalTipo = (typeof PROFISSIONAL_TIPOS)[number];

/** The label of each kind (docs/codes.md "The credential"). */
export const PROFISSIONAL_TIPO_LABELS: Record<ProfissionalTipo, string> = {
  M: 'Médico',
  B: 'Bombeiro',
  S: 'SAMU',
};

/** True when `value` is one of {@link PROFISSIONAL_TIPOS}. */
export function isProfissionalTipo(value: unknown): value is ProfissionalTipo {
  return (PROFISSIONAL_TIPOS as readonly unknown[]).includes(value);
}

/**
 * Staff review of a credential (issue 9): `pendente` until reviewed, then
 * `verificado` or `rejeitado`.
 */
export const PROFISSIONAL_STATUS = ['pendente', 'verificado', 'rejeitado'] as const;
export type ProfissionalStatus = (typeof PROFISSIONAL_STATUS)[number];

/** How the owner reads each review status on /profissional (always as text, never by colour alone). */
export const PROFISSIONAL_STATUS_LABELS: Record<ProfissionalStatus, string> = {
  pendente: 'Aguardando verificação',
  verificado: 'Verificado',
  rejeitado: 'Recusado',
};

/**
 * Whether a credential makes its holder a health professional for level 3
 * of the public view (docs/codes.md "Once registered"; docs/authorization.md
 * "Who sees what through the code": any signed-in doctor or registered
 * emergency professional; issue 9: "only verified ones count for the public
 * view's level 3"): only one staff have marked `verificado`; a pending or
 * rejected one does not count.
 * The only copy of the rule: the server's viewer classification
 * (`modules/code/viewer.service.ts`) reads the status and asks this function.
 */
export function countsForLevel3(status: ProfissionalStatus): boolean {
  return status === 'verificado';
}

/** Longest registration number (`profissionais.numero`, varchar 30). */
export const PROFISSIONAL_NUMERO_MAX = 30;

/** Widest document photo sent, in pixels (docs/codes.md "Registering and its messages": 800). */
export const DOCUMENTO_MAX_WIDTH = 800;

/** JPEG quality of the document photo sent (docs/codes.md "Registering and its messages": 0.5). */
export const DOCUMENTO_JPEG_QUALITY = 0.5;

// A registration number as printed on Brazilian credentials: 'CRM-SP 123456', '123.456/PE', 'BM 4521'.
const NUMERO = /^[\p{L}\d](?:[\p{L}\d ./-]*[\p{L}\d])?$/u;

/**
 * The text fields of `POST /api/profissional` (multipart, with the photo
 * `documento` checked apart: docs/codes.md "Registering and its messages",
 * 'Anexe uma foto do seu documento').
 * - `tipo`: `M`, `B` or `S`, else 'Informe o tipo de profissional'.
 * - `numero`: the registration number (CRM, COREN, matrícula), trimmed and
 *   inner spaces collapsed; blank → 'Informe seu número de cadastro'; at most
 *   {@link PROFISSIONAL_NUMERO_MAX} characters; letters, digits, space, `.`,
 *   `/`, `-`, starting and ending with a letter or digit, with at least one
 *   digit, else {@link PROFISSIONAL_MESSAGES.numeroInvalido}.
 */
export const ProfissionalCreateSchema = z.object({
  tipo: z.preprocess(blankToNull, z.enum(PROFISSIONAL_TIPOS, { error: PROFISSIONAL_MESSAGES.tipo })),
  numero: z.preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === 'string' ? b.replace(/\s+/g, ' ') : b;
    },
    z
      .string({ error: PROFISSIONAL_MESSAGES.numero })
      .max(PROFISSIONAL_NUMERO_MAX, `Use no máximo ${PROFISSIONAL_NUMERO_MAX} caracteres`)
      .refine((n) => NUMERO.test(n) && /\d/.test(n), PROFISSIONAL_MESSAGES.numeroInvalido),
  ),
});
export type ProfissionalCreate = z.output<typeof ProfissionalCreateSchema>;

/**
 * A credential as its owner sees it (docs/codes.md "The credential": id,
 * tipo, numero, documento). `documento` is a short-lived signed URL of the
 * photo (15–16 minutes, `/api/profissional/documento/:id/:expires/:signature`),
 * handed only to the owner; `status` the staff review; `created_at` ISO (UTC).
 */
export const ProfissionalViewSchema = z.object({
  id: z.number().int().positive(),
  tipo: z.enum(PROFISSIONAL_TIPOS),
  numero: z.string(),
  documento: z.string(),
  status: z.enum(PROFISSIONAL_STATUS),
  created_at: z.string(),
});
export type ProfissionalView = z.output<typeof ProfissionalViewSchema>;

/** `GET /api/profissional`: the caller's credential, or `null` when none is registered. */
export const ProfissionalAnswerSchema = z.object({ profissional: ProfissionalViewSchema.nullable() });
export type ProfissionalAnswer = z.output<typeof ProfissionalAnswerSchema>;

/** `POST /api/profissional` 201: the message and the registered credential. */
export const ProfissionalSavedSchema = z.object({
  message: z.string(),
  profissional: ProfissionalViewSchema,
});
export type ProfissionalSaved = z.output<typeof ProfissionalSavedSchema>;

/** `DELETE /api/profissional` 200: the message and `profissional: null` (the whole record is gone). */
export const ProfissionalDeletedSchema = z.object({ message: z.string(), profissional: z.null() });
export type ProfissionalDeleted = z.output<typeof ProfissionalDeletedSchema>;
