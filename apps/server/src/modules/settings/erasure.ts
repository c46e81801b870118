import { createHash } from 'node:crypto';
import { DELETION_GRACE_DAYS, deletionGraceStart } from '@pulso/domain';
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  atendimentos,
  audit_log,
  company_invitations,
  data_exports,
  denuncias,
  login_failures,
  mensagens,
  payment_customers,
  payments,
  profissionais,
  qrcode_orders,
  replaced_codes,
  retained_record_files,
  retained_records,
  retired_codes,
  sandbox_charges,
  sandbox_payment_methods,
  storage_deletions,
  subscriptions,
  timeline_anexos,
  timeline_items,
  users,
} from '../../db/schema/index.ts';
import type { JobLog } from '../../platform/jobs.ts';
import type { Storage } from '../../platform/storage.ts';
import { avatarKey } from '../home/index.ts';
import { retainDoctorRecords } from './retention.ts';

/** Accounts erased per run at most; the rest wait for the next run (docs/account-deletion.md "The job"). */
const ACCOUNTS_PER_RUN = 20;
/** Storage deletions tried per run at most. */
const FILES_PER_RUN = 1000;

/** What one run of {@link runErasure} did. */
export interface ErasureRun {
  erased: number;
  purged: number;
  files: number;
}

/**
 * The erasure job (docs/account-deletion.md "The job"; `main.ts` runs it hourly): erases each account whose
 * deletion was asked {@link DELETION_GRACE_DAYS} days or more before `now` ({@link eraseAccount}), erases the
 * retained records whose 20 years are over, then deletes from storage the files those transactions queued in
 * `storage_deletions` (and any a previous run could not delete). Idempotent: a run that dies anywhere leaves
 * either an account untouched or erased with its files still queued.
 */
export async function runErasure(ctx: AppContext, log: JobLog, now = new Date()): Promise<ErasureRun> {
  const { db } = ctx.database;
  const cutoff = deletionGraceStart(now);
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(lte(users.exclusao_solicitada_em, cutoff))
    .orderBy(asc(users.exclusao_solicitada_em))
    .limit(ACCOUNTS_PER_RUN);
  let erased = 0;
  for (const { id } of due) {
    try {
      await cancelProviderSubscriptions(ctx, id, now);
      if (await eraseAccount(db, id, cutoff, now)) erased += 1;
    } catch (error) {
      log.error(
        { err: error, userId: id },
        'erasure: an account could not be erased; retried at the next run',
      );
    }
  }
  const purged = await purgeExpiredRecords(db, now);
  const files = await flushStorageDeletions(db, ctx.storage, log);
  if (erased + purged + files > 0) log.info({ erased, purged, files }, 'erasure: done');
  return { erased, purged, files };
}

/**
 * Ends now, at the payment provider, the plans of `userId` it bills (Stripe Billing), so that an erased
 * account is never charged again; the sandbox's plans are billed by Pulso and end with their rows.
 */
async function cancelProviderSubscriptions(ctx: AppContext, userId: number, now: Date): Promise<void> {
  const billing = ctx.payments.billing;
  if (!billing) return;
  const live = await ctx.database.db
    .select({ id: subscriptions.provider_subscription_id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.user_id, userId),
        isNotNull(subscriptions.provider_subscription_id),
        gt(subscriptions.current_period_end, now),
      ),
    );
  for (const { id } of live) if (id) await billing.cancelNow(id);
}

/** Every storage key a row of patient `userId` holds (docs/account-deletion.md "Files"). */
async function fileKeysOf(tx: Db, userId: number, avatar: string | null): Promise<string[]> {
  const [anexos, chat, documentos, exports] = await Promise.all([
    tx
      .select({ key: timeline_anexos.path })
      .from(timeline_anexos)
      .innerJoin(timeline_items, eq(timeline_items.id, timeline_anexos.timeline_item_id))
      .where(eq(timeline_items.user_id, userId)),
    tx
      .select({ key: mensagens.file_key })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimento_id))
      .where(and(eq(atendimentos.user_id, userId), isNotNull(mensagens.file_key))),
    tx
      .select({ key: profissionais.documento })
      .from(profissionais)
      .where(and(eq(profissionais.user_id, userId), isNotNull(profissionais.documento))),
    tx
      .select({ key: data_exports.file_key })
      .from(data_exports)
      .where(and(eq(data_exports.user_id, userId), isNotNull(data_exports.file_key))),
  ]);
  const keys = [...anexos, ...chat, ...documentos, ...exports].flatMap((row) => row.key ?? []);
  return avatar ? [avatarKey(avatar), ...keys] : keys;
}

/**
 * Erases patient `userId` in one transaction (docs/account-deletion.md "What is erased", "What is kept and
 * why"), when its deletion is still asked and was asked at or before `cutoff` (the row is locked first: a
 * sign-in cancelling it at the same moment either wins, and nothing is erased, or finds no account). In order:
 * the doctors' records are copied into `retained_records`; every other stored file of the patient is queued in
 * `storage_deletions`; the code and the codes it replaced go to `retired_codes`; paid and pending payments keep
 * amount, date, description, status and the provider's reference with no link to the person (refused ones are
 * deleted), and the sandbox provider's cards and charges of the patient are deleted; the audit log keeps who
 * acted on the patient's entities but not the before/after; a company invitation the patient used forgets the
 * e-mail; the sign-in throttle row of the e-mail goes; then the `users` row, whose foreign keys cascade to
 * every other table of the patient. Answers whether it erased.
 */
