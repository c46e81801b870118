/** Filters of the session list: in progress (A), over (E, ET) or all of them. */
export const ATENDIMENTOS_FILTROS = ['ativos', 'encerrados', 'todos'] as const;
/** One filter of `GET /api/medico/atendimentos?status=`. */
export type AtendimentosFiltro = (typeof ATENDIMENTOS_FILTROS)[number];

/** The filter named in `?status=`, `ativos` when absent or unknown. */
export function parseFiltro(value: string | null): AtendimentosFiltro {
  return (ATENDIMENTOS_FILTROS as readonly string[]).includes(value ?? '')
    ? (value as AtendimentosFiltro)
    : 'ativos';
}
