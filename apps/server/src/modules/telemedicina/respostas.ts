import type { AtendimentoView } from '@pulso/domain';
import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { atendimentos } from '../../db/schema/index.ts';
import { loadAtendimentoViews } from './telemedicina.presenter.ts';

/**
 * The patient's side of their care requests (docs/api/telemedicina.md "The
 * patient's requests"): what they still wait for and the doctors' answers
 * they have not opened yet. An answer (accepted A, refused R) is unseen
 * from the moment the doctor gives it (`resposta_vista` false, set by
 * `aceitar`/`recusar`) until the patient opens the session or, for a
 * refusal, the doctor's profile where its reason is shown.
 */

/** At most this many requests in the /telemedicina alert (the newest). */
export const MINHAS_SOLICITACOES_LIMIT = 20;

const toHear = (userId: number) =>
  and(
    eq(atendimentos.user_id, userId),
    or(eq(atendimentos.status, 'P'), eq(atendimentos.resposta_vista, false)),
  );

/**
 * The patient's pending requests (P) and unseen answers (A, R, or a session
 * ended since), newest first, as they see them; at most
 * {@link MINHAS_SOLICITACOES_LIMIT}.
 */
export async function minhasSolicitacoes(db: Db, userId: number): Promise<AtendimentoView[]> {
  const rows = await db
    .select()
    .from(atendimentos)
    .where(toHear(userId))
    .orderBy(desc(atendimentos.updated_at), desc(atendimentos.id))
    .limit(MINHAS_SOLICITACOES_LIMIT);
  return loadAtendimentoViews(db, rows, userId);
}

/** How many doctors' answers the patient has not opened yet (the Telemedicina badge adds them). */
export async function unseenRespostas(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(atendimentos)
    .where(and(eq(atendimentos.user_id, userId), eq(atendimentos.resposta_vista, false)));
  return row?.n ?? 0;
}

/**
 * Marks answers seen by their patient: one session (`{atendimentoId}`, the
 * patient opened it) or the refusals of one doctor (`{medicoId}`, the
 * patient opened its profile). Answers whether any was unseen.
 */
export async function markRespostasSeen(
  db: Db,
  userId: number,
  which: { atendimentoId: number } | { medicoId: number },
): Promise<boolean> {
  const scope =
    'atendimentoId' in which
      ? eq(atendimentos.id, which.atendimentoId)
      : and(eq(atendimentos.medico_id, which.medicoId), eq(atendimentos.status, 'R'));
  const updated = await db
    .update(atendimentos)
    .set({ resposta_vista: true })
    .where(and(eq(atendimentos.user_id, userId), eq(atendimentos.resposta_vista, false), scope))
    .returning({ id: atendimentos.id });
  return updated.length > 0;
}
