import { ATENDIMENTO_STATUS, type AtendimentoStatus, type PagamentoAtendimento } from '@pulso/domain';

/**
 * How a request was paid, as the doctor reads it (docs/telemedicine.md "What
 * pays, in order"; `choosePagamento`): the doctor's own pass, the patient's
 * plan quota, a single session the patient bought, or nothing (support).
 */
export const PAGAMENTO_LABELS: Record<PagamentoAtendimento, string> = {
  pass: 'Passe do médico',
  plano: 'Plano do paciente',
  credito: 'Atendimento avulso',
  suporte: 'Suporte (sem custo)',
};

/** Session statuses from the doctor's side; P is waiting for *them*. */
export const STATUS_LABELS: Record<AtendimentoStatus, string> = {
  ...ATENDIMENTO_STATUS,
  P: 'Aguardando sua resposta',
};

/** '1 mensagem nova', '3 mensagens novas'. */
export function mensagensNovasText(count: number): string {
  return `${count} ${count === 1 ? 'mensagem nova' : 'mensagens novas'}`;
}
