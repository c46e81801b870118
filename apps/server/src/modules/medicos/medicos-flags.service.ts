import { type AdminMedicoDetail, INT4_MAX, ADMIN_MEDICO_MESSAGES as M } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { medicos } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';

import { type AuditActor, audit } from '../../platform/audit.ts';
import { getMedico, iso } from './medicos-admin-query.service.ts';
import { otherSuporte } from './medicos-refusal.ts';

/** The state flags staff switch on a doctor. */
export type MedicoFlag = 'verificado' | 'suspenso' | 'suporte';

/**
 * `PUT /api/admin/medicos/:id/{verificacao|suspensao|suporte}` `{ativo}`
 * (issue 9 "Doctors"), in one transaction with its audit row (entidade `medico`):
 * - `verificado`: sets `verified_at` (staff checked the CRM number and UF
 *   with the council) or clears it; patients see 'Verificado';
 * - `suspenso`: sets `suspended_at` and the status offline, or clears it: a
 *   suspended doctor is not listed, cannot open /medico and counts as no
 *   doctor anywhere (docs/telemedicine.md "Doctors");
 * - `suporte`: makes the doctor the support pseudo-doctor (status 2
 *   disponível), refused with 409 {@link M.suporteExists} while another one
 *   is; or removes the mark.
 * A switch to the current value changes and records nothing. Audited
 * `medico.verificar` / `medico.desverificar`, `medico.suspender` /
 * `medico.reativar`, `medico.suporte`. Errors: 404.
 */
export async function setMedicoFlag(
  db: Db,
  actor: AuditActor,
  id: number,
  flag: MedicoFlag,
  ativo: boolean,
): Promise<AdminMedicoDetail> {
  if (id > INT4_MAX) throw notFound(M.notFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        verified_at: medicos.verified_at,
        suspended_at: medicos.suspended_at,
        suporte: medicos.suporte,
      })
      .from(medicos)
      .where(eq(medicos.id, id))
      .for('update')
      .limit(1);
    if (!row) throw notFound(M.notFound);
    const now = new Date();
    if (flag === 'verificado') {
      if ((row.verified_at !== null) === ativo) return;
      const verified_at = ativo ? now : null;
      await tx.update(medicos).set({ verified_at, updated_at: now }).where(eq(medicos.id, id));
      await audit(tx, actor, {
        acao: ativo ? 'medico.verificar' : 'medico.desverificar',
        entidade: 'medico',
        entidade_id: id,
        antes: { verified_at: iso(row.verified_at) },
        depois: { verified_at: iso(verified_at) },
      });
    } else if (flag === 'suspenso') {
      if ((row.suspended_at !== null) === ativo) return;
      const suspended_at = ativo ? now : null;
      await tx
        .update(medicos)
        .set({ suspended_at, ...(ativo ? { status: 0 } : {}), updated_at: now })
        .where(eq(medicos.id, id));
      await audit(tx, actor, {
        acao: ativo ? 'medico.suspender' : 'medico.reativar',
        entidade: 'medico',
        entidade_id: id,
        antes: { suspended_at: iso(row.suspended_at) },
        depois: { suspended_at: iso(suspended_at) },
      });
    } else {
      if (row.suporte === ativo) return;
      if (ativo && (await otherSuporte(tx, id))) throw new HttpError(409, M.suporteExists);
      await tx
        .update(medicos)
        .set({ suporte: ativo, ...(ativo ? { status: 2 } : {}), updated_at: now })
        .where(eq(medicos.id, id));
      await audit(tx, actor, {
        acao: 'medico.suporte',
        entidade: 'medico',
        entidade_id: id,
        antes: { suporte: row.suporte },
        depois: { suporte: ativo },
      });
    }
  });
  return getMedico(db, id);
}
