/**
 * What modules/conteudo offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export { CONTENT_NOT_FOUND_MESSAGE } from './conteudo.service.ts';
export { getPaginaAdmin, updatePagina } from './conteudo-paginas.service.ts';
export {
  createScoreQuestion,
  listScoreAdmin,
  reorderScoreQuestions,
  updateScoreQuestion,
} from './conteudo-score.service.ts';
export {
  createDica,
  createFaq,
  deleteDica,
  deleteFaq,
  listDicasAdmin,
  listFaqsAdmin,
  reorderDicas,
  reorderFaqs,
  updateDica,
  updateFaq,
} from './conteudo-textos.service.ts';
