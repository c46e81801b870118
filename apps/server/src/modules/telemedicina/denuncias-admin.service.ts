import {
  type AdminDenuncia,
  DENUNCIAS_PAGE_SIZE,
  type DenunciaStatus,
  type DenunciaUpdate,
  INT4_MAX,
  DENUNCIA_MESSAGES as M,
} from '@pulso/domain';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { denuncias, medicos, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

import { type AuditActor, audit } from '../../platform/audit.ts';

/**
 * Reports patients filed against doctors (issue 9 "Reports";
 * `POST /api/denunciar/medico/:id`), as staff read and handle them: a
 * status and a note, every change audited (entidade `denuncia`).
 */

const medicoUser = alias(users, 'medico_user');

const columns = {
  id: denuncias.id,
  motivo: denuncias.motivo,
  status: denuncias.status,
  nota: denuncias.nota,
  created_at: denuncias.created_at,
  updated_at: denuncias.updated_at,
  paciente_id: users.id,
  paciente_name: users.name,
  paciente_email: users.email,
  medico_id: medicos.id,
  medico_name: medicoUser.name,
};

function select(db: Db) {
  return db
    .select(columns)
    .from(denuncias)
    .innerJoin(users, eq(users.id, denuncias.user_id))
    .innerJoin(medicos, eq(medicos.id, denuncias.medico_id))
    .innerJoin(medicoUser, eq(medicoUser.id, medicos.user_id));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toView(r: Row): AdminDenuncia {
  return {
    id: r.id,
    paciente: { id: r.paciente_id, name: r.paciente_name, email: r.paciente_email },
    medico: { id: r.medico_id, name: r.medico_name },
    motivo: r.motivo,
    status: r.status as DenunciaStatus,
    nota: r.nota,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/**
 * `GET /api/admin/denuncias`: reports newest first, filtered by `status`
 * when given, {@link DENUNCIAS_PAGE_SIZE} at a time older than `before` (an
 * id); `next` is the `before` of the next page, `null` at the end.
 */
export async function listDenuncias(
  db: Db,
  filter: { status?: DenunciaStatus; before?: number },
): Promise<{ denuncias: AdminDenuncia[]; next: number | null }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(denuncias.status, filter.status));
  if (filter.before) where.push(lt(denuncias.id, filter.before));
  const rows = await select(db)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(denuncias.id))
    .limit(DENUNCIAS_PAGE_SIZE + 1);
  const page = rows.slice(0, DENUNCIAS_PAGE_SIZE);
  return {
    denuncias: page.map(toView),
    next: rows.length > DENUNCIAS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * `PUT /api/admin/denuncias/:id`: sets the status and the note; audited
 * `denuncia.atualizar` with the changed fields (nothing is recorded when
 * nothing changed). Errors: 404 {@link M.notFound}.
 */
export async function updateDenuncia(
  db: Db,
  actor: AuditActor,
  id: number,
  input: DenunciaUpdate,
): Promise<AdminDenuncia> {
  if (id > INT4_MAX) throw notFound(M.notFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: denuncias.status, nota: denuncias.nota })
      .from(denuncias)
      .where(eq(denuncias.id, id))
      .for('update')
      .limit(1);
    if (!row) throw notFound(M.notFound);
    const antes: Record<string, unknown> = {};
    const depois: Record<string, unknown> = {};
    if (row.status !== input.status) {
      antes.status = row.status;
      depois.status = input.status;
    }
    if (row.nota !== input.nota) {
      antes.nota = row.nota;
      depois.nota = input.nota;
    }
    if (Object.keys(depois).length === 0) return;
    await tx
      .update(denuncias)
      .set({ status: input.status, nota: input.nota, updated_at: new Date() })
      .where(eq(denuncias.id, id));
    await audit(tx, actor, {
      acao: 'denuncia.atualizar',
      entidade: 'denuncia',
      entidade_id: id,
      antes,
      depois,
    });
  });
  const [row] = await select(db).where(eq(denuncias.id, id)).limit(1);
  if (!row) throw notFound(M.notFound);
  return toView(row);
}
