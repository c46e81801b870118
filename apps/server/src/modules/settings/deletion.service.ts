import { verify } from '@node-rs/argon2';
import {
  DELETION_MESSAGES,
  type DeleteAccount,
  deletionDueAt,
  formatInstantBR,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, AppContext } from '../../context.ts';
import { medicos, staff, users } from '../../db/schema/index.ts';
import { fieldError, HttpError } from '../../errors.ts';
import { runMailJob } from '../../platform/mail-jobs.ts';
import { deletionRequestedMail } from '../../platform/mail-templates.ts';
import { closeAndRevoke } from './settings.service.ts';

/**
 * "Excluir minha conta e meus dados" (`POST /settings/excluir`; docs/account-deletion.md "Asking"): once
 * `input.password` is the account's own, the account is closed at once (`is_active` false, `closed_at`), its
 * deletion marked (`exclusao_solicitada_em` now) and every session revoked, in one transaction; a pt-BR mail
 * tells the day of the erasure, 7 days later, and that signing in before cancels it. Answers that instant.
 * Nothing is erased here: the erasure job does it (erasure.ts). Errors: 401 when the account is gone or
 * closed; 422 `password` 'Senha incorreta'; 409 for a doctor or staff account (docs/account-deletion.md
 * "Who"), whose erasure would take other people's records with it.
 */
export async function requestDeletion(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: Actor,
  input: DeleteAccount,
): Promise<Date> {
  const { db } = ctx.database;
  const [row] = await db
    .select({
      password_hash: users.password_hash,
      name: users.name,
      email: users.email,
      medico: medicos.id,
      staff: staff.user_id,
    })
    .from(users)
    .leftJoin(medicos, eq(medicos.user_id, users.id))
    .leftJoin(staff, eq(staff.user_id, users.id))
    .where(and(eq(users.id, actor.userId), eq(users.is_active, true)))
    .limit(1);
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  if (!(await verify(row.password_hash, input.password))) {
    throw fieldError('password', DELETION_MESSAGES.passwordWrong);
  }
  if (row.medico !== null || row.staff !== null) {
    throw new HttpError(409, DELETION_MESSAGES.notForThisAccount(ctx.config.contato.email));
  }
  const now = new Date();
  await closeAndRevoke(db, actor.userId, now, true);
  const due = deletionDueAt(now);
  const message = deletionRequestedMail({
    to: row.email,
    name: row.name,
    dia: formatInstantBR(due),
    link: `${ctx.config.publicOrigin}/login`,
  });
  runMailJob(ctx, log, 'deletion_requested', () => ctx.mailer.send(message));
  return due;
}
