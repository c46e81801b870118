/**
 * The status a queue's 'Situação' filter asks for: `filtro` when it is one
 * of `statuses`, else null (its 'Todos' / 'Todas' choice: every status).
 */
export function statusFilter<S extends string>(filtro: string, statuses: readonly S[]): S | null {
  return (statuses as readonly string[]).includes(filtro) ? (filtro as S) : null;
}
