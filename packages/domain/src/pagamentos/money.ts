/**
 * Money, coupons and billing periods (docs/payments-and-admin.md "Prices";
 * issue 8). Every amount is an integer number of centavos: the server
 * computes each price from these functions and never takes one from a
 * client.
 */

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * `1990` centavos → 'R$ 19,90' (pt-BR; the space after R$ is a no-break
 * space, so the amount never wraps away from its symbol). Throws a
 * RangeError for a value that is not a whole number of centavos.
 */
export function formatCentavos(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`not a whole number of centavos: ${centavos}`);
  return brl.format(centavos / 100);
}

/**
 * The price after a coupon of `desconto` percent (1–100, whole): the
 * discount is rounded to the nearest centavo, half up
 * (docs/payments-and-admin.md "Coupons"), and the price never goes below 0.
 * `aplicarCupom(1990, 10)` → 1791; `aplicarCupom(1990, 15)` → 1691
 * (298,5 centavos of discount round to 299); `aplicarCupom(1990, 100)` → 0.
 * Throws a RangeError for a negative or fractional price or a percent
 * outside 0–100.
 */
export function aplicarCupom(centavos: number, desconto: number): number {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`bad price: ${centavos}`);
  if (!Number.isInteger(desconto) || desconto < 0 || desconto > 100)
    throw new RangeError(`bad percent: ${desconto}`);
  return Math.max(0, centavos - Math.round((centavos * desconto) / 100));
}

/** A plan's billing period (docs/payments-and-admin.md "Plans": `periodo`): M monthly, A annual. */
export type PlanoPeriodo = 'M' | 'A';

/**
 * The label after a plan's price on /planos (docs/payments-and-admin.md
 * "Plan screens"): '/mês' or '/ano'.
 */
export function periodoSufixo(periodo: PlanoPeriodo): string {
  return periodo === 'M' ? '/mês' : '/ano';
}

/**
 * The end of a billing period that starts at `start`: one calendar month
 * (M) or twelve (A) later, at the same time of day (UTC), on the same day of
 * the month or, when that month is shorter, its last day — as card billing
 * does (31 Jan → 28/29 Feb; 29 Feb 2028 + 1 year → 28 Feb 2029).
 */
export function fimDoPeriodo(start: Date, periodo: PlanoPeriodo): Date {
  const months = periodo === 'M' ? 1 : 12;
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCDate(1);
  end.setUTCFullYear(y, m, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/**
 * What a plan change costs now (docs/payments-and-admin.md "Changing plan";
 * issue 8 "Change plan"). All in centavos.
 */
export interface Prorrateio {
  /** The unused part of the current period's price, credited. */
  credito: number;
  /** What is charged now: the new price less the credit, never below 0; 0 under {@link VALOR_MINIMO_CARTAO}. */
  cobranca: number;
  /** Credit the new price does not use (an annual plan changed for a monthly one), kept for the next charges. */
  saldo: number;
}

/**
 * The proration of a plan change at `now` (docs/payments-and-admin.md
 * "Changing plan": the new price is charged with the unused paid amount
 * credited): the credit is the current price times the unused share of
 * `[periodStart, periodEnd)`, rounded to the nearest centavo; the new plan
 * starts a full period at `now`. A `now` outside the period credits 0 (before
 * the start cannot happen; after the end nothing is left). Throws a
 * RangeError for a bad price or an empty period.
 */
export function prorrateio(input: {
  precoAtual: number;
  precoNovo: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): Prorrateio {
  const { precoAtual, precoNovo } = input;
  for (const p of [precoAtual, precoNovo]) {
    if (!Number.isSafeInteger(p) || p < 0) throw new RangeError(`bad price: ${p}`);
  }
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  if (!(total > 0)) throw new RangeError('empty billing period');
  const unused = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), total);
  const credito = Math.round((precoAtual * unused) / total);
  return {
    credito,
    cobranca: cobravel(Math.max(0, precoNovo - credito)),
    saldo: Math.max(0, credito - precoNovo),
  };
}

/**
 * The smallest card charge in centavos: Stripe's minimum for BRL (R$ 0,50).
 * A smaller amount cannot be charged to a card.
 */
export const VALOR_MINIMO_CARTAO = 50;

/**
 * What a card is charged for `centavos`: the amount itself, or 0 when it is
 * below {@link VALOR_MINIMO_CARTAO} (1–49 centavos are not charged: Pulso
 * forgoes them rather than refuse the purchase). `cobravel(49)` → 0,
 * `cobravel(50)` → 50. Throws a RangeError for a negative or fractional amount.
 */
export function cobravel(centavos: number): number {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`bad amount: ${centavos}`);
  return centavos < VALOR_MINIMO_CARTAO ? 0 : centavos;
}

/**
 * Paying `valor` centavos with a credit balance of `saldo` first
 * (docs/payments-and-admin.md "Changing plan": credit left by a plan change
 * pays the next charges): the balance used and what the card is charged
 * ({@link cobravel} of the rest).
 * `pagarComSaldo(790, 100)` → `{saldo_usado: 100, cobranca: 690}`;
 * `pagarComSaldo(790, 760)` → `{saldo_usado: 760, cobranca: 0}` (30 centavos forgone).
 */
export function pagarComSaldo(valor: number, saldo: number): { saldo_usado: number; cobranca: number } {
  for (const v of [valor, saldo]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`bad amount: ${v}`);
  }
  const saldoUsado = Math.min(saldo, valor);
  return { saldo_usado: saldoUsado, cobranca: cobravel(valor - saldoUsado) };
}
