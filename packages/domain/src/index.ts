import { z } from 'zod';

// Zod's own fallback messages (wrong body type, unknown shapes) in pt-BR, on both sides.
z.config(z.locales.ptBR());

export * from './auth/schemas.ts';
export * from './code/code.ts';
export * from './profile/index.ts';
export * from './shared/dates.ts';
export * from './shared/decimal.ts';
export * from './shared/errors.ts';
export * from './shared/mask.ts';
export * from './shared/phone.ts';
export * from './shared/zod-helpers.ts';
