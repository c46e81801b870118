import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  atendimentos,
  medico_crms,
  medicos,
  mensagens,
  retained_record_files,
  retained_records,
  timeline_anexos,
  timeline_items,
  users,
} from '../../db/schema/index.ts';

/** Years a doctor's record is kept from its last entry (docs/account-deletion.md "What is kept and why"). */
export const RECORD_RETENTION_YEARS = 20;

/** Care-session states in which a consultation took place (docs/telemedicine.md "Request states"). */
const CONSULTED = ['A', 'E', 'ET'];

/** The doctors of `ids`: name and CRMs (`numero/UF`), as the record names them. */
async function doctorsOf(tx: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { nome: string; crms: string[] }>();
  const rows = await tx
    .select({ id: medicos.id, nome: users.name, numero: medico_crms.numero, uf: medico_crms.uf })
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .leftJoin(medico_crms, eq(medico_crms.medico_id, medicos.id))
    .where(inArray(medicos.id, ids));
  const doctors = new Map<number, { nome: string; crms: string[] }>();
  for (const row of rows) {
    const doctor = doctors.get(row.id) ?? { nome: row.nome, crms: [] };
    if (row.numero && row.uf) doctor.crms.push(`${row.numero}/${row.uf}`);
    doctors.set(row.id, doctor);
  }
  return doctors;
}

/**
 * Copies, inside the erasure's transaction `tx`, what doctors wrote about patient `userId` into
 * `retained_records` (docs/account-deletion.md "What is kept and why"): every care session with a real doctor
 * (not the support pseudo-doctor) in which a consultation took place — the doctor, its dates and the doctor's
 * own messages (text, and the files by storage key) — and every timeline record a doctor account added, with
 * its attachments; with the patient's identification (name, date of birth, sex). The patient's own messages,
 * the request's reason and everything else are not copied. Answers the storage keys the copy keeps (so the
 * caller does not delete them), or none when there was nothing a doctor wrote (then no row is written).
 */
export async function retainDoctorRecords(tx: Db, userId: number, now: Date): Promise<Set<string>> {
  const sessions = await tx
    .select({
      id: atendimentos.id,
      medico_id: atendimentos.medico_id,
      status: atendimentos.status,
      created_at: atendimentos.created_at,
      accepted_at: atendimentos.accepted_at,
      ended_at: atendimentos.ended_at,
    })
    .from(atendimentos)
    .innerJoin(medicos, eq(medicos.id, atendimentos.medico_id))
    .where(
      and(
        eq(atendimentos.user_id, userId),
        eq(medicos.suporte, false),
        inArray(atendimentos.status, CONSULTED),
      ),
    )
    .orderBy(asc(atendimentos.id));
  const messages =
    sessions.length === 0
      ? []
      : await tx
          .select({
            atendimento_id: mensagens.atendimento_id,
            type: mensagens.type,
            content: mensagens.content,
            file_key: mensagens.file_key,
            file_mime: mensagens.file_mime,
            created_at: mensagens.created_at,
          })
          .from(mensagens)
          .where(
            and(
              inArray(
                mensagens.atendimento_id,
                sessions.map((s) => s.id),
              ),
              eq(mensagens.from, 'M'),
            ),
          )
          .orderBy(asc(mensagens.id));
  const items = await tx
    .select({
      id: timeline_items.id,
      tipo: timeline_items.tipo,
      data: timeline_items.data,
      descricao: timeline_items.descricao,
      valor: timeline_items.valor,
      medico_id: timeline_items.medico_id,
      medico_name: timeline_items.medico_name,
      atendimento_id: timeline_items.atendimento_id,
      created_at: timeline_items.created_at,
      updated_at: timeline_items.updated_at,
    })
    .from(timeline_items)
    .where(and(eq(timeline_items.user_id, userId), eq(timeline_items.created_by, 'M')))
    .orderBy(asc(timeline_items.id));
  if (sessions.length === 0 && items.length === 0) return new Set();
  const anexos =
    items.length === 0
      ? []
      : await tx
          .select({
            timeline_item_id: timeline_anexos.timeline_item_id,
            path: timeline_anexos.path,
            name: timeline_anexos.name,
            mime: timeline_anexos.mime,
            size: timeline_anexos.size,
          })
          .from(timeline_anexos)
          .where(
            inArray(
              timeline_anexos.timeline_item_id,
              items.map((i) => i.id),
            ),
          );
  const doctors = await doctorsOf(tx, [
    ...new Set([...sessions.map((s) => s.medico_id), ...items.flatMap((i) => i.medico_id ?? [])]),
  ]);
  const registros = {
    atendimentos: sessions.map((s) => ({
      medico: { id: s.medico_id, ...doctors.get(s.medico_id) },
      status: s.status,
      created_at: s.created_at,
      accepted_at: s.accepted_at,
      ended_at: s.ended_at,
      mensagens_do_medico: messages
        .filter((m) => m.atendimento_id === s.id)
        .map(({ atendimento_id: _, ...m }) => m),
    })),
    linha_do_tempo: items.map(({ id, ...item }) => ({
      ...item,
      medico: item.medico_id === null ? null : { id: item.medico_id, ...doctors.get(item.medico_id) },
      anexos: anexos.filter((a) => a.timeline_item_id === id).map(({ timeline_item_id: _, ...a }) => a),
    })),
  };
  const instants = [
    ...sessions.flatMap((s) => [s.created_at, s.accepted_at, s.ended_at]),
    ...messages.map((m) => m.created_at),
    ...items.map((i) => i.updated_at),
  ].filter((d): d is Date => d !== null);
  const last = new Date(Math.max(...instants.map((d) => d.getTime())));
  const keep = new Date(last);
  keep.setUTCFullYear(keep.getUTCFullYear() + RECORD_RETENTION_YEARS);
  const [who] = await tx
    .select({ nome: users.name, nascimento: users.nascimento, sexo: users.sexo })
    .from(users)
    .where(eq(users.id, userId));
  if (!who) throw new Error('retainDoctorRecords: the account is gone');
  const [record] = await tx
    .insert(retained_records)
    .values({ ...who, registros, ultimo_registro_em: last, guardar_ate: keep, excluido_em: now })
    .returning({ id: retained_records.id });
  const files = new Set([...messages.flatMap((m) => m.file_key ?? []), ...anexos.map((a) => a.path)]);
  if (record && files.size > 0) {
    await tx
      .insert(retained_record_files)
      .values([...files].map((file_key) => ({ file_key, retained_record_id: record.id })));
  }
  return files;
}
