import type { RegisterStep1Schema, RegisterStep2Schema } from '@pulso/domain';
import type { z } from 'zod';

/** Step 1 as typed: `telefone` keeps the mask `(00) 00000 0000`. */
export interface RegisterStep1Values {
  name: string;
  telefone: string;
}

/** Step 2 as typed. */
export interface RegisterStep2Values {
  email: string;
  password: string;
  password_confirmation: string;
  terms: boolean;
  newsletter: boolean;
}

/** Step 1 after `RegisterStep1Schema` (trimmed name, digits-only phone). */
export type RegisterStep1Output = z.output<typeof RegisterStep1Schema>;
/** Step 2 after `RegisterStep2Schema` (lower-cased e-mail, booleans). */
export type RegisterStep2Output = z.output<typeof RegisterStep2Schema>;

/** Fields of each step, to route the server's 422 errors to the right step. */
export const step1Fields = ['name', 'telefone'] as const;
export const step2Fields = ['email', 'password', 'password_confirmation', 'terms', 'newsletter'] as const;
