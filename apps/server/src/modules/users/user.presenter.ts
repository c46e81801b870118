import type { HospitalarView, PublicEmergencyView, SaudeView, UserView } from '@pulso/domain';
import { ageOn, todayInSaoPaulo, trialEndsAt } from '@pulso/domain';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cidades, companies, creditos, planos, subscriptions, users } from '../../db/schema/index.ts';

/**
 * A `users` row without its password hash, joined with its city, as selected
 * by {@link selectUserRow}. The hash leaves the database only where a
 * password is checked (auth.service.ts, settings.service.ts).
 */
export type UserRow = Omit<typeof users.$inferSelect, 'password_hash'> & {
  cidade_nome: string | null;
  cidade_uf: string | null;
};

/** The columns of a {@link UserRow}: every `users` column but `password_hash`, plus the city's name and UF. */
export const userRowColumns = (() => {
  const { password_hash: _hash, ...columns } = getTableColumns(users);
  return { ...columns, cidade_nome: cidades.nome, cidade_uf: cidades.uf };
})();

/**
 * The columns a view through the code reads ({@link toPublicEmergencyView},
 * {@link healthSections}, `adicional`, the permissions): never the e-mail,
 * the company or the account's dates (nor the password hash, which no
 * {@link UserRow} holds).
 */
export const publicRowColumns = (() => {
  const {
    email: _email,
    email_verified_at: _verified,
    newsletter: _newsletter,
    terms_accepted_at: _terms,
    empresarial: _empresarial,
    company_id: _company,
    is_active: _active,
    closed_at: _closed,
    created_at: _created,
    ...columns
  } = userRowColumns;
  return columns;
})();

/** A row of {@link publicRowColumns}. */
export type PublicUserRow = Pick<UserRow, keyof typeof publicRowColumns>;

/**
 * A {@link UserRow} with what {@link toUserView} adds: its company's `active`
 * flag (`null` without a company), the plan of its active subscription
 * (`plano_tipo`/`plano_periodo`, `null` without one) and whether it holds an
 * unused single-session credit.
 */
export type UserViewRow = UserRow & {
  company_active: boolean | null;
  plano_tipo: number | null;
  plano_periodo: string | null;
  has_credit: boolean;
};

/**
 * The user's active subscription (docs/payments-and-admin.md "Plans"): `now()`
 * inside `[current_period_start, current_period_end)`; a cancelled one
 * (`ends_at` set) stays active until its period ends. The latest-ending one
 * when several.
 */
function activePlanoColumn(column: typeof planos.tipo | typeof planos.periodo) {
  return sql`(select ${column} from ${subscriptions}
    inner join ${planos} on ${planos.id} = ${subscriptions.plano_id}
    where ${subscriptions.user_id} = ${users.id}
      and ${subscriptions.current_period_start} <= now() and ${subscriptions.current_period_end} > now()
    order by ${subscriptions.current_period_end} desc, ${subscriptions.id} desc limit 1)`;
}

/** The columns {@link toUserView} needs besides {@link userRowColumns}. */
export const userViewExtraColumns = {
  company_active: companies.active,
  plano_tipo: activePlanoColumn(planos.tipo).mapWith(Number) as SQL<number | null>,
  plano_periodo: activePlanoColumn(planos.periodo) as SQL<string | null>,
  has_credit: sql<boolean>`exists (select 1 from ${creditos}
    where ${creditos.user_id} = ${users.id} and ${creditos.used_at} is null)`,
};

/**
 * Loads a user with the city name, the company link, the active plan and the
 * credit flag, by id or by canonical code; `null` when absent.
 */
export async function selectUserRow(
  db: Db,
  by: { id: number } | { code: string },
): Promise<UserViewRow | null> {
  const where = 'id' in by ? eq(users.id, by.id) : eq(users.code, by.code);
  const [row] = await db
    .select({ ...userRowColumns, ...userViewExtraColumns })
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

function sections(row: PublicUserRow) {
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
 * The signed-in user's view (`UserView`,
 * docs/accounts.md "The signed-in user"). `trialEnded` is computed now. `plano`
 * is `{type: planos.tipo, periodo}` of the active subscription (see
 * {@link selectUserRow}), `null` without one; `hasCredit` whether an unused
 * single-session credit exists (issue 6; both feed `isLocked` and the
 * telemedicine payment). `empresarial` lasts as long as the company link
 * (docs/accounts.md "Corporate accounts"): linked to a company that is still
 * active. The stored `users.empresarial` only records that the account came
 * from an invitation.
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
    plano:
      row.plano_tipo !== null && (row.plano_periodo === 'M' || row.plano_periodo === 'A')
        ? { type: row.plano_tipo, periodo: row.plano_periodo }
        : null,
    hasCredit: row.has_credit,
    ...sections(row),
    outras: { doador: row.doador as 'S' | 'N' | null, adicional: row.adicional },
  };
}

/**
 * The emergency view anyone with the code may read (docs/authorization.md
 * "Who sees what through the code"): the street address (`endereco`,
 * `bairro`, `complemento`) only with `endereco`, the city always. The
 * allergies strip (`alerta`) is the caller's to add.
 */
export function toPublicEmergencyView(
  row: PublicUserRow,
  { endereco }: { endereco: boolean },
  today: string = todayInSaoPaulo(),
): PublicEmergencyView {
  const { pessoal, caracteristicas, geral } = sections(row);
  const { endereco: rua, bairro, complemento, ...cidade } = geral;
  return {
    name: row.name,
    code: row.code,
    avatar: avatarUrl(row.avatar),
    idade: row.nascimento ? ageOn(row.nascimento, today) : null,
    pessoal,
    caracteristicas,
    geral: endereco ? geral : cidade,
    outras: { doador: row.doador as 'S' | 'N' | null },
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * My Health's `saude` and `hospitalar` of a row: answered to the owner
 * (/saude) and, through the code, only to viewers the patient's permissions
 * admit (docs/authorization.md "Who sees what through the code").
 */
export function healthSections(row: PublicUserRow): { saude: SaudeView; hospitalar: HospitalarView } {
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
