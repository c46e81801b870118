import { type AdminMedicoDetail, ADMIN_MEDICO_MESSAGES as M, type MedicoEdit } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { medicos, users } from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { fieldError } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import { getMedico } from './medicos-admin-query.service.ts';
import { writeLists } from './medicos-create.service.ts';
import { assertCrmsFree, cidadeName, type MedicoRefused, specialtyIds } from './medicos-refusal.ts';

/** The editable fields of a doctor as the audit log records them. */
function editable(d: AdminMedicoDetail) {
  return {
    name: d.name,
    crms: d.crms.map((c) => `${c.numero}/${c.uf}`),
    especialidades: d.especialidades,
    cidade_id: d.cidade_id,
    clinicas: d.clinicas,
  };
}

/** Only the fields whose value changed, before and after. */
function diff(antes: Record<string, unknown>, depois: Record<string, unknown>) {
  const a: Record<string, unknown> = {};
  const d: Record<string, unknown> = {};
  for (const key of Object.keys(depois)) {
    if (JSON.stringify(antes[key]) !== JSON.stringify(depois[key])) {
      a[key] = antes[key];
      d[key] = depois[key];
    }
  }
  return { antes: a, depois: d };
}

/**
 * `PUT /api/admin/medicos/:id` (issue 9 "Doctors"): replaces the name, CRMs,
 * specialties, city and clinics in one transaction with its audit row. A
 * doctor other than the support pseudo-doctor keeps at least one CRM.
 * Audited `medico.editar` (entidade `medico`) with the changed fields.
 * Errors: 404; 422 `crms` {@link M.crmRequired}; {@link MedicoRefused} (CRM, specialty, city).
 */
export async function editMedico(
  db: Db,
  actor: AuditActor,
  id: number,
  input: MedicoEdit,
): Promise<AdminMedicoDetail> {
  const before = await getMedico(db, id);
  if (input.crms.length === 0 && !before.suporte) throw fieldError('crms', M.crmRequired);
  await db.transaction(async (tx) => {
    await assertCrmsFree(tx, input.crms, id);
    await cidadeName(tx, input.cidade_id);
    const specialties = await specialtyIds(tx, input.especialidades);
    await tx.update(users).set({ name: input.name }).where(eq(users.id, before.user_id));
    await tx
      .update(medicos)
      .set({ busca: searchKey(input.name), cidade_id: input.cidade_id, updated_at: new Date() })
      .where(eq(medicos.id, id));
    await writeLists(tx, id, input, specialties);
    const after = editable({
      ...before,
      name: input.name,
      crms: input.crms,
      especialidades: specialties.map((s) => s.nome).sort((a, b) => a.localeCompare(b, 'pt-BR')),
      cidade_id: input.cidade_id,
      clinicas: [...input.clinicas].sort((a, b) => a.localeCompare(b)),
    });
    const changed = diff(
      editable({ ...before, clinicas: [...before.clinicas].sort((a, b) => a.localeCompare(b)) }),
      after,
    );
    if (Object.keys(changed.depois).length > 0) {
      await audit(tx, actor, { acao: 'medico.editar', entidade: 'medico', entidade_id: id, ...changed });
    }
  });
  return getMedico(db, id);
}
