/** Query keys of the admin area (issue 9); `all` is forgotten on sign-in and sign-out. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  painel: ['admin', 'painel'] as const,
  auditoria: (filtro: { entidade?: string }) => ['admin', 'auditoria', filtro] as const,
};
