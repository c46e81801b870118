import {
  type CupomAdmin,
  type CupomAdminView,
  cupomSituacao,
  diaSaoPaulo,
  fimDoDiaSaoPaulo,
  type PlanoAdmin,
  type PlanoAdminView,
  PRECOS_MESSAGES,
} from '@pulso/domain';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { app_settings, coupons, planos, subscriptions } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import { ATENDIMENTO_VALOR_KEY, getAtendimentoValor } from '../pagamentos/index.ts';

/**
 * Plans, coupons and the single-consultation price of the admin area
 * (issue 9 "Content"). Amounts in centavos. Every change runs in one
 * transaction with its audit row: entidade 'conteudo', `entidade_id`
 * `plano:{id}`, `cupom:{id}` or `atendimento_valor`, only the changed fields.
 */

async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => work(trx));
}

/** The fields of `after` whose value differs from `before`, as `{antes, depois}`; `null` when nothing changed. */
function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { antes: Record<string, unknown>; depois: Record<string, unknown> } | null {
  const antes: Record<string, unknown> = {};
  const depois: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (before[key] !== value) {
      antes[key] = before[key] ?? null;
      depois[key] = value;
    }
  }
  return Object.keys(depois).length > 0 ? { antes, depois } : null;
}

// Written out: in a one-table select Drizzle leaves columns unqualified, which a correlated subquery cannot afford.
const activeSubscriptions = sql<number>`(select count(*) from "subscriptions" "s"
  where "s"."plano_id" = "planos"."id"
  and "s"."current_period_start" <= now() and "s"."current_period_end" > now())`.mapWith(Number);

const planoColumns = {
  id: planos.id,
  nome: planos.nome,
  preco: planos.preco,
  periodo: planos.periodo,
  tipo: planos.tipo,
  descricao: planos.descricao,
  stripe_plan: planos.stripe_plan,
  ativo: planos.ativo,
  assinaturas_ativas: activeSubscriptions,
};

type PlanoRow = Omit<PlanoAdminView, 'periodo'> & { periodo: string };
const toPlanoView = (row: PlanoRow): PlanoAdminView => ({ ...row, periodo: row.periodo === 'A' ? 'A' : 'M' });

/** Every plan, on sale or not (active first, then by price), with its subscriptions in their period now. */
export async function listPlanosAdmin(db: Db): Promise<PlanoAdminView[]> {
  const rows = await db
    .select(planoColumns)
    .from(planos)
    .orderBy(desc(planos.ativo), asc(planos.preco), asc(planos.id));
  return rows.map(toPlanoView);
}

async function planoById(db: Db, id: number): Promise<PlanoAdminView> {
  const [row] = await db.select(planoColumns).from(planos).where(eq(planos.id, id)).limit(1);
  if (!row) throw notFound(PRECOS_MESSAGES.planoNaoEncontrado);
  return toPlanoView(row);
}

/** 422 `stripe_plan` when another plan (not `exceptId`) already has this provider id: subscribing finds a plan by it. */
async function assertStripePlanFree(tx: Db, stripePlan: string, exceptId: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: planos.id })
    .from(planos)
    .where(
      exceptId === null
        ? eq(planos.stripe_plan, stripePlan)
        : and(eq(planos.stripe_plan, stripePlan), ne(planos.id, exceptId)),
    )
    .limit(1);
  if (taken) throw fieldError('stripe_plan', PRECOS_MESSAGES.stripePlanEmUso);
}

/**
 * Creates a plan (docs/payments-and-admin.md "Plans") and audits
 * `plano.criar`. Errors: 422 `stripe_plan`
 * {@link PRECOS_MESSAGES.stripePlanEmUso}.
 */
export async function createPlano(db: Db, actor: AuditActor, input: PlanoAdmin): Promise<PlanoAdminView> {
  const id = await inTransaction(db, async (tx) => {
    await assertStripePlanFree(tx, input.stripe_plan, null);
    const [row] = await tx.insert(planos).values(input).returning({ id: planos.id });
    if (!row) throw new Error('plan insert returned no row');
    await audit(tx, actor, {
      acao: 'plano.criar',
      entidade: 'conteudo',
      entidade_id: `plano:${row.id}`,
      depois: input,
    });
    return row.id;
  });
  return planoById(db, id);
}

/**
 * Replaces a plan's fields and audits `plano.editar` with the changed ones.
 * A new price applies to purchases and renewals from now on: payments
 * already made and the current periods of subscriptions stay as they are.
 * A plan with subscriptions in their period keeps its `periodo` (their
 * billing depends on it). Deactivating takes it off sale (`GET /api/planos`).
 * Errors: 404 {@link PRECOS_MESSAGES.planoNaoEncontrado}; 422 `stripe_plan`
 * in use, `periodo` {@link PRECOS_MESSAGES.periodoComAssinantes}.
 */
