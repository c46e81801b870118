import { agoraEmSaoPaulo, EXPORTACAO_VALIDADE_MS, formatDateBR } from '@pulso/domain';
import type { AppContext } from '../../context.ts';
import type { JobLog } from '../../platform/jobs.ts';
import { exportacaoProntaMail } from '../../platform/mail-templates.ts';
import { addStoredFiles, readDados } from './exportacao.data.ts';
import { resumoPdf } from './exportacao.pdf.ts';
import {
  claimNext,
  expiredArchives,
  forgetArchive,
  markFailed,
  markReady,
  newArchiveKey,
} from './exportacao.service.ts';
import { ownerContact } from './exportacao.tables.ts';
import { openZipFile } from './exportacao.zip.ts';

/** How often the job looks for requests to make and ZIPs to delete (docs/data-export.md "The job"). */
export const EXPORTACAO_JOB_MS = 60_000;

/** At most this many ZIPs per run: a queue of large accounts never holds the scheduler for long. */
const PER_RUN = 5;

/**
 * Makes the ZIP of `userId` (docs/data-export.md "What the ZIP holds"): every stored file under
 * `arquivos/`, then `dados.json` (the rows, each file referred to by its path in the ZIP and its
 * SHA-256) and `resumo.pdf`. Answers the ZIP's bytes, or `null` when the account is gone.
 */
export async function buildArchive(ctx: AppContext, userId: number, now: Date): Promise<Buffer | null> {
  const dados = await readDados(ctx.database.db, userId, now);
  if (!dados) return null;
  const zip = await openZipFile(now);
  try {
    await addStoredFiles(dados, ctx.storage, zip);
    await zip.add('dados.json', Buffer.from(`${JSON.stringify(dados, null, 2)}\n`), true);
    await zip.add('resumo.pdf', await resumoPdf(dados), false);
    return await zip.finish();
  } catch (error) {
    await zip.discard();
    throw error;
  }
}

/** `dd/mm/aaaa às HH:mm` of `instant` in America/Sao_Paulo (the mail's "valid until"). */
function atSaoPaulo(instant: Date): string {
  const { data, hora } = agoraEmSaoPaulo(instant);
  return `${formatDateBR(data)} às ${hora}`;
}

/** A failure's code for `data_exports.error`: its name or code, never its message (it may hold data). */
function reasonOf(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown };
  return `${typeof e?.name === 'string' ? e.name : 'Error'}${typeof e?.code === 'string' ? `:${e.code}` : ''}`;
}

/**
 * One run of the export job (docs/data-export.md "The job"): claims pending requests one by one
 * (`claimNext`: never the same on two nodes), makes each ZIP into storage, marks it ready for 24 h
 * and mails its owner a link to /settings (a mail failure is logged; the ZIP stays ready). A failed
 * build marks the request `falhou`. Then deletes the ZIPs past their 24 hours. Answers how many were
 * made and removed.
 */
export async function runExportJob(ctx: AppContext, log: JobLog): Promise<{ made: number; removed: number }> {
  const { db } = ctx.database;
  let made = 0;
  for (let i = 0; i < PER_RUN; i++) {
    const claim = await claimNext(db);
    if (!claim?.ready_at) break;
    const now = new Date();
    let key: string | null = null;
    try {
      const bytes = await buildArchive(ctx, claim.user_id, now);
      if (!bytes) {
        await markFailed(db, claim.id, claim.ready_at, 'conta-inexistente');
        continue;
      }
      key = newArchiveKey();
      await ctx.storage.put(key, bytes);
      if (!(await markReady(db, claim.id, claim.ready_at, { key, bytes: bytes.length, readyAt: now }))) {
        await ctx.storage.delete(key);
        continue;
      }
      made += 1;
    } catch (error) {
      log.error({ err: { type: reasonOf(error) }, exportacao: claim.id }, 'data export failed');
      if (key) await ctx.storage.delete(key).catch(() => {});
      await markFailed(db, claim.id, claim.ready_at, reasonOf(error));
      continue;
    }
    await mailReady(ctx, log, claim.user_id, now);
  }
  return { made, removed: await removeExpired(ctx, log) };
}

/** Mails the owner that the ZIP is ready (no data in the mail, only where to download it). */
async function mailReady(ctx: AppContext, log: JobLog, userId: number, readyAt: Date): Promise<void> {
  try {
    const owner = await ownerContact(ctx.database.db, userId);
    if (!owner) return;
    await ctx.mailer.send(
      exportacaoProntaMail({
        to: owner.email,
        name: owner.name,
        validoAte: atSaoPaulo(new Date(readyAt.getTime() + EXPORTACAO_VALIDADE_MS)),
        link: `${ctx.config.publicOrigin}/settings`,
      }),
    );
  } catch (error) {
    log.warn({ err: { type: reasonOf(error) } }, 'data export mail failed');
  }
}

/** Deletes from storage every ZIP past its 24 hours, then forgets its key (docs/data-export.md "Download"). */
export async function removeExpired(ctx: AppContext, log: JobLog): Promise<number> {
  let removed = 0;
  for (const { id, key } of await expiredArchives(ctx.database.db)) {
    try {
      await ctx.storage.delete(key);
      await forgetArchive(ctx.database.db, id);
      removed += 1;
    } catch (error) {
      log.warn({ err: { type: reasonOf(error) }, exportacao: id }, 'expired data export not removed');
    }
  }
  return removed;
}

// Runs started by a request, per app: awaited on close and by tests.
const inFlight = new WeakMap<object, Promise<unknown>>();

/**
 * Starts a run of {@link runExportJob} at once, without making the request wait
 * (docs/data-export.md "The job": a small account is ready in seconds, not at the next tick). One
 * such run at a time per app (a second waits for the first); the scheduled job picks up whatever
 * they leave.
 */
export function startExportRun(ctx: AppContext, log: JobLog): void {
  const run: Promise<unknown> = (inFlight.get(ctx) ?? Promise.resolve())
    .then(() => runExportJob(ctx, log))
    .catch((error: unknown) => log.error({ err: { type: reasonOf(error) } }, 'data export run failed'))
    .finally(() => {
      if (inFlight.get(ctx) === run) inFlight.delete(ctx);
    });
  inFlight.set(ctx, run);
}

/** Resolves when the run {@link startExportRun} started for `ctx`, if any, has ended. */
export async function exportRunsIdle(ctx: AppContext): Promise<void> {
  while (inFlight.has(ctx)) await inFlight.get(ctx);
}
