import { RELACAO, SANGUE, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cidades,
  doencas,
  glicoses,
  imcs,
  oxigenacoes,
  pressoes,
  user_doencas,
  users,
} from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import { buildIps } from './ips.ts';
import type { Reading } from './ips-resources.ts';

/** A reading's date and time as written (São Paulo, UTC−3 all year since 2019) as an ISO instant with its offset. */
const instant = (data: string, time: string) => `${data}T${time}:00-03:00`;

/** The newest reading of one indicator table, or nothing. */
async function last<T extends typeof pressoes | typeof imcs | typeof oxigenacoes | typeof glicoses>(
  db: Db,
  table: T,
  userId: number,
) {
  const rows = await db
    .select()
    .from(table as typeof pressoes)
    .where(eq(table.user_id, userId))
    .orderBy(desc(table.data_afericao), desc(table.time_afericao), desc(table.id))
    .limit(1);
  return rows[0] as T['$inferSelect'] | undefined;
}

/**
 * The signed-in patient's International Patient Summary (`GET /api/fhir/ips`, docs/fhir-ips.md): their
 * emergency data, My Health and the last reading of each indicator, as a FHIR `document` Bundle. 401 when the
 * account behind the session is gone.
 */
export async function patientSummary(db: Db, userId: number, now = new Date()) {
  const [row] = await db
    .select({
      name: users.name,
      nascimento: users.nascimento,
      sexo: users.sexo,
      sus: users.sus,
      telefone: users.telefone,
      cidade_nome: cidades.nome,
      cidade_uf: cidades.uf,
      contato: users.contato,
      contato_telefone: users.contato_telefone,
      contato_relacao: users.contato_relacao,
      sangue: users.sangue,
      updated_at: users.updated_at,
      alergias: users.alergias,
      medicamentos: users.medicamentos,
      problemas: users.problemas,
    })
    .from(users)
    .leftJoin(cidades, eq(cidades.id, users.cidade_id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  const [checked, pressao, imc, oxigenacao, glicose] = await Promise.all([
    db
      .select({ nome: doencas.nome })
      .from(user_doencas)
      .innerJoin(doencas, eq(doencas.id, user_doencas.doenca_id))
      .where(eq(user_doencas.user_id, userId))
      .orderBy(asc(doencas.nome)),
    last(db, pressoes, userId),
    last(db, imcs, userId),
    last(db, oxigenacoes, userId),
    last(db, glicoses, userId),
  ]);
  const readings: Reading[] = [];
  if (pressao)
    readings.push({
      kind: 'pressao',
      at: instant(pressao.data_afericao, pressao.time_afericao),
      sis: pressao.sis,
      dia: pressao.dia,
    });
  if (imc) {
    const at = instant(imc.data_afericao, imc.time_afericao);
    readings.push({ kind: 'peso', at, peso: imc.peso }, { kind: 'imc', at, imc: imc.imc });
  }
  if (oxigenacao) {
    const at = instant(oxigenacao.data_afericao, oxigenacao.time_afericao);
    readings.push(
      { kind: 'saturacao', at, saturacao: oxigenacao.saturacao },
      { kind: 'bpm', at, bpm: oxigenacao.bpm },
    );
  }
  if (glicose)
    readings.push({
      kind: 'glicose',
      at: instant(glicose.data_afericao, glicose.time_afericao),
      value: glicose.value,
    });
  const relacao = row.contato_relacao as keyof typeof RELACAO | null;
  return buildIps(
    {
      patient: {
        name: row.name,
        nascimento: row.nascimento,
        sexo: row.sexo,
        sus: row.sus,
        telefone: row.telefone,
        cidade: row.cidade_nome && row.cidade_uf ? { nome: row.cidade_nome, uf: row.cidade_uf } : null,
        contato: row.contato,
        contato_telefone: row.contato_telefone,
        contato_relacao: relacao ? (RELACAO[relacao] ?? null) : null,
      },
      sangue: row.sangue ? (SANGUE[row.sangue as keyof typeof SANGUE] ?? null) : null,
      updatedAt: row.updated_at.toISOString(),
      alergias: row.alergias,
      medicamentos: row.medicamentos,
      doencas: checked.map((doenca) => doenca.nome),
      problemas: row.problemas,
      readings,
    },
    now,
  );
}
