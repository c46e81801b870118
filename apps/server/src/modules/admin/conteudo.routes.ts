import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conteudoPaginasRoutes } from './conteudo-paginas.routes.ts';
import { conteudoScoreRoutes } from './conteudo-score.routes.ts';
import { conteudoTextosRoutes } from './conteudo-textos.routes.ts';

/**
 * The content editor of the admin area (issue 9 "Content"), admin only
 * (capability `conteudo`: 401 guest, 403 patient/doctor 'Esta conta não é
 * da equipe do Pulso.', 403 support 'Seu perfil de suporte não permite esta
 * ação.'). Bodies are the domain's schemas (packages/domain
 * admin/conteudo.ts): 422 `{message, errors}` with pt-BR messages. Every
 * change is audited (entidade `conteudo`).
 *
 * - FAQs `/api/admin/conteudo/faqs` and tips `/api/admin/conteudo/dicas`
 *   ({@link conteudoTextosRoutes});
 * - legal pages `/api/admin/conteudo/paginas/:slug` ({@link conteudoPaginasRoutes});
 * - score questionnaires `/api/admin/conteudo/score` ({@link conteudoScoreRoutes}).
 */
export const conteudoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(conteudoTextosRoutes);
  await app.register(conteudoPaginasRoutes);
  await app.register(conteudoScoreRoutes);
};
