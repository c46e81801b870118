import { PAGAMENTO_MESSAGES as M } from '@pulso/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAGAMENTO_RETOMADA_PADRAO_MS } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import { type CardInfo, PaymentError } from '../../platform/payments.ts';
import { isUniqueViolation } from '../telemedicina/index.ts';
import { type Compra, grantCompra } from './compras.ts';
import { ensureCustomer, type PaymentDeps } from './customers.service.ts';
import { findPayment, type PaymentRow, type PaymentTipo, paymentKey, staleSql } from './payments.read.ts';

/**
 * Charging a card once (issue 8 "Payment providers": every charge carries an
 * idempotency key and is recorded; a double click or a retry charges once).
 * The modules decide what to charge and call {@link chargeOnce}; it keeps
 * the `payments` row, talks to the provider and answers what happened.
 * The provider customer: customers.service.ts; the recorded payments and
 * their keys: payments.read.ts.
 */

/**
 * Default of how long a `pendente` attempt is left to its request before the
 * same key may take it over (ms): longer than any provider call with its
 * retries. The setting is `PAGAMENTO_RETOMADA_SEGUNDOS` ({@link ChargeDeps.retomadaMs}).
 */
export const PENDENTE_RETOMADA_MS = PAGAMENTO_RETOMADA_PADRAO_MS;

/** What {@link chargeOnce} needs: the payment deps and the takeover window. */
export interface ChargeDeps extends PaymentDeps {
  /**
   * How long (ms) a `pendente` attempt is left to its request before a
   * request with the same key takes it over (`config.pagamentoRetomadaMs`,
   * `PAGAMENTO_RETOMADA_SEGUNDOS`; docs/operations-and-faults.md).
   */
  retomadaMs: number;
}

/** The charge deps of the app: its database, provider and `config.pagamentoRetomadaMs`. */
export function chargeDeps(ctx: AppContext): ChargeDeps {
  return { db: ctx.database.db, payments: ctx.payments, retomadaMs: ctx.config.pagamentoRetomadaMs };
}

/** One charge to make. */
export interface ChargeRequest {
  userId: number;
  tipo: PaymentTipo;
  /**
   * Centavos, ≥ 0: computed by the server, never read from a client. 0 (a
   * price covered by the user's credit balance) is recorded as paid without
   * asking the provider.
   */
  valor: number;
  descricao: string;
  paymentMethodId: string;
  /**
   * The caller's key for this purchase (the `Idempotency-Key` header, or one
   * derived from what is bought); scoped here by user and `tipo`.
   */
  idempotencyKey: string;
  /**
   * Collects the payment otherwise than by one charge of `paymentMethodId`
   * (a Stripe Billing subscription's invoice, `modules/planos`): called
   * instead of the charge, also when `valor` is 0 (the provider applies its
   * own credit balance), with the stored key for the provider's idempotency;
   * answers the provider's id and what it really charged (centavos), which
   * the payment records. Throws {@link PaymentError} when refused.
   */
  collect?: (key: string) => Promise<{ providerId: string; valor: number; card?: CardInfo }>;
  /**
   * What a one-off purchase buys, stored with the payment before the charge;
   * without an `onPaid`, granting it is what paying does (see `compras.ts`).
   */
  compra?: Compra;
}

/** The outcome of {@link chargeOnce}: the recorded payment and the card, and whether it was paid before. */
export interface ChargeResult {
  payment: PaymentRow;
  card: CardInfo | null;
  /** True when this key had already paid: nothing was charged now. */
  replay: boolean;
}

/**
 * Gives up the user's plan charge left `pendente` for longer than
 * `retomadaMs` (its request died, and its key was never
 * retried): it becomes `recusado` with {@link M.interrompido}, so it no
 * longer holds the one-plan-charge-in-flight index. Nothing was granted for
 * it; in stripe mode a Stripe invoice it did pay still completes it by
 * webhook (`modules/planos/billing-events.ts`). Answers whether one was given up.
 */
async function releaseStalePlanCharge(db: Db, userId: number, retomadaMs: number): Promise<boolean> {
  const released = await db
    .update(payments)
    .set({ status: 'recusado', falha: M.interrompido, updated_at: sql`now()` })
    .where(
      and(
        eq(payments.user_id, userId),
        eq(payments.status, 'pendente'),
        inArray(payments.tipo, ['assinatura', 'troca_plano', 'renovacao']),
        staleSql(retomadaMs),
      ),
    )
    .returning({ id: payments.id });
  return released.length > 0;
}

const grantOf = (userId: number, compra: Compra) => (tx: Db) => grantCompra(tx, userId, compra);

/** 402 with the provider's own message (issue 8: "provider errors shown as the provider's message"). */
export function paymentRefused(message: string): HttpError {
  return new HttpError(402, message);
}

/**
 * Charges `valor` centavos once per (user, `tipo`, key). The first request
 * records a `pendente` payment, attaches the card to the user's customer,
 * charges it with the key and records `pago` or `recusado`. A request with a
 * key seen before charges nothing: a paid one answers that payment
 * (`replay`), a refused one the same refusal, one still in flight 409
 * {@link M.emAndamento}. An attempt left `pendente` without an answer (the
 * provider unreachable: at once; a process that died: after
 * `deps.retomadaMs`, decided in SQL on the database's clock) is taken over
 * by the next request with its key and charged again under that key, which
 * the provider deduplicates, for the amount and description it was recorded
 * with, granting what it recorded (`compra`) — docs/operations-and-faults.md
 * "The charge takeover window".
 *
 * `onPaid` (by default: granting `request.compra`) runs in the transaction
 * that marks the payment `pago` and returns the id of what was bought
 * (`referencia_id`): the good is granted exactly when the payment is
 * recorded as paid, once — the row is locked first, and one the webhook
 * already granted is answered as it stands.
 *
 * Errors: 402 with the provider's message when the card is refused; 409
 * while the same key is in flight, or another plan charge of the user is
 * (one `pendente` assinatura / troca_plano / renovacao per user; one left
 * without an answer beyond `deps.retomadaMs` is given up). A provider
 * failure that is not a refusal (network) leaves the payment `pendente`,
 * retryable with its key, and is rethrown.
 */
