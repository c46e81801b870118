import {
  ATENDIMENTO_STATUS,
  type AtendimentoStatus,
  type PagamentoAtendimento,
  TIME_ZONE,
} from '@pulso/domain';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A UTC instant as a Brazilian reads it: '22/11/2026 às 14:05' in America/Sao_Paulo
 * (docs/accounts.md "Dates and times").
 */
export function formatInstante(instant: string): string {
  const parts = dateTime.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} às ${part('hour')}:${part('minute')}`;
}

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
