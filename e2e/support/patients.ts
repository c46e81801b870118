/**
 * Patients the journeys need before the server starts, made by
 * `create-patients.ts`: accounts whose free month ended (created two months
 * ago), which only the database can make. Each journey that changes one has
 * its own, so the order the journeys run in does not matter.
 */
export interface E2ePatient {
  name: string;
  email: string;
  password: string;
}

export const PATIENTS = {
  /** Past the free month, no plan: subscribes in planos.spec.ts. */
  expiradaAssina: {
    name: 'Mariana Teles',
    email: 'mariana.expirada@e2e.pulso.local',
    password: 'Senha-forte-123',
  },
  /** Past the free month, no plan: finds the indicators locked in indicadores.spec.ts. */
  expiradaIndicadores: {
    name: 'Rita Campos',
    email: 'rita.expirada@e2e.pulso.local',
    password: 'Senha-forte-123',
  },
} as const satisfies Record<string, E2ePatient>;