export async function chargeOnce(
  deps: ChargeDeps,
  request: ChargeRequest,
  onPaid?: (tx: Db) => Promise<number | null>,
): Promise<ChargeResult> {
  if (!Number.isSafeInteger(request.valor) || request.valor < 0) throw new RangeError('bad amount');
  const key = paymentKey(request.userId, request.tipo, request.idempotencyKey);
  const insert = () =>
    deps.db
      .insert(payments)
      .values({
        user_id: request.userId,
        provider: deps.payments.mode,
        tipo: request.tipo,
        descricao: request.descricao,
        valor: request.valor,
        idempotency_key: key,
        compra: request.compra ?? null,
      })
      .onConflictDoNothing({ target: payments.idempotency_key })
      .returning();
  const [inserted] = await insert().catch(async (error: unknown) => {
    // Another plan charge of this user is in flight (payments_plano_pendente_unique): wait for it,
    // unless it was left without an answer long ago; then it is given up and this one goes ahead.
    if (!isUniqueViolation(error)) throw error;
    if (!(await releaseStalePlanCharge(deps.db, request.userId, deps.retomadaMs)))
      throw new HttpError(409, M.emAndamento);
    return insert().catch((again: unknown) => {
      if (isUniqueViolation(again)) throw new HttpError(409, M.emAndamento);
      throw again;
    });
  });
  let attempt = inserted;
  if (!attempt) {
    const earlier = await findPayment(deps.db, key, deps.retomadaMs);
    if (!earlier) throw new Error('payment vanished');
    // A `pendente` attempt that failed without an answer, or whose process died, is taken over and
    // charged again under the same key: the provider answers the first charge if it happened.
    // Staleness is decided in SQL, on the database's clock (docs/operations-and-faults.md).
    const [claimed] = earlier.retomavel
      ? await deps.db
          .update(payments)
          .set({ updated_at: sql`now()` })
          .where(
            and(
              eq(payments.id, earlier.payment.id),
              eq(payments.status, 'pendente'),
              staleSql(deps.retomadaMs),
            ),
          )
          .returning()
      : [];
    if (!claimed) {
      // Still in flight, or another request has just taken it over or finished it: say which.
      const now = earlier.retomavel
        ? (await findPayment(deps.db, key, deps.retomadaMs))?.payment
        : earlier.payment;
      if (now?.status === 'pago') return { payment: now, card: null, replay: true };
      if (now?.status === 'recusado') throw paymentRefused(now.falha ?? M.indisponivel);
      throw new HttpError(409, M.emAndamento);
    }
    attempt = claimed;
  }
  const current = attempt;

  const refuse = async (error: PaymentError) => {
    await deps.db
      .update(payments)
      .set({ status: 'recusado', falha: error.message, updated_at: sql`now()` })
      .where(and(eq(payments.id, current.id), eq(payments.status, 'pendente')));
    return paymentRefused(error.message);
  };
  // A taken-over attempt is charged as it was recorded (amount, description, what it buys), not as
  // this request would price it now: the provider sees the same charge under the same key.
  let card: CardInfo | null = null;
  let providerId: string | null = null;
  let valor = current.valor;
  try {
    if (request.collect) {
      const collected = await request.collect(key);
      ({ providerId, valor } = collected);
      card = collected.card ?? null;
    } else if (current.valor > 0) {
      const customerId = await ensureCustomer(deps, request.userId);
      card = await deps.payments.attachPaymentMethod(customerId, request.paymentMethodId);
      ({ id: providerId } = await deps.payments.charge({
        customerId,
        paymentMethodId: request.paymentMethodId,
        amount: current.valor,
        description: current.descricao,
        idempotencyKey: key,
      }));
    }
  } catch (error) {
    if (error instanceof PaymentError) throw await refuse(error);
    // No answer (network, provider down): the same key may be retried at once.
    await deps.db
      .update(payments)
      .set({ updated_at: new Date(0) })
      .where(and(eq(payments.id, current.id), eq(payments.status, 'pendente')));
    throw error;
  }
  const compra = (current.compra as Compra | null) ?? request.compra;
  const grant = onPaid ?? (compra ? grantOf(request.userId, compra) : null);
  if (!grant) throw new Error('chargeOnce needs onPaid or compra');
  const payment = await deps.db.transaction(async (tx) => {
    // The webhook may have granted it meanwhile (payment_intent.succeeded): the row decides, locked.
    const [locked] = await tx.select().from(payments).where(eq(payments.id, current.id)).for('update');
    if (locked?.status === 'pago') return locked;
    const referencia = await grant(tx);
    const [paid] = await tx
      .update(payments)
      .set({
        status: 'pago',
        valor,
        provider_payment_id: providerId,
        referencia_id: referencia,
        updated_at: sql`now()`,
      })
      .where(eq(payments.id, current.id))
      .returning();
    if (!paid) throw new Error('payment vanished');
    return paid;
  });
  return { payment, card, replay: false };
}
