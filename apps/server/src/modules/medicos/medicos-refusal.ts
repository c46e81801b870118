import { ADMIN_MEDICO_MESSAGES as M } from '@pulso/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cidades, especialidades, medico_crms, medicos, users } from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { HttpError } from '../../errors.ts';

/**
 * The checks a doctor's creation or edit passes (issue 6 `npm run
 * medico:create`, issue 9 "Doctors"), each refusing with a {@link MedicoRefused}.
 */

/**
 * Why a creation or an edit was refused, with what the CLI needs to word it
 * its own way: an e-mail with an account, the support doctor that exists,
 * a CRM of another doctor, unknown specialties, an unknown city.
 */
export type MedicoRefusal =
  | { kind: 'email'; email: string }
  | { kind: 'suporte'; email: string }
  | { kind: 'crm'; crm: { numero: string; uf: string } }
  | { kind: 'especialidades'; names: string[] }
  | { kind: 'cidade'; id: number };

/** A refused creation or edit: an {@link HttpError} (409 or 422 with a field) carrying the {@link MedicoRefusal}. */
export class MedicoRefused extends HttpError {
  constructor(readonly refusal: MedicoRefusal) {
    const [status, field, message] = ((): [number, string | null, string] => {
      switch (refusal.kind) {
        case 'email':
          return [409, null, M.emailTaken];
        case 'suporte':
          return [409, null, M.suporteExists];
        case 'crm':
          return [422, 'crms', `${M.crmTaken}: CRM/${refusal.crm.uf} ${refusal.crm.numero}`];
        case 'especialidades':
          return [422, 'especialidades', `${M.especialidadeUnknown}: ${refusal.names.join(', ')}`];
        case 'cidade':
          return [422, 'cidade_id', M.cidadeUnknown];
      }
    })();
    super(status, message, field ? { [field]: [message] } : undefined);
  }
}

/** The specialties by name, accents and case ignored; unknown names refuse. */
export async function specialtyIds(db: Db, names: string[]): Promise<{ id: number; nome: string }[]> {
  if (names.length === 0) return [];
  const all = await db.select({ id: especialidades.id, nome: especialidades.nome }).from(especialidades);
  const byKey = new Map(all.map((e) => [searchKey(e.nome), e]));
  const found: { id: number; nome: string }[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const hit = byKey.get(searchKey(name));
    if (!hit) unknown.push(name);
    else if (!found.includes(hit)) found.push(hit);
  }
  if (unknown.length > 0) throw new MedicoRefused({ kind: 'especialidades', names: unknown });
  return found;
}

/** 'Nome - UF' of an IBGE id (`null` for `null`); an unknown id refuses. */
export async function cidadeName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ nome: cidades.nome, uf: cidades.uf })
    .from(cidades)
    .where(eq(cidades.id, id))
    .limit(1);
  if (!row) throw new MedicoRefused({ kind: 'cidade', id });
  return `${row.nome} - ${row.uf}`;
}

/** Refuses CRMs that belong to a doctor other than `medicoId`. */
export async function assertCrmsFree(
  tx: Db,
  crms: { numero: string; uf: string }[],
  medicoId: number | null,
) {
  for (const crm of crms) {
    const [other] = await tx
      .select({ id: medico_crms.id })
      .from(medico_crms)
      .where(
        and(
          eq(medico_crms.numero, crm.numero),
          eq(medico_crms.uf, crm.uf),
          medicoId === null ? undefined : ne(medico_crms.medico_id, medicoId),
        ),
      )
      .limit(1);
    if (other) throw new MedicoRefused({ kind: 'crm', crm });
  }
}

/** The e-mail of the support pseudo-doctor other than `except`, serialising those who set it. */
export async function otherSuporte(tx: Db, except: number | null): Promise<string | null> {
  // One support pseudo-doctor (docs/telemedicine.md "Doctors"): two staff setting it at once queue here.
  await tx.execute(sql`select pg_advisory_xact_lock(91001)`);
  const [row] = await tx
    .select({ email: users.email })
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(and(eq(medicos.suporte, true), except === null ? undefined : ne(medicos.id, except)))
    .limit(1);
  return row?.email ?? null;
}
