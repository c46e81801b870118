/**
 * The journeys' staff accounts (issue 9), made by `create-staff.ts` with the
 * `npm run admin:create` tool before the server starts.
 */
export interface E2eStaff {
  name: string;
  email: string;
  password: string;
  role: 'admin' | 'support';
}

export const STAFF = {
  admin: {
    name: 'Ana Administradora',
    email: 'admin@e2e.pulso.local',
    password: 'Senha-forte-123',
    role: 'admin',
  },
  suporte: {
    name: 'Sérgio Suporte',
    email: 'suporte.equipe@e2e.pulso.local',
    password: 'Senha-forte-123',
    role: 'support',
  },
} as const satisfies Record<string, E2eStaff>;
