import { z } from 'zod';
import { SETTINGS_MESSAGES } from './schemas.ts';

/** The word the patient types to confirm "Excluir minha conta e meus dados" (docs/account-deletion.md "Asking"). */
export const DELETION_CONFIRMATION = 'EXCLUIR';

/** Days between the request and the erasure; signing in before cancels it (docs/account-deletion.md "Grace"). */
export const DELETION_GRACE_DAYS = 7;

/** pt-BR messages of the deletion (docs/account-deletion.md). */
export const DELETION_MESSAGES = {
  password: 'Informe sua senha para excluir a conta',
  passwordWrong: SETTINGS_MESSAGES.closePasswordWrong,
  confirmacao: `Digite ${DELETION_CONFIRMATION} para confirmar a exclusão`,
  /** The answer to the request: when the data will be erased (`dia` dd/mm/aaaa, America/Sao_Paulo). */
  requested: (dia: string) =>
    `Sua conta foi desativada e os seus dados serão excluídos em ${dia}. Para cancelar, entre de novo até lá.`,
  /** The sign-in answer that cancelled a pending deletion. */
  cancelled: 'A exclusão da sua conta foi cancelada.',
  /** Doctor and staff accounts are not erased by the patient's own button (docs/account-deletion.md "Who"). */
  notForThisAccount: (contato: string) =>
    `Contas de médico ou da equipe não podem ser excluídas por aqui. Escreva para ${contato}.`,
} as const;

/**
 * `POST /api/settings/excluir` body (docs/account-deletion.md "Asking"): the account's password and
 * `confirmacao`, the word {@link DELETION_CONFIRMATION} typed exactly (upper case; spaces around it are
 * ignored, as a phone keyboard may add one).
 */
export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: DELETION_MESSAGES.password })
    .min(1, { error: DELETION_MESSAGES.password, abort: true })
    .max(1024, DELETION_MESSAGES.passwordWrong),
  confirmacao: z
    .string({ error: DELETION_MESSAGES.confirmacao })
    .max(100, { error: DELETION_MESSAGES.confirmacao, abort: true })
    .refine((value) => value.trim() === DELETION_CONFIRMATION, DELETION_MESSAGES.confirmacao),
});
export type DeleteAccount = z.output<typeof DeleteAccountSchema>;

const GRACE_MS = DELETION_GRACE_DAYS * 24 * 3600 * 1000;

/** The instant an account whose deletion was asked at `requestedAt` is erased: {@link DELETION_GRACE_DAYS} later. */
export function deletionDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + GRACE_MS);
}

/**
 * Where the grace stands at `now` (docs/account-deletion.md "Grace"): a deletion asked at this instant or
 * before is due and the erasure job takes it; one asked after it is still cancelled by signing in.
 */
export function deletionGraceStart(now: Date): Date {
  return new Date(now.getTime() - GRACE_MS);
}
