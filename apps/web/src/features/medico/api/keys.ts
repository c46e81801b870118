import type { AtendimentosFiltro } from './atendimentos-filtro.ts';

/**
 * Query keys of the doctor area. Everything lives under `['medico-area']`
 * (one of `UNREAD_LIST_KEYS` in lib/unread.ts), so that one invalidation (a
 * realtime event, an answered request, a message read in the chat)
 * refreshes the summary, the requests and the session lists together.
 */
export const medicoKeys = {
  all: ['medico-area'] as const,
  me: ['medico-area', 'me'] as const,
  solicitacoes: ['medico-area', 'solicitacoes'] as const,
  atendimentos: (status: AtendimentosFiltro) => ['medico-area', 'atendimentos', status] as const,
  passes: ['medico-area', 'passes'] as const,
};

/**
 * How often the area's lists are read again while no realtime socket is
 * connected, in ms (the fallback of `atendimento.updated`).
 */
export const MEDICO_POLL_MS = 30_000;
