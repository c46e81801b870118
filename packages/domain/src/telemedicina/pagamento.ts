/**
 * What pays for a care request (docs/telemedicine.md "Requests and payment"): a plan's monthly quota, the
 * choice between support, pass, plan and credit, and what a request will use, said before it is sent.
 */
import type { PagamentoAtendimento } from './telemedicina.ts';

/**
 * Sessions a plan of type 1 includes (docs/telemedicine.md "What pays, in
 * order"): one per month for a monthly plan, 12 per year for an annual one,
 * counted inside the subscription's current billing period. Other plan types
 * include none.
 */
export function planQuota(plano: { type: number; periodo: 'M' | 'A' } | null): number {
  if (plano?.type !== 1) return 0;
  return plano.periodo === 'M' ? 1 : 12;
}

/**
 * What pays for a new care request (docs/telemedicine.md "What pays, in
 * order"), in this order: the support pseudo-doctor needs nothing; a pass the
 * patient typed pays (and is checked, never skipped for another means); then
 * the plan's remaining quota; then an unused single-session credit. `null`:
 * nothing pays, refuse with `TELEMEDICINA_MESSAGES.noPayment`.
 */
export function choosePagamento(input: {
  suporte: boolean;
  pass: string | null;
  quotaLeft: number;
  hasCredit: boolean;
}): PagamentoAtendimento | null {
  if (input.suporte) return 'suporte';
  if (input.pass !== null) return 'pass';
  if (input.quotaLeft > 0) return 'plano';
  if (input.hasCredit) return 'credito';
  return null;
}

/**
 * What a request to a doctor would use now, before the patient writes it
 * (docs/api/telemedicina.md "What a request will use"): `forma` in the order of
 * {@link choosePagamento} without a pass ('suporte', 'plano', 'credito', or
 * `null` when nothing pays); `plano_restantes` the sessions left in the
 * plan's current period; `creditos` the unused single-session credits.
 */
export interface PagamentoPrevisto {
  forma: Exclude<PagamentoAtendimento, 'pass'> | null;
  plano_restantes: number;
  creditos: number;
}

/** Builds {@link PagamentoPrevisto} from the counts the server read. */
export function pagamentoPrevisto(input: {
  suporte: boolean;
  quotaLeft: number;
  credits: number;
}): PagamentoPrevisto {
  const forma = choosePagamento({
    suporte: input.suporte,
    pass: null,
    quotaLeft: input.quotaLeft,
    hasCredit: input.credits > 0,
  });
  return {
    forma: forma === 'pass' ? null : forma,
    plano_restantes: input.quotaLeft,
    creditos: input.credits,
  };
}

/**
 * The sentence a doctor's profile shows beside the request button, and the
 * request dialog above the reason: what the request will use, or what is
 * missing (then the profile offers the single-session purchase and the
 * plans; a doctor's pass still works). `null` for the support pseudo-doctor,
 * which needs nothing.
 */
export function pagamentoPrevistoText(previsto: PagamentoPrevisto): string | null {
  const { forma, plano_restantes: left, creditos } = previsto;
  if (forma === 'suporte') return null;
  if (forma === 'plano') {
    return `Seu plano cobre este atendimento (${left === 1 ? 'resta 1 consulta' : `restam ${left} consultas`} no período).`;
  }
  if (forma === 'credito') {
    return `Este atendimento usará 1 dos seus atendimentos avulsos (${creditos === 1 ? 'você tem 1' : `você tem ${creditos}`}).`;
  }
  return 'Para solicitar, você precisa de um plano com consultas disponíveis, de um atendimento avulso ou de um passe deste médico.';
}
