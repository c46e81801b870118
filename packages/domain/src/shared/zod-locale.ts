import { z } from 'zod';

/**
 * Makes zod's own fallback messages (a body of the wrong type, an unknown
 * shape) pt-BR. Called once at start-up by the server; explicit messages of
 * the domain schemas are unaffected.
 */
export function setBrazilianZodMessages(): void {
  z.config(z.locales.ptBR());
}
