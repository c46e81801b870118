import {
  ADMIN_PROFISSIONAIS_PAGE_SIZE,
  type AdminProfissional,
  INT4_MAX,
  ADMIN_PROFISSIONAL_MESSAGES as M,
  type ProfissionalReview,
  type ProfissionalStatus,
  type ProfissionalTipo,
} from '@pulso/domain';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profissionais, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import { signedDocumentoUrl } from './profissional.service.ts';

/**
 * Staff review of emergency professionals' credentials (issue 9
 * "Emergency professionals"): pending first, the document photo through
 * the same short-lived signed URL its owner gets (never a public file),
 * verified or rejected with a reason; only verified ones count for level 3
 * of the public view (`countsForLevel3`). Audited (entidade `profissional`).
 */

const columns = {
  id: profissionais.id,
  tipo: profissionais.tipo,
  numero: profissionais.numero,
  status: profissionais.status,
  motivo_rejeicao: profissionais.motivo_rejeicao,
  documento: profissionais.documento,
  created_at: profissionais.created_at,
  reviewed_at: profissionais.reviewed_at,
  user_id: users.id,
  name: users.name,
  email: users.email,
};

type Row = {
  id: number;
  tipo: string;
  numero: string;
  status: string;
  motivo_rejeicao: string | null;
  documento: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  user_id: number;
  name: string;
  email: string;
};

function toView(r: Row, signer: UrlSigner, now: number): AdminProfissional {
  return {
    id: r.id,
    user: { id: r.user_id, name: r.name, email: r.email },
    tipo: r.tipo as ProfissionalTipo,
    numero: r.numero,
    status: r.status as ProfissionalStatus,
    motivo_rejeicao: r.motivo_rejeicao,
    documento: r.documento ? signedDocumentoUrl(signer, r.id, now) : null,
    created_at: r.created_at.toISOString(),
    reviewed_at: r.reviewed_at ? r.reviewed_at.toISOString() : null,
  };
}

/** Pending first, then verified, then rejected. */
const statusOrder = sql`case ${profissionais.status} when 'pendente' then 0 when 'verificado' then 1 else 2 end`;

/**
 * `GET /api/admin/profissionais`: credentials with `status` when given,
 * else all with the pending ones first (oldest first among them, so the
 * longest wait is on top; the reviewed ones newest first),
 * {@link ADMIN_PROFISSIONAIS_PAGE_SIZE} from `offset`; each `documento` a
 * signed URL valid 15–16 minutes from `now` (Unix seconds).
 */
export async function listProfissionais(
  db: Db,
  signer: UrlSigner,
  filter: { status?: ProfissionalStatus; offset: number },
  now: number = Math.floor(Date.now() / 1000),
): Promise<{ profissionais: AdminProfissional[]; next: number | null }> {
  const where: SQL | undefined = filter.status ? eq(profissionais.status, filter.status) : undefined;
  const rows = await db
    .select(columns)
    .from(profissionais)
    .innerJoin(users, eq(users.id, profissionais.user_id))
    .where(where)
    .orderBy(
      asc(statusOrder),
      sql`case when ${profissionais.status} = 'pendente' then ${profissionais.id} else -${profissionais.id} end`,
      desc(profissionais.id),
    )
    .limit(ADMIN_PROFISSIONAIS_PAGE_SIZE + 1)
    .offset(filter.offset);
  const page = rows.slice(0, ADMIN_PROFISSIONAIS_PAGE_SIZE);
  return {
    profissionais: page.map((r) => toView(r, signer, now)),
    next: rows.length > ADMIN_PROFISSIONAIS_PAGE_SIZE ? filter.offset + ADMIN_PROFISSIONAIS_PAGE_SIZE : null,
  };
}

/**
 * `PUT /api/admin/profissionais/:id`: marks the credential `verificado`
 * (clearing any earlier reason) or `rejeitado` with `motivo`, sets
 * `reviewed_at`; audited `profissional.verificar` / `profissional.rejeitar`
 * with the changed fields. Errors: 404 {@link M.notFound}.
 */
export async function reviewProfissional(
  db: Db,
  signer: UrlSigner,
  actor: AuditActor,
  id: number,
  input: ProfissionalReview,
): Promise<AdminProfissional> {
  if (id > INT4_MAX) throw notFound(M.notFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: profissionais.status, motivo_rejeicao: profissionais.motivo_rejeicao })
      .from(profissionais)
      .where(eq(profissionais.id, id))
      .for('update')
      .limit(1);
    if (!row) throw notFound(M.notFound);
    if (row.status === input.status && row.motivo_rejeicao === input.motivo) return;
    await tx
      .update(profissionais)
      .set({ status: input.status, motivo_rejeicao: input.motivo, reviewed_at: new Date() })
      .where(eq(profissionais.id, id));
    await audit(tx, actor, {
      acao: input.status === 'verificado' ? 'profissional.verificar' : 'profissional.rejeitar',
      entidade: 'profissional',
      entidade_id: id,
      antes: { status: row.status, motivo_rejeicao: row.motivo_rejeicao },
      depois: { status: input.status, motivo_rejeicao: input.motivo },
    });
  });
  const [row] = await db
    .select(columns)
    .from(profissionais)
    .innerJoin(users, eq(users.id, profissionais.user_id))
    .where(eq(profissionais.id, id))
    .limit(1);
  if (!row) throw notFound(M.notFound);
  return toView(row, signer, Math.floor(Date.now() / 1000));
}