export async function editPlano(
  db: Db,
  actor: AuditActor,
  id: number,
  input: PlanoAdmin,
): Promise<PlanoAdminView> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(planos).where(eq(planos.id, id)).limit(1).for('update');
    if (!before) throw notFound(PRECOS_MESSAGES.planoNaoEncontrado);
    await assertStripePlanFree(tx, input.stripe_plan, id);
    if (before.periodo !== input.periodo) {
      const [subs] = await tx
        .select({ n: count() })
        .from(subscriptions)
        .where(and(eq(subscriptions.plano_id, id), sql`${subscriptions.current_period_end} > now()`));
      if ((subs?.n ?? 0) > 0) throw fieldError('periodo', PRECOS_MESSAGES.periodoComAssinantes);
    }
    const diff = changes(before, input);
    if (!diff) return;
    await tx.update(planos).set(input).where(eq(planos.id, id));
    await audit(tx, actor, {
      acao: 'plano.editar',
      entidade: 'conteudo',
      entidade_id: `plano:${id}`,
      ...diff,
    });
  });
  return planoById(db, id);
}

type CupomRow = typeof coupons.$inferSelect;

function toCupomView(row: CupomRow, now: Date): CupomAdminView {
  return {
    id: row.id,
    nome: row.nome,
    desconto: row.desconto,
    valido_ate: row.valido_ate ? diaSaoPaulo(row.valido_ate) : null,
    limite_usos: row.limite_usos,
    usos: row.usos,
    ativo: row.ativo,
    situacao: cupomSituacao(row, now),
  };
}

/** Every coupon, newest first, with its uses and its situation at `now`. */
export async function listCupons(db: Db, now: Date = new Date()): Promise<CupomAdminView[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.id));
  return rows.map((r) => toCupomView(r, now));
}

/** The stored columns of a coupon form: `valido_ate` the end of that day in São Paulo. */
function cupomValues(input: CupomAdmin) {
  return {
    nome: input.nome,
    desconto: input.desconto,
    valido_ate: input.valido_ate === null ? null : fimDoDiaSaoPaulo(input.valido_ate),
    limite_usos: input.limite_usos,
    ativo: input.ativo,
  };
}

async function assertCupomNomeFree(tx: Db, nome: string, exceptId: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(exceptId === null ? eq(coupons.nome, nome) : and(eq(coupons.nome, nome), ne(coupons.id, exceptId)))
    .limit(1);
  if (taken) throw fieldError('nome', PRECOS_MESSAGES.cupomNomeEmUso);
}

/** Creates a coupon and audits `cupom.criar`. Errors: 422 `nome` {@link PRECOS_MESSAGES.cupomNomeEmUso}. */
export async function createCupom(db: Db, actor: AuditActor, input: CupomAdmin): Promise<CupomAdminView> {
  return inTransaction(db, async (tx) => {
    await assertCupomNomeFree(tx, input.nome, null);
    const [row] = await tx.insert(coupons).values(cupomValues(input)).returning();
    if (!row) throw new Error('coupon insert returned no row');
    await audit(tx, actor, {
      acao: 'cupom.criar',
      entidade: 'conteudo',
      entidade_id: `cupom:${row.id}`,
      depois: input,
    });
    return toCupomView(row, new Date());
  });
}

/**
 * Replaces a coupon's fields (its uses are kept) and audits `cupom.editar`
 * with the changed ones; the checkout (`GET /api/qrcode/coupon/{coupon}`,
 * `PUT /api/qrcode/purchase`) reads the new values at once. Orders already
 * made keep the percent they had. Errors: 404
 * {@link PRECOS_MESSAGES.cupomNaoEncontrado}; 422 `nome` in use.
 */
export async function editCupom(
  db: Db,
  actor: AuditActor,
  id: number,
  input: CupomAdmin,
): Promise<CupomAdminView> {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).limit(1).for('update');
    if (!before) throw notFound(PRECOS_MESSAGES.cupomNaoEncontrado);
    await assertCupomNomeFree(tx, input.nome, id);
    const diff = changes({ ...toCupomView(before, new Date()) }, input);
    const [row] = await tx.update(coupons).set(cupomValues(input)).where(eq(coupons.id, id)).returning();
    if (!row) throw notFound(PRECOS_MESSAGES.cupomNaoEncontrado);
    if (diff)
      await audit(tx, actor, {
        acao: 'cupom.editar',
        entidade: 'conteudo',
        entidade_id: `cupom:${id}`,
        ...diff,
      });
    return toCupomView(row, new Date());
  });
}

/**
 * Sets the single-consultation price (`app_settings.atendimento_valor`,
 * centavos) for purchases from now on, and audits `atendimento_valor.editar`.
 */
export async function setAtendimentoValor(db: Db, actor: AuditActor, valor: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    const before = await getAtendimentoValor(tx);
    await tx
      .insert(app_settings)
      .values({ chave: ATENDIMENTO_VALOR_KEY, valor })
      .onConflictDoUpdate({ target: app_settings.chave, set: { valor, updated_at: new Date() } });
    if (before !== valor) {
      await audit(tx, actor, {
        acao: 'atendimento_valor.editar',
        entidade: 'conteudo',
        entidade_id: ATENDIMENTO_VALOR_KEY,
        antes: { atendimento_valor: before },
        depois: { atendimento_valor: valor },
      });
    }
    return valor;
  });
}
