import { z } from 'zod';
import { UserViewSchema } from '../users/user.ts';
import { GlicoseViewSchema } from './glicose.ts';
import { ImcViewSchema } from './imc.ts';
import { OxigenacaoViewSchema } from './oxigenacao.ts';
import { PressaoViewSchema } from './pressao.ts';

/**
 * The recent readings `GET /api/home` carries
 * (docs/api/indicadores-score-profissional.md "Indicators": the user with pressao,
 * indice_massa_corporal, oxigenacao, glicose, caracteristicas): the
 * newest `HOME_INDICADORES_RECENTES` of each indicator, latest first
 * (date, then time, descending).
 */
export const HomeIndicadoresSchema = z.object({
  pressao: z.array(PressaoViewSchema),
  indice_massa_corporal: z.array(ImcViewSchema),
  oxigenacao: z.array(OxigenacaoViewSchema),
  glicose: z.array(GlicoseViewSchema),
});
export type HomeIndicadores = z.infer<typeof HomeIndicadoresSchema>;

/** `GET /api/home`'s user: the `UserView` (with `caracteristicas`) and the recent readings. */
export const HomeUserViewSchema = UserViewSchema.extend(HomeIndicadoresSchema.shape);
export type HomeUserView = z.infer<typeof HomeUserViewSchema>;
