import type { HospitalarView, PublicEmergencyView, SaudeView, UserView } from '@pulso/domain';
import { ageOn, todayInSaoPaulo } from '@pulso/domain';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cidades, companies, users } from '../../db/schema/index.ts';

/** One trial month from account creation (RULINGS.md "Trial"). */
export function trialEndsAt(createdAt: Date): Date {
  const end = new Date(createdAt);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** A `users` row joined with its city, as selected by {@link selectUserRow}. */
export type UserRow = typeof users.$inferSelect & { cidade_nome: string | null; cidade_uf: string | null };

/** The columns of a {@link UserRow}: every `users` column plus the city's name and UF. */
export const userRowColumns = { ...getTableColumns(users), cidade_nome: cidades.nome, cidade_uf: cidades.uf };

/** A {@link UserRow} with its company's `active` flag (`null` without a company), for {@link toUserView}. */
export type UserViewRow = UserRow & { company_active: boolean | null };

/** Loads a user with the city name and the company link, by id or by canonical code; `null` when absent. */
export async function selectUserRow(
  db: Db,
  by: { id: number } | { code: string },
): Promise<UserViewRow | null> {
  const where = 'id' in by ? eq(users.id, by.id) : eq(users.code, by.code);
  const [row] = await db
    .select({ ...userRowColumns, company_active: companies.active })
    .from(users)
    .leftJoin(cidades, eq(cidades.id, users.cidade_id))
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(where)
    .limit(1);
  return row ?? null;
}

/** Public URL of an avatar file key (a capability URL: the key is random). */
export function avatarUrl(key: string | null): string | null {
  return key ? `/api/avatars/${key}` : null;
}

function sections(row: UserRow) {
  return {
    pessoal: {
      telefone: row.telefone,
      contato: row.contato,
      contato_telefone: row.contato_telefone,
      contato_relacao: row.contato_relacao as UserView['pessoal']['contato_relacao'],
    },
    caracteristicas: {
      peso: row.peso,
      altura: row.altura,
      cor: row.cor,
      olhos: row.olhos,
      sinal: row.sinal,
    },
    geral: {
      nascimento: row.nascimento,
      sexo: row.sexo as UserView['geral']['sexo'],
      sangue: row.sangue,
      endereco: row.endereco,
      bairro: row.bairro,
      cidade:
        row.cidade_id && row.cidade_nome
          ? { id: row.cidade_id, descricao: `${row.cidade_nome} - ${row.cidade_uf}` }
          : null,
      complemento: row.complemento,
    },
  };
}

/**
 * The signed-in user's view (`UserView`, spec 1 §3). `trialEnded` is computed
 * now; plans and credits arrive with the plans issue and are absent until then.
 * `empresarial` lasts as long as the company link (RULINGS.md "Corporate
 * accounts"): linked to a company that is still active. The stored
 * `users.empresarial` only records that the account came from an invitation.
 */
export function toUserView(row: UserViewRow, now: Date = new Date()): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified_at: row.email_verified_at?.toISOString() ?? null,
    code: row.code,
    avatar: avatarUrl(row.avatar),
    updated_at: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
    newsletter: row.newsletter,
    empresarial: row.company_id !== null && row.company_active === true,
    trialEnded: now >= trialEndsAt(row.created_at),
    plano: null,
    hasCredit: false,
    ...sections(row),
    outras: { doador: row.doador as 'S' | 'N' | null, adicional: row.adicional },
  };
}

/** The emergency view anyone with the code may read (RULINGS.md "Who sees what"). */
export function toPublicEmergencyView(row: UserRow, today: string = todayInSaoPaulo()): PublicEmergencyView {
  return {
    name: row.name,
    code: row.code,
    avatar: avatarUrl(row.avatar),
    idade: row.nascimento ? ageOn(row.nascimento, today) : null,
    ...sections(row),
    outras: { doador: row.doador as 'S' | 'N' | null },
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * My Health's `saude` and `hospitalar` of a row: answered to the owner
 * (/saude) and, through the code, only to viewers the patient's permissions
 * admit (RULINGS.md "Who sees what").
 */
export function healthSections(row: UserRow): { saude: SaudeView; hospitalar: HospitalarView } {
  return {
    saude: {
      alergias: row.alergias,
      problemas: row.problemas,
      medicamentos: row.medicamentos,
      tratamento: row.tratamento,
      protese: row.protese,
      sus: row.sus,
    },
    hospitalar: {
      convenio_empresa: row.convenio_empresa,
      convenio_numero: row.convenio_numero,
      hospital: row.hospital,
      medico_id: row.medico_id,
      medico_name: row.medico_name,
      medico_crm: row.medico_crm,
      medico_especialidade: row.medico_especialidade,
    },
  };
}