export async function eraseAccount(db: Db, userId: number, cutoff: Date, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, code: users.code, email: users.email, avatar: users.avatar })
      .from(users)
      .where(and(eq(users.id, userId), lte(users.exclusao_solicitada_em, cutoff)))
      .for('update');
    if (!user) return false;
    const kept = await retainDoctorRecords(tx, userId, now);
    const doomed = (await fileKeysOf(tx, userId, user.avatar)).filter((key) => !kept.has(key));
    if (doomed.length > 0) {
      await tx
        .insert(storage_deletions)
        .values(doomed.map((file_key) => ({ file_key, created_at: now })))
        .onConflictDoNothing();
    }
    const replaced = await tx
      .select({ code: replaced_codes.code })
      .from(replaced_codes)
      .where(eq(replaced_codes.user_id, userId));
    await tx
      .insert(retired_codes)
      .values([user.code, ...replaced.map((r) => r.code)].map((code) => ({ code, retired_at: now })))
      .onConflictDoNothing();

    await tx.delete(payments).where(and(eq(payments.user_id, userId), eq(payments.status, 'recusado')));
    await tx
      .update(payments)
      .set({
        user_id: null,
        referencia_id: null,
        compra: null,
        falha: null,
        idempotency_key: sql`'excluido:' || ${payments.id}`,
        updated_at: now,
      })
      .where(eq(payments.user_id, userId));
    const customers = tx
      .select({ id: payment_customers.customer_id })
      .from(payment_customers)
      .where(eq(payment_customers.user_id, userId));
    await tx.delete(sandbox_payment_methods).where(inArray(sandbox_payment_methods.customer_id, customers));
    await tx.delete(sandbox_charges).where(inArray(sandbox_charges.customer_id, customers));

    const entity = (name: string, ids: { id: number }[]) =>
      ids.length === 0
        ? sql`false`
        : and(
            eq(audit_log.entidade, name),
            inArray(
              audit_log.entidade_id,
              ids.map((row) => String(row.id)),
            ),
          );
    const [profissional, reports, orders] = await Promise.all([
      tx.select({ id: profissionais.id }).from(profissionais).where(eq(profissionais.user_id, userId)),
      tx.select({ id: denuncias.id }).from(denuncias).where(eq(denuncias.user_id, userId)),
      tx.select({ id: qrcode_orders.id }).from(qrcode_orders).where(eq(qrcode_orders.user_id, userId)),
    ]);
    await tx
      .update(audit_log)
      .set({ antes: null, depois: null })
      .where(or(entity('profissional', profissional), entity('denuncia', reports), entity('pedido', orders)));

    await tx.update(company_invitations).set({ email: null }).where(eq(company_invitations.used_by, userId));
    const emailHash = createHash('sha256').update(user.email.toLowerCase()).digest('hex');
    await tx.delete(login_failures).where(eq(login_failures.email_hash, emailHash));
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  });
}

/** Erases the retained records whose `guardar_ate` has passed, queuing their files (docs/account-deletion.md). */
async function purgeExpiredRecords(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: retained_records.id })
      .from(retained_records)
      .where(lte(retained_records.guardar_ate, now))
      .limit(ACCOUNTS_PER_RUN);
    if (expired.length === 0) return 0;
    const ids = expired.map((row) => row.id);
    const files = await tx
      .select({ file_key: retained_record_files.file_key })
      .from(retained_record_files)
      .where(inArray(retained_record_files.retained_record_id, ids));
    if (files.length > 0) {
      await tx
        .insert(storage_deletions)
        .values(files.map(({ file_key }) => ({ file_key, created_at: now })))
        .onConflictDoNothing();
    }
    await tx.delete(retained_records).where(inArray(retained_records.id, ids));
    return ids.length;
  });
}

/**
 * Deletes from `storage` the files queued in `storage_deletions`, each row removed only once the storage
 * confirmed (deleting a missing file succeeds: a retry after a crash is harmless). A file that fails stays
 * queued for the next run. Answers how many were deleted.
 */
export async function flushStorageDeletions(db: Db, storage: Storage, log: JobLog): Promise<number> {
  const queued = await db
    .select({ file_key: storage_deletions.file_key })
    .from(storage_deletions)
    .orderBy(asc(storage_deletions.created_at), asc(storage_deletions.file_key))
    .limit(FILES_PER_RUN);
  let deleted = 0;
  for (const { file_key } of queued) {
    try {
      await storage.delete(file_key);
      await db.delete(storage_deletions).where(eq(storage_deletions.file_key, file_key));
      deleted += 1;
    } catch (error) {
      log.warn({ err: error }, 'erasure: a stored file could not be deleted; retried at the next run');
    }
  }
  return deleted;
}
